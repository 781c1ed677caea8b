/**
 * `<room-plan>`'s surfaces at work (features/surfaces.ts keeps the contract): the element's change log
 * with its surface applier, the painted floors and wall faces, the surface under a click, the room
 * description's surfaces. Made with the plan's parts, right after its first paint (after-paint.ts; issue
 * 33, the sixteenth round).
 *
 * The fills are a constructed style sheet of the element's shadow root (allowed under a strict CSP, as
 * inline styles would not be), so painted floors stay under the walls, openings and labels.
 */
import { nothing, svg, type ReactiveControllerHost } from 'lit';
import { attachChangeLog } from '../../../features/changes/changes-host.js';
import type { ChangeFailure, ChangeLog, RoomChange } from '../../../features/changes/change-log.js';
import { cssColour } from '../../../features/changes/css-colour.js';
import { findSurface, surfaceAfter, surfaceValidator } from '../../../features/changes/surface-change.js';
import {
  areaOfSurface,
  modelMaterialOf,
  sideOf,
  surfacesOf,
  surfaceValue,
  wallFaceEnds,
  type SurfaceInput,
  type SurfaceValue,
} from '../../../features/changes/surface-value.js';
import { HostClicks } from '../../../features/selection/host-clicks.js';
import type { DescribedSurface } from '../../../features/selection/room-description.js';
import { selectableComponents } from '../../../features/selection/component-selection.js';
import type { SurfaceSelectDetail } from '../../../events/surface-select.js';
import { pointInRing } from '../../../model/polygon.js';
import type { PlanGeometry, RoomModel, Vec2 } from '../../../model/types.js';
import type { PlanPartHost, PlanShown } from '../base.js';
import { itemFootprints, MAX_ITEMS } from '../drawing/items.js';
import { pointsOf } from '../drawing/svg.js';

/** Loads an image (a texture) to know it can be shown; rejects when it cannot. */
function loadImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`the texture ${url} could not be loaded`));
    image.src = url;
  });
}

/** What the part asks of its plan (the mixin's closures over its protected members). */
export interface PlanSurfacesHost extends PlanPartHost {
  element: ReactiveControllerHost & HTMLElement & { measure?: boolean };
  /** Whether the plan is put in far enough for the description's surfaces (base.ts, REVEAL). */
  listed(): boolean;
  /** The task answers the visitor's own input on the element. */
  visitor(): boolean;
  changed(change: RoomChange): void;
  refused(failure: ChangeFailure): void;
  /** Fires `surface-select` (cancelable); false when cancelled. */
  select(detail: SurfaceSelectDetail): boolean;
}

export class PlanSurfacesPart {
  readonly log: ChangeLog;
  /** The surfaces changed and what with (a new map after each change: quantities know it by its identity). */
  paints = new Map<string, SurfaceValue>();
  #patterns = new Map<string, number>();
  #nextPattern = 0;
  #sheet?: CSSStyleSheet;
  #described?: { plan: PlanGeometry; list: DescribedSurface[] };
  #plan?: PlanGeometry;
  #pieces?: { model: RoomModel; rings: Vec2[][] };

  constructor(private readonly host: PlanSurfacesHost) {
    const { element } = host;
    this.log = attachChangeLog(element, { changed: host.changed, refused: host.refused });
    // a click (not a drag) that starts in the viewport picks a surface
    new HostClicks(element, {
      startsOn: (event) => {
        const viewport = element.shadowRoot?.querySelector('[part~="viewport"]');
        return !!viewport && event.composedPath().includes(viewport);
      },
      clicked: (event) => this.#onClick(event),
    });
    this.log.register('surface', {
      validate: surfaceValidator(() => host.shown()?.plan, 'no plan is drawn yet'),
      current: (target) => this.paints.get(target) ?? null,
      apply: async (target, value) => {
        const paint = surfaceValue(value, cssColour);
        if (paint && 'texture' in paint) await loadImage(paint.texture);
        // a new map on each change: what reads it (quantities) knows it changed by its identity
        const paints = new Map(this.paints);
        if (paint) paints.set(target, paint);
        else paints.delete(target);
        this.paints = paints;
        this.#restyle();
        element.requestUpdate();
        await element.updateComplete;
      },
    });
  }

  setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean> {
    // the log keeps the checked value; a bad one is refused there with its reason
    return this.log.make(
      { kind: 'surface', target: surface, after: surfaceAfter(paint) },
      this.host.visitor() ? 'user' : 'api',
    );
  }

  /** The room description's surfaces. */
  described(): readonly DescribedSurface[] {
    // listed in the last stage of a freshly loaded plan, after its areas and furniture (base.ts, REVEAL)
    if (!this.host.listed()) return [];
    const plan = this.host.shown()?.plan;
    if (plan !== this.#described?.plan) this.#described = plan && { plan, list: surfacesOf(plan) };
    return this.#described?.list ?? [];
  }

  /** A surface's button in the description: `surface-select` (Enter or Space: `keyboard`). */
  activated(surface: string, event: MouseEvent): void {
    this.#select(surface, event.detail === 0 ? 'keyboard' : 'pointer');
  }

  /** A plan is drawn: another plan is drawn as its model has it, with a log of its own. */
  planReady(shown: PlanShown): void {
    if (shown.plan === this.#plan) return;
    this.#plan = shown.plan;
    this.log.clear();
    this.paints = new Map();
    this.#restyle();
    this.host.element.requestUpdate();
  }

  /** The painted wall faces (strips along them) and the textures' patterns. */
  layers(shown: PlanShown): unknown[] {
    if (!this.paints.size) return [];
    const fill = (surface: string, paint: SurfaceValue) =>
      'color' in paint ? paint.color : `url(#${this.#patternId(surface)})`;
    const strips = [...this.paints].flatMap(([surface, paint]) => {
      const ref = findSurface(shown.plan, surface);
      if (ref?.kind !== 'wall') return [];
      const wall = shown.plan.walls.find((w) => w.name === ref.id)!;
      const [a, b] = wallFaceEnds(wall, ref.side);
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const sign = ref.side === 'left' ? 1 : -1;
      // inwards from the face, a third of the wall's thickness (at most 6 cm)
      const w = Math.min(wall.thickness * 0.35, 6);
      const n: Vec2 = [((sign * (b[1] - a[1])) / length) * w, ((sign * -(b[0] - a[0])) / length) * w];
      const ring: Vec2[] = [a, b, [b[0] + n[0], b[1] + n[1]], [a[0] + n[0], a[1] + n[1]]];
      return [
        svg`<polygon part="surface-paint" class="surface-paint" data-surface=${surface} fill=${fill(surface, paint)}
          points=${pointsOf(ring)}></polygon>`,
      ];
    });
    const patterns = [...this.paints].flatMap(([surface, paint]) =>
      'texture' in paint
        ? [
            svg`<pattern id=${this.#patternId(surface)} patternUnits="userSpaceOnUse" width=${paint.tileSize}
              height=${paint.tileSize} patternTransform=${`scale(1 -1) rotate(${paint.rotation})`}>
              <image href=${paint.texture} width=${paint.tileSize} height=${paint.tileSize}
                preserveAspectRatio="none"></image></pattern>`,
          ]
        : [],
    );
    return [
      patterns.length ? svg`<defs>${patterns}</defs>` : nothing,
      strips.length ? svg`<g class="surface-paints">${strips}</g>` : nothing,
    ];
  }

  /** The selectable pieces' footprints, as the selection picks them (drawing/items.ts). */
  #footprints(model: RoomModel): Vec2[][] {
    if (this.#pieces?.model !== model)
      this.#pieces = {
        model,
        rings: selectableComponents(model)
          .slice(0, MAX_ITEMS)
          .flatMap((c) => itemFootprints({ components: [c] } as RoomModel).slice(0, 1)),
      };
    return this.#pieces.rings;
  }

  #patternId(surface: string): string {
    let n = this.#patterns.get(surface);
    if (n === undefined) this.#patterns.set(surface, (n = this.#nextPattern++));
    return `room-surface-${n}`;
  }

  /** The painted floors as fills of their areas: rules of a constructed sheet (CSP-safe; names escaped). */
  #restyle(): void {
    const root = this.host.element.shadowRoot;
    if (!root || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in root)) return;
    if (!this.#sheet) {
      this.#sheet = new CSSStyleSheet();
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.#sheet];
    }
    const rules: string[] = [];
    for (const [surface, paint] of this.paints) {
      const match = /^area:(.+):floor$/.exec(surface);
      if (!match) continue;
      const value = 'color' in paint ? paint.color : `url(#${this.#patternId(surface)})`;
      rules.push(`polygon.area[data-area="${CSS.escape(match[1]!)}"] { fill: ${value} !important; }`);
    }
    this.#sheet.replaceSync(rules.join('\n'));
  }

  #select(surface: string, source: SurfaceSelectDetail['source']): boolean {
    const plan = this.host.shown()?.plan;
    const ref = plan && findSurface(plan, surface);
    if (!plan || !ref) return false;
    const area = areaOfSurface(plan, ref);
    const paint = this.paints.get(surface);
    return this.host.select({
      surface,
      material: (paint ? { ...paint } : undefined) ?? modelMaterialOf(plan, ref) ?? null,
      ...(area?.label ? { areaName: area.label } : {}),
      source,
    });
  }

  #onClick(event: PointerEvent): void {
    if (this.host.element.measure) return;
    const surface = this.#surfaceAt(event);
    if (surface) this.#select(surface, 'pointer');
  }

  /** The wall face or floor under the pointer; none over a piece's footprint (a click there is the piece's). */
  #surfaceAt(event: PointerEvent): string | undefined {
    const shown = this.host.shown();
    const point = shown && this.host.pointUnder(event);
    if (!shown || !point) return undefined;
    if (
      !this.host.furnitureHidden() &&
      this.#footprints(shown.model).some((ring) => pointInRing(point, ring))
    )
      return undefined;
    const wall = shown.plan.walls.find((w) => pointInRing(point, w.polygon));
    if (wall) return `wall:${wall.name}:${sideOf(wall, point)}`;
    let area;
    for (const a of shown.plan.areas)
      if ((!area || a.depth > area.depth) && pointInRing(point, a.polygon)) area = a;
    return area ? `area:${area.name}:floor` : undefined;
  }
}
