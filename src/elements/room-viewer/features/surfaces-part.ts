/**
 * `<room-viewer>`'s surfaces at work (features/surfaces.ts keeps the contract): the click that picks a
 * wall face, a floor or a ceiling, the change log's `surface` kind, what each changed surface is painted
 * with, `surface-select`. Made with the viewer's parts, after its first frame (after-frame.ts; issue 33,
 * the fifteenth round: about 0.8 KB gzip that the first frame never ran).
 */
import type { ReactiveControllerHost } from 'lit';
import type { SurfaceSelectDetail } from '../../../events/surface-select.js';
import type { SurfaceInput, SurfaceValue } from '../../../features/changes/surface-value.js';
import type { DescribedSurface } from '../../../features/selection/room-description.js';
import type { SurfaceQuantities } from '../../../features/quantities/surface-quantities.js';
import type { PlanGeometry } from '../../../model/types.js';
import type { SurfacePaint } from '../../../three/drawing.js';
import type { ViewerParts } from '../hooks.js';
import type { ViewerContext } from '../load.js';

/** What the part asks of its viewer (the mixin's closures over its protected members). */
export interface SurfacesHost {
  element: ReactiveControllerHost & HTMLElement;
  context(): ViewerContext | undefined;
  /** The task answers the visitor's own input on the element. */
  visitor(): boolean;
  /** Fires `surface-select` (cancelable); false when cancelled. */
  select(detail: SurfaceSelectDetail): boolean;
}

/** The drawing's paint for a value of the log. */
function paintOf(value: SurfaceValue | null, hexToSrgb: ViewerParts['hexToSrgb']): SurfacePaint | null {
  if (!value) return null;
  if ('color' in value) return { color: hexToSrgb(value.color) };
  return { texture: value.texture, tileSize: value.tileSize, rotation: value.rotation };
}

export class SurfacesPart {
  /** While `surface-select` of the visitor's click is dispatched. */
  #answeringPick = false;
  /** What each changed surface is painted with now (the log's values). */
  readonly paints = new Map<string, SurfaceValue>();
  #described?: { plan: PlanGeometry; list: DescribedSurface[] };

  constructor(
    private readonly host: SurfacesHost,
    private readonly parts: ViewerParts,
  ) {
    const { ChangeRefused, cssColour, hexToSrgb, surfaceValue } = parts;
    const element = host.element;
    // a click (not a drag) that starts on the canvas picks a surface
    new parts.HostClicks(element, {
      startsOn: (event) => {
        const target = event.composedPath()[0] as Element | undefined;
        return target?.localName === 'canvas' && target.getAttribute('part') === 'canvas';
      },
      clicked: (event) => this.#onClick(event),
    });
    parts.changeLogOf(element)?.register('surface', {
      validate: parts.surfaceValidator(() => host.context()?.plan, 'no room is drawn yet'),
      current: (target) => this.paints.get(target) ?? null,
      apply: async (target, value) => {
        const context = host.context();
        if (!context) throw new ChangeRefused('not-ready', 'no room is drawn yet');
        const paint = surfaceValue(value, cssColour);
        try {
          await context.drawing.setSurface(target, paintOf(paint, hexToSrgb));
        } catch (error) {
          const { name, message } = error as Error;
          if (name === 'RangeError') throw new ChangeRefused('unknown-target', message);
          if (name === 'TypeError') throw new ChangeRefused('bad-value', message);
          throw new ChangeRefused('load-failed', message);
        }
        if (paint) this.paints.set(target, paint);
        else this.paints.delete(target);
      },
    });
  }

  setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean> {
    const log = this.parts.changeLogOf(this.host.element);
    if (!log) return Promise.resolve(false);
    // the log keeps the checked value (a colour as #rrggbb, a texture's absolute URL); a bad one is refused there
    const after = this.parts.surfaceAfter(paint);
    // asked in the task of the visitor's own input on the element: the visitor's change
    const visitor = this.host.visitor() || this.#answeringPick;
    return log.make({ kind: 'surface', target: surface, after }, visitor ? 'user' : 'api');
  }

  get materials(): SurfaceQuantities | undefined {
    const plan = this.host.context()?.plan;
    return plan ? this.parts.surfaceQuantities(plan, this.paints) : undefined;
  }

  describedSurfaces(): readonly DescribedSurface[] {
    const plan = this.host.context()?.plan;
    if (plan !== this.#described?.plan) this.#described = plan && { plan, list: this.parts.surfacesOf(plan) };
    return this.#described?.list ?? [];
  }

  /** Fires `surface-select`; false when the room has no such surface or a listener cancelled it. */
  select(surface: string, source: SurfaceSelectDetail['source']): boolean {
    const plan = this.host.context()?.plan;
    if (!plan) return false;
    const ref = this.parts.findSurface(plan, surface);
    if (!ref) return false;
    const area = this.parts.areaOfSurface(plan, ref);
    const paint = this.paints.get(surface);
    return this.host.select({
      surface,
      material: (paint && { ...paint }) ?? this.parts.modelMaterialOf(plan, ref) ?? null,
      ...(area?.label ? { areaName: area.label } : {}),
      source,
    });
  }

  #onClick(event: PointerEvent): void {
    // measuring: a click places a point, it does not pick
    if ((this.host.element as { measure?: boolean }).measure) return;
    const context = this.host.context();
    const rect = this.host.element.shadowRoot?.querySelector('canvas[part=canvas]')?.getBoundingClientRect();
    if (!context || !rect?.width || !rect.height) return;
    const x = ((event.clientX - rect.left) / rect.width) * 2 - 1;
    const y = 1 - ((event.clientY - rect.top) / rect.height) * 2;
    context.drawing.pickRoomSurface(x, y).then(
      (surface) => {
        if (!surface || this.host.context() !== context) return;
        // the pick came back from the worker in a task of its own: what the page does while surface-select is
        // dispatched still answers the visitor's click
        this.#answeringPick = true;
        try {
          this.select(surface, 'pointer');
        } finally {
          this.#answeringPick = false;
        }
      },
      () => undefined,
    );
  }
}
