/**
 * `<room-viewer>` feature: the room's surfaces (issue 37). A click or tap on a wall face, a floor or a
 * ceiling (not the end of a drag; a click on a piece stays the piece's) fires `surface-select`, as does
 * a surface's button in the room's description; `setSurface()` paints one surface with a colour or a
 * texture through the change log (changes.ts: `room-change`, undo, redo, replay). Picking and painting
 * go through the drawing (src/three/surfaces.ts), on whichever thread it draws. The code comes with the
 * viewer's parts (after-frame.ts, after the first frame): until `model-load`, `setSurface()` and
 * `selectSurface()` are held, `surfaceOf()` answers undefined and `materials` undefined.
 */
// types only: the surfaces' code comes with the viewer's parts, after its first frame (after-frame.ts,
// surfaces-part.ts)
import type { SurfaceInput, SurfaceValue } from '../../../features/changes/surface-value.js';
import type { DescribedSurface } from '../../../features/selection/room-description.js';
import type { SurfaceQuantities } from '../../../features/quantities/surface-quantities.js';
import type { SurfacesPart } from './surfaces-part.js';
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
    /** The surfaces at work (surfaces-part.ts), made with the parts. */
    #part?: SurfacesPart;

    protected override partsIn(parts: ViewerParts): void {
      super.partsIn(parts);
      this.#part = new parts.SurfacesPart(
        {
          element: this,
          context: () => this.viewContext,
          visitor: () => this.analytics.answeringVisitor,
          select: (detail) => this.emit('surface-select', detail, { cancelable: true }),
        },
        parts,
      );
    }

    /**
     * Paints one surface (`wall:<id>:left|right`, `area:<id>:floor|ceiling`): `{ color }` (any CSS colour), or
     * `{ texture, tileSize, rotation }` (an http(s) image URL repeated every `tileSize` cm, default 100, turned
     * `rotation` degrees); `null`: back to the model's own. Only that surface changes. Through the change log:
     * `room-change` (source `api`), undoable. Resolves true once drawn so; false when refused (`room-change-error`:
     * an unknown surface, not a colour, a texture that is not http(s) or fails to load), the room unchanged.
     */
    setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean> {
      const part = this.#part;
      if (!part)
        return new Promise((resolve, reject) =>
          this.whenPartsIn(() => this.setSurface(surface, paint).then(resolve, reject)),
        );
      return part.setSurface(surface, paint);
    }

    /** What a surface is painted with now (`{ color }` or `{ texture, tileSize, rotation }`); undefined: the model's own. */
    surfaceOf(surface: string): SurfaceValue | undefined {
      const paint = this.#part?.paints.get(surface);
      return paint ? { ...paint } : undefined;
    }

    /**
     * Paint and floor areas per material, the room as changed now: `{ walls, floors, ceilings }`, each a list
     * of `{ material, source, area, surfaces }` (`material` the model's id, or the change: `#rrggbb` or a texture's
     * URL; `area` in m²: wall faces net of doors and windows, floors and ceilings net of the areas inside them),
     * largest first. Undefined until a room is drawn. Read-only.
     */
    get materials(): SurfaceQuantities | undefined {
      return this.#part?.materials;
    }

    /** Fires `surface-select` for a surface as its button would (source `keyboard`); false if unknown or cancelled. */
    selectSurface(surface: string): boolean {
      // before model-load: held (applied then, in order), false now
      if (!this.#part) return this.whenPartsIn(() => this.selectSurface(surface)) && false;
      return this.#part.select(surface, 'keyboard');
    }

    /**
     * The room description's surfaces (selection-controller.ts asks for them).
     * @internal
     * @ignore
     */
    describedSurfaces(): readonly DescribedSurface[] {
      return this.#part?.describedSurfaces() ?? [];
    }

    /**
     * A surface's button in the description: `surface-select` (Enter or Space: `keyboard`).
     * @internal
     * @ignore
     */
    surfaceActivated(surface: string, event: MouseEvent): void {
      this.#part?.select(surface, event.detail === 0 ? 'keyboard' : 'pointer');
    }

    protected override viewReady(context: ViewerContext): void {
      // a new room is as its model has it
      this.#part?.paints.clear();
      super.viewReady(context);
    }

    protected override viewGone(): void {
      this.#part?.paints.clear();
      super.viewGone();
    }
  }
  return WithSurfaces;
}
