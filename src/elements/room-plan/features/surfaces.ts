/**
 * `<room-plan>` feature: the room's surfaces (issue 37), as `<room-viewer>` has them. A click or tap on a
 * wall (not the end of a drag; a piece's footprint stays the piece's) fires `surface-select` for the
 * face on that side of the wall's line, on an area for its floor; each surface also has its button in
 * the room description. `setSurface()` paints an area's floor (its fill) or a wall's face (a strip along
 * that face) in the colour, or in the texture tiled at its real size (an SVG pattern in centimetres,
 * turned as asked); a ceiling is kept in the log but not drawn (a plan shows none). Through the element's
 * own change log (src/features/changes): `room-change`, `room-change-error`, `undo()`, `redo()`, `changes`.
 *
 * The fills are a constructed style sheet of the element's shadow root (allowed under a strict CSP, as
 * inline styles would not be), so painted floors stay under the walls, openings and labels.
 */
import { nothing, svg } from 'lit';
import { attachChangeLog } from '../../../features/changes/changes-host.js';
import type { ChangeLog, RoomChange } from '../../../features/changes/change-log.js';
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
import type { SurfaceSelectDetail } from '../../../events/surface-select.js';
import { pointInRing } from '../../../model/polygon.js';
import type { PlanGeometry, RoomModel, Vec2 } from '../../../model/types.js';
import { selectableComponents } from '../../../features/selection/component-selection.js';
import { itemFootprints, MAX_ITEMS } from '../drawing/items.js';
import type { PlanShown, RoomPlanBase } from '../base.js';
import { pointsOf } from '../drawing/svg.js';
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

/** Loads an image (a texture) to know it can be shown; rejects when it cannot. */
function loadImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve();
    image.onerror = () => reject(new Error(`the texture ${url} could not be loaded`));
    image.src = url;
  });
}

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
    #log: ChangeLog = attachChangeLog(this, {
      changed: (change) => {
        this.emit('room-change', change);
        if (change.source === 'user')
          this.analytics.track('change', { changeKind: change.kind, target: change.target });
      },
      refused: (failure) => this.emit('room-change-error', failure),
    });
    #paints = new Map<string, SurfaceValue>();
    #patterns = new Map<string, number>();
    #nextPattern = 0;
    #sheet?: CSSStyleSheet;
    #described?: { plan: PlanGeometry; list: DescribedSurface[] };
    #plan?: PlanGeometry;
    #pieces?: { model: RoomModel; rings: Vec2[][] };

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

    // a mixin's constructor takes any arguments (TypeScript's rule for mixins)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      // a click (not a drag) that starts in the viewport picks a surface
      new HostClicks(this, {
        startsOn: (event) => {
          const viewport = this.shadowRoot?.querySelector('[part~="viewport"]');
          return !!viewport && event.composedPath().includes(viewport);
        },
        clicked: (event) => this.#onClick(event),
      });
      this.#log.register('surface', {
        validate: surfaceValidator(() => this.planShown?.plan, 'no plan is drawn yet'),
        current: (target) => this.#paints.get(target) ?? null,
        apply: async (target, value) => {
          const paint = surfaceValue(value, cssColour);
          if (paint && 'texture' in paint) await loadImage(paint.texture);
          // a new map on each change: what reads it (quantities) knows it changed by its identity
          const paints = new Map(this.#paints);
          if (paint) paints.set(target, paint);
          else paints.delete(target);
          this.#paints = paints;
          this.#restyle();
          this.requestUpdate();
          await this.updateComplete;
        },
      });
    }

    /** The changes made to the plan, oldest first (JSON, as `<room-viewer>`'s `changes`). */
    get changes(): readonly RoomChange[] {
      return this.#log.changes;
    }

    /**
     * Paints an area's floor or a wall's face on the plan, as `<room-viewer>`'s `setSurface()`: `{ color }` (any CSS
     * colour) or `{ texture, tileSize, rotation }` (an http(s) image tiled every `tileSize` cm); null: as the model has it.
     * Resolves true once drawn; false when refused (`room-change-error`), the plan unchanged.
     */
    setSurface(surface: string, paint: SurfaceInput | null): Promise<boolean> {
      // the log keeps the checked value; a bad one is refused there with its reason
      return this.#log.make(
        { kind: 'surface', target: surface, after: surfaceAfter(paint) },
        this.analytics.answeringVisitor ? 'user' : 'api',
      );
    }

    /** What a surface is painted with now; undefined: the model's own. */
    surfaceOf(surface: string): SurfaceValue | undefined {
      const paint = this.#paints.get(surface);
      return paint ? { ...paint } : undefined;
    }

    /**
     * The surfaces changed and what with (a new map after each change; quantities.ts reads it).
     * @internal
     * @ignore
     */
    changedSurfaces(): ReadonlyMap<string, SurfaceValue> {
      return this.#paints;
    }

    /** Undoes the last change (`room-change` with source `undo`); false when there was none. */
    undo(): Promise<boolean> {
      return this.#log.undo();
    }

    /** Makes the last undone change again (source `redo`); false when there was none. */
    redo(): Promise<boolean> {
      return this.#log.redo();
    }

    /**
     * The room description's surfaces (selection-controller.ts asks for them).
     * @internal
     * @ignore
     */
    describedSurfaces(): readonly DescribedSurface[] {
      // listed in the last stage of a freshly loaded plan, after its areas and furniture (base.ts, REVEAL)
      if (!this.planRevealed('all')) return [];
      const plan = this.planShown?.plan;
      if (plan !== this.#described?.plan) this.#described = plan && { plan, list: surfacesOf(plan) };
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

    protected override planReady(shown: PlanShown): void {
      super.planReady(shown);
      // another plan: drawn as its model has it, with a log of its own
      if (shown.plan !== this.#plan) {
        this.#plan = shown.plan;
        this.#log.clear();
        this.#paints = new Map();
        this.#restyle();
        this.requestUpdate();
      }
    }

    protected override renderSvgLayers(shown: PlanShown): unknown[] {
      const layers = super.renderSvgLayers(shown);
      if (!this.#paints.size) return layers;
      const fill = (surface: string, paint: SurfaceValue) =>
        'color' in paint ? paint.color : `url(#${this.#patternId(surface)})`;
      const strips = [...this.#paints].flatMap(([surface, paint]) => {
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
      const patterns = [...this.#paints].flatMap(([surface, paint]) =>
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
        ...layers,
        patterns.length ? svg`<defs>${patterns}</defs>` : nothing,
        strips.length ? svg`<g class="surface-paints">${strips}</g>` : nothing,
      ];
    }

    #patternId(surface: string): string {
      let n = this.#patterns.get(surface);
      if (n === undefined) this.#patterns.set(surface, (n = this.#nextPattern++));
      return `room-surface-${n}`;
    }

    /** The painted floors as fills of their areas: rules of a constructed sheet (CSP-safe; names escaped). */
    #restyle(): void {
      const root = this.shadowRoot;
      if (!root || typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in root)) return;
      if (!this.#sheet) {
        this.#sheet = new CSSStyleSheet();
        root.adoptedStyleSheets = [...root.adoptedStyleSheets, this.#sheet];
      }
      const rules: string[] = [];
      for (const [surface, paint] of this.#paints) {
        const match = /^area:(.+):floor$/.exec(surface);
        if (!match) continue;
        const value = 'color' in paint ? paint.color : `url(#${this.#patternId(surface)})`;
        rules.push(`polygon.area[data-area="${CSS.escape(match[1]!)}"] { fill: ${value} !important; }`);
      }
      this.#sheet.replaceSync(rules.join('\n'));
    }

    #select(surface: string, source: SurfaceSelectDetail['source']): boolean {
      const plan = this.planShown?.plan;
      const ref = plan && findSurface(plan, surface);
      if (!plan || !ref) return false;
      const area = areaOfSurface(plan, ref);
      return this.emit(
        'surface-select',
        {
          surface,
          material: this.surfaceOf(surface) ?? modelMaterialOf(plan, ref) ?? null,
          ...(area?.label ? { areaName: area.label } : {}),
          source,
        },
        { cancelable: true },
      );
    }

    #onClick(event: PointerEvent): void {
      if ((this as { measure?: boolean }).measure) return;
      const surface = this.#surfaceAt(event);
      if (surface) this.#select(surface, 'pointer');
    }

    /** The wall face or floor under the pointer; none over a piece's footprint (a click there is the piece's). */
    #surfaceAt(event: PointerEvent): string | undefined {
      const shown = this.planShown;
      const point = shown && this.navigation.modelPointUnder(event);
      if (!shown || !point) return undefined;
      if (!this.furnitureHidden() && this.#footprints(shown.model).some((ring) => pointInRing(point, ring)))
        return undefined;
      const wall = shown.plan.walls.find((w) => pointInRing(point, w.polygon));
      if (wall) return `wall:${wall.name}:${sideOf(wall, point)}`;
      let area;
      for (const a of shown.plan.areas)
        if ((!area || a.depth > area.depth) && pointInRing(point, a.polygon)) area = a;
      return area ? `area:${area.name}:floor` : undefined;
    }
  }
  return WithPlanSurfaces;
}
