/**
 * `<room-viewer>` feature: the room's surfaces (issue 37). A click or tap on a wall face, a floor or a
 * ceiling (not the end of a drag; a click on a piece stays the piece's) fires `surface-select`, as does
 * a surface's button in the room's description; `setSurface()` paints one surface with a colour or a
 * texture through the change log (changes.ts: `room-change`, undo, redo, replay). Picking and painting
 * go through the drawing (src/three/surfaces.ts), on whichever thread it draws. The code comes with the
 * viewer's parts (after-frame.ts, after the first frame): until `model-load`, `setSurface()` and
 * `selectSurface()` are held, `surfaceOf()` answers undefined and `materials` undefined.
 */
// types only: the surfaces' code comes with the viewer's parts, after its first frame (after-frame.ts)
import type { SurfaceInput, SurfaceValue } from '../../../features/changes/surface-value.js';
import type { SurfaceSelectDetail } from '../../../events/surface-select.js';
import type { DescribedSurface } from '../../../features/selection/room-description.js';
import type { PlanGeometry } from '../../../model/types.js';
import type { SurfaceQuantities } from '../../../features/quantities/surface-quantities.js';
import type { SurfacePaint } from '../../../three/drawing.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { ViewerParts } from '../hooks.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface ViewerSurfacesProperties {
  setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean>;
  surfaceOf(surface: string): SurfaceValue | undefined;
  selectSurface(surface: string): boolean;
  readonly materials: SurfaceQuantities | undefined;
  describedSurfaces(): readonly DescribedSurface[];
  surfaceActivated(surface: string, event: MouseEvent): void;
}

/** The drawing's paint for a value of the log. */
function paintOf(value: SurfaceValue | null, hexToSrgb: ViewerParts['hexToSrgb']): SurfacePaint | null {
  if (!value) return null;
  if ('color' in value) return { color: hexToSrgb(value.color) };
  return { texture: value.texture, tileSize: value.tileSize, rotation: value.rotation };
}

export function ViewerSurfaces<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerSurfacesProperties> {
  /**
   * @fires {CustomEvent<SurfaceSelectDetail>} surface-select - A wall face, a floor or a ceiling was picked: a click or tap
   *   on it (a click on a piece stays `component-select`), or its button in the room description. Cancelable. Detail
   *   `{ surface, material, areaName, source }`: `surface` `wall:<id>:left|right` (left and right walking from the wall's
   *   start to its end), `area:<id>:floor` or `area:<id>:ceiling`; `material` the model's material id, or the change
   *   made (`{ color }`, `{ texture, tileSize, rotation }`); `areaName` the area's own name (text); `source` `pointer` or
   *   `keyboard`.
   * @csspart surface - A surface's button in the room description (a wall face, a floor, a ceiling).
   */
  abstract class WithSurfaces extends Base {
    /** While `surface-select` of the visitor's click is dispatched. */
    #answeringPick = false;
    /** What each changed surface is painted with now (the log's values). */
    #paints = new Map<string, SurfaceValue>();

    protected override partsIn(parts: ViewerParts): void {
      super.partsIn(parts);
      const { ChangeRefused, cssColour, hexToSrgb, surfaceValue } = parts;
      // a click (not a drag) that starts on the canvas picks a surface
      new parts.HostClicks(this, {
        startsOn: (event) => {
          const target = event.composedPath()[0] as Element | undefined;
          return target?.localName === 'canvas' && target.getAttribute('part') === 'canvas';
        },
        clicked: (event) => this.#onClick(event),
      });
      parts.changeLogOf(this)?.register('surface', {
        validate: parts.surfaceValidator(() => this.viewContext?.plan, 'no room is drawn yet'),
        current: (target) => this.#paints.get(target) ?? null,
        apply: async (target, value) => {
          const context = this.viewContext;
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
          if (paint) this.#paints.set(target, paint);
          else this.#paints.delete(target);
        },
      });
    }

    /**
     * Paints one surface (`wall:<id>:left|right`, `area:<id>:floor|ceiling`): `{ color }` (any CSS colour), or
     * `{ texture, tileSize, rotation }` (an http(s) image URL repeated every `tileSize` cm, default 100, turned
     * `rotation` degrees); `null`: back to the model's own. Only that surface changes. Through the change log:
     * `room-change` (source `api`), undoable. Resolves true once drawn so; false when refused (`room-change-error`:
     * an unknown surface, not a colour, a texture that is not http(s) or fails to load), the room unchanged.
     */
    setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean> {
      const parts = this.parts;
      if (!parts)
        return new Promise((resolve, reject) =>
          this.whenPartsIn(() => this.setSurface(surface, paint).then(resolve, reject)),
        );
      const log = parts.changeLogOf(this);
      if (!log) return Promise.resolve(false);
      // the log keeps the checked value (a colour as #rrggbb, a texture's absolute URL); a bad one is refused there
      const after = parts.surfaceAfter(paint);
      // asked in the task of the visitor's own input on the element: the visitor's change
      const visitor = this.analytics.answeringVisitor || this.#answeringPick;
      return log.make({ kind: 'surface', target: surface, after }, visitor ? 'user' : 'api');
    }

    /** What a surface is painted with now (`{ color }` or `{ texture, tileSize, rotation }`); undefined: the model's own. */
    surfaceOf(surface: string): SurfaceValue | undefined {
      const paint = this.#paints.get(surface);
      return paint ? { ...paint } : undefined;
    }

    /**
     * Paint and floor areas per material, the room as changed now: `{ walls, floors, ceilings }`, each a list
     * of `{ material, source, area, surfaces }` (`material` the model's id, or the change: `#rrggbb` or a texture's
     * URL; `area` in m²: wall faces net of doors and windows, floors and ceilings net of the areas inside them),
     * largest first. Undefined until a room is drawn. Read-only.
     */
    get materials(): SurfaceQuantities | undefined {
      const plan = this.viewContext?.plan;
      const parts = this.parts;
      return plan && parts ? parts.surfaceQuantities(plan, this.#paints) : undefined;
    }

    /** Fires `surface-select` for a surface as its button would (source `keyboard`); false if unknown or cancelled. */
    selectSurface(surface: string): boolean {
      // before model-load: held (applied then, in order), false now
      if (!this.parts) return this.whenPartsIn(() => this.selectSurface(surface)) && false;
      return this.#select(surface, 'keyboard');
    }

    /**
     * The room description's surfaces (selection-controller.ts asks for them).
     * @internal
     * @ignore
     */
    describedSurfaces(): readonly DescribedSurface[] {
      const plan = this.viewContext?.plan;
      const parts = this.parts;
      if (!parts) return [];
      if (plan !== this.#described?.plan) this.#described = plan && { plan, list: parts.surfacesOf(plan) };
      return this.#described?.list ?? [];
    }

    /**
     * A surface's button in the description: `surface-select` (Enter or Space: `keyboard`).
     * @internal
     * @ignore
     */
    surfaceActivated(surface: string, event: MouseEvent): void {
      this.#select(surface, event.detail === 0 ? 'keyboard' : 'pointer');
    }

    #described?: { plan: PlanGeometry; list: DescribedSurface[] };

    protected override viewReady(context: ViewerContext): void {
      // a new room is as its model has it
      this.#paints.clear();
      super.viewReady(context);
    }

    protected override viewGone(): void {
      this.#paints.clear();
      super.viewGone();
    }

    /** Fires `surface-select`; false when the room has no such surface or a listener cancelled it. */
    #select(surface: string, source: SurfaceSelectDetail['source']): boolean {
      const plan = this.viewContext?.plan;
      const parts = this.parts;
      if (!plan || !parts) return false;
      const ref = parts.findSurface(plan, surface);
      if (!ref) return false;
      const area = parts.areaOfSurface(plan, ref);
      const detail: SurfaceSelectDetail = {
        surface,
        material: this.surfaceOf(surface) ?? parts.modelMaterialOf(plan, ref) ?? null,
        ...(area?.label ? { areaName: area.label } : {}),
        source,
      };
      return this.emit('surface-select', detail, { cancelable: true });
    }

    #onClick(event: PointerEvent): void {
      // measuring: a click places a point, it does not pick
      if ((this as { measure?: boolean }).measure) return;
      const context = this.viewContext;
      const rect = this.shadowRoot?.querySelector('canvas[part=canvas]')?.getBoundingClientRect();
      if (!context || !rect?.width || !rect.height) return;
      const x = ((event.clientX - rect.left) / rect.width) * 2 - 1;
      const y = 1 - ((event.clientY - rect.top) / rect.height) * 2;
      context.drawing.pickRoomSurface(x, y).then(
        (surface) => {
          if (!surface || this.viewContext !== context) return;
          // the pick came back from the worker in a task of its own: what the page does while surface-select is
          // dispatched still answers the visitor's click
          this.#answeringPick = true;
          try {
            this.#select(surface, 'pointer');
          } finally {
            this.#answeringPick = false;
          }
        },
        () => undefined,
      );
    }
  }
  return WithSurfaces;
}
