/**
 * `<room-plan>` feature: the room's surfaces (issue 37), as `<room-viewer>` has them. A click or tap on a
 * wall (not the end of a drag; a piece's footprint stays the piece's) fires `surface-select` for the
 * face on that side of the wall's line, on an area for its floor; each surface also has its button in
 * the room description. `setSurface()` paints an area's floor (its fill) or a wall's face (a strip along
 * that face) in the colour, or in the texture tiled at its real size (an SVG pattern in centimetres,
 * turned as asked); a ceiling is kept in the log but not drawn (a plan shows none). Through the element's
 * own change log (src/features/changes): `room-change`, `room-change-error`, `undo()`, `redo()`, `changes`.
 *
 * The working code (surfaces-part.ts) comes with the plan's parts, right after its first paint
 * (after-paint.ts): until `model-load`, `setSurface()`, `undo()` and `redo()` are held (made then, in
 * order), `changes` is `[]` and `surfaceOf()` undefined (nothing was changed yet).
 */
import type { RoomChange } from '../../../features/changes/change-log.js';
import type { SurfaceInput, SurfaceValue } from '../../../features/changes/surface-value.js';
import type { DescribedSurface } from '../../../features/selection/room-description.js';
import type { PlanParts, PlanShown, RoomPlanBase } from '../base.js';
// types only: the surfaces' code comes with the plan's parts (after-paint.ts)
import type { PlanSurfacesPart } from './surfaces-part.js';
import type { Constructor } from '../../../internal/mixin.js';

/** What the mixin adds (documented on the class below). */
export interface PlanSurfacesProperties {
  readonly changes: readonly RoomChange[];
  setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean>;
  surfaceOf(surface: string): SurfaceValue | undefined;
  changedSurfaces(): ReadonlyMap<string, SurfaceValue>;
  undo(): Promise<boolean>;
  redo(): Promise<boolean>;
  describedSurfaces(): readonly DescribedSurface[];
  surfaceActivated(surface: string, event: MouseEvent): void;
}

/** Nothing changed (before the parts are in): one map, so what is cached per map stays cached. */
const NO_CHANGES: ReadonlyMap<string, SurfaceValue> = new Map();

export function PlanSurfaces<T extends Constructor<RoomPlanBase>>(
  Base: T,
): T & Constructor<PlanSurfacesProperties> {
  /**
   * @fires {CustomEvent<SurfaceSelectDetail>} surface-select - A wall face or an area's floor was picked: a click or tap on
   *   a wall (the face on that side of its line) or an area, or a surface's button in the room description. Cancelable.
   *   Detail as `<room-viewer>`'s: `{ surface, material, areaName, source }`.
   * @fires {CustomEvent<RoomChangeDetail>} room-change - The room was changed (`setSurface()`, `undo()`, `redo()`). Detail
   *   `{ kind, target, before, after, source }`.
   * @fires {CustomEvent<RoomChangeErrorDetail>} room-change-error - A change was refused; the plan is as it was. Detail
   *   `{ change, reason, message }`.
   * @csspart surface - A surface's button in the room description.
   * @csspart surface-paint - A painted wall face: a strip along that face of the wall.
   */
  abstract class WithPlanSurfaces extends Base {
    /** The surfaces at work (surfaces-part.ts), made with the parts. */
    #part?: PlanSurfacesPart;

    protected override partsIn(parts: PlanParts): void {
      super.partsIn(parts);
      this.#part = new parts.PlanSurfacesPart({
        ...this.planHost(),
        element: this,
        listed: () => this.planRevealed('all'),
        visitor: () => this.analytics.answeringVisitor,
        changed: (change) => {
          this.emit('room-change', change);
          if (change.source === 'user')
            this.analytics.track('change', { changeKind: change.kind, target: change.target });
        },
        refused: (failure) => this.emit('room-change-error', failure),
        select: (detail) => this.emit('surface-select', detail, { cancelable: true }),
      });
    }

    /** The changes made to the plan, oldest first (JSON, as `<room-viewer>`'s `changes`); `[]` before `model-load`. */
    get changes(): readonly RoomChange[] {
      return this.#part?.log.changes ?? [];
    }

    /**
     * Paints an area's floor or a wall's face on the plan, as `<room-viewer>`'s `setSurface()`: `{ color }` (any CSS
     * colour) or `{ texture, tileSize, rotation }` (an http(s) image tiled every `tileSize` cm); null: as the model has it.
     * Resolves true once drawn; false when refused (`room-change-error`), the plan unchanged. Before `model-load` the
     * call is held and made then.
     */
    setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean> {
      return this.#held((part) => part.setSurface(surface, paint));
    }

    /** What a surface is painted with now; undefined: the model's own. */
    surfaceOf(surface: string): SurfaceValue | undefined {
      const paint = this.#part?.paints.get(surface);
      return paint ? { ...paint } : undefined;
    }

    /**
     * The surfaces changed and what with (a new map after each change; quantities.ts reads it).
     * @internal
     * @ignore
     */
    changedSurfaces(): ReadonlyMap<string, SurfaceValue> {
      return this.#part?.paints ?? NO_CHANGES;
    }

    /** Undoes the last change (`room-change` with source `undo`); false when there was none. */
    undo(): Promise<boolean> {
      return this.#held((part) => part.log.undo());
    }

    /** Makes the last undone change again (source `redo`); false when there was none. */
    redo(): Promise<boolean> {
      return this.#held((part) => part.log.redo());
    }

    /**
     * The room description's surfaces (selection-controller.ts asks for them).
     * @internal
     * @ignore
     */
    describedSurfaces(): readonly DescribedSurface[] {
      return this.#part?.described() ?? [];
    }

    /**
     * A surface's button in the description: `surface-select` (Enter or Space: `keyboard`).
     * @internal
     * @ignore
     */
    surfaceActivated(surface: string, event: MouseEvent): void {
      this.#part?.activated(surface, event);
    }

    protected override planReady(shown: PlanShown): void {
      super.planReady(shown);
      this.#part?.planReady(shown);
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      return [...super.renderSvgLayers(shown), ...(this.#part?.layers(shown) ?? [])];
    }

    /** `call` with the part now, or held until `model-load` (whenPartsIn). */
    #held(call: (part: PlanSurfacesPart) => Promise<boolean>): Promise<boolean> {
      const part = this.#part;
      if (part) return call(part);
      return new Promise((resolve, reject) =>
        this.whenPartsIn(() => {
          const now = this.#part;
          // the parts in (held calls run only then)
          if (now) call(now).then(resolve, reject);
        }),
      );
    }
  }
  return WithPlanSurfaces;
}
