/**
 * Points a drawing follows on screen for the page (drawing.ts's `setAnchors()`): hotspots and the
 * measured points. After every frame each set's points are projected (a matrix product each), and a
 * hotspot set is tested against the walls drawn (a raycast, src/three/hotspots.ts) at most every
 * OCCLUSION_MS while the camera moves and once more when it stops, within a time budget per frame, so a
 * plan of thousands of walls spreads a pass over frames. The spots travel with the frame (the DOM stays
 * on the page), so the same code places them whether the room is drawn on the page's thread or in the
 * render worker.
 */
import type { Mesh, Vector3 } from 'three';
import type { RoomModel } from '../model/types.js';
import type { AnchorSet, ScreenSpot } from './drawing.js';
import type * as Features from './features.js';
import type { RoomView } from './room-view.js';

/** The wall test's throttle: a hotspot that went behind a wall hides within about this long. */
const OCCLUSION_MS = 120;
/** What the wall test may take of one frame (ms). */
const OCCLUSION_BUDGET_MS = 2;

interface Anchor {
  /** World point, or undefined when the spec names nothing in the room (never shown). */
  world?: Vector3;
  /** The last wall test's answer (true until tested: a hotspot shows once it is known to be seen). */
  hidden: boolean;
}

interface Tracked {
  version: number;
  occlude: boolean;
  anchors: Anchor[];
  /** The next anchor the wall test's pass reaches; 0: no pass under way. */
  cursor: number;
  lastOcclusion: number;
}

export class AnchorTracker {
  readonly #sets = new Map<string, Tracked>();
  #walls?: Mesh[];
  #trailing?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly view: RoomView,
    private readonly model: RoomModel,
    private readonly three: typeof Features,
  ) {}

  get size(): number {
    return this.#sets.size;
  }

  set(key: string, version: number, set: AnchorSet | undefined): void {
    if (!set) this.#sets.delete(key);
    else
      this.#sets.set(key, {
        version,
        occlude: set.occlude,
        anchors: set.specs.map((spec) => ({ world: this.#world(spec), hidden: set.occlude })),
        cursor: 0,
        lastOcclusion: -Infinity,
      });
    this.view.requestRender();
  }

  #world(spec: AnchorSet['specs'][number]): Vector3 | undefined {
    const { components } = this.model;
    // a component's id, else the first piece of a product (`componentId`, the page's catalogue key)
    const component = spec.component
      ? (components.find((c) => c.id === spec.component) ??
        components.find((c) => c.componentId === spec.component))
      : undefined;
    if (component) return this.three.componentTop(component);
    const p = spec.point;
    return Array.isArray(p) && p.length === 3 && p.every(Number.isFinite) ? this.three.toWorld(p) : undefined;
  }

  /** Every set's spots for a frame of `width` × `height` CSS pixels. */
  spots(width: number, height: number): Record<string, { version: number; spots: ScreenSpot[] }> {
    const out: Record<string, { version: number; spots: ScreenSpot[] }> = {};
    const { view, three } = this;
    let again = false;
    let late = false;
    this.#walls = undefined;
    for (const [key, set] of this.#sets) {
      if (set.occlude) {
        const due = set.cursor > 0 || performance.now() - set.lastOcclusion >= OCCLUSION_MS;
        if (due) this.#occlude(set);
        if (set.cursor > 0) again = true;
        else if (!due) late = true;
      }
      out[key] = {
        version: set.version,
        spots: set.anchors.map(({ world, hidden }) => {
          if (!world) return null;
          if (set.occlude) {
            const at = hidden ? undefined : three.projectPoint(view, world, width, height);
            return at ? [at.x, at.y] : null;
          }
          const at = three.screenPoint(view, three.toModel(world), width, height);
          return at ? [at.x, at.y] : null;
        }),
      };
    }
    clearTimeout(this.#trailing);
    // a pass cut short by its budget goes on at once; a camera that stopped between two passes gets
    // one more frame, late, so no hotspot stays as the last pass left it
    if (again) this.#trailing = setTimeout(() => view.requestRender(), 0);
    else if (late) this.#trailing = setTimeout(() => this.#late(), OCCLUSION_MS);
    return out;
  }

  #late(): void {
    for (const set of this.#sets.values()) if (set.occlude) set.lastOcclusion = -Infinity;
    this.view.requestRender();
  }

  /**
   * Tests a set's anchors against the walls, from where the last call stopped, until all are tested
   * or the frame's budget is spent (at least one each call).
   */
  #occlude(set: Tracked): void {
    const list = set.anchors;
    if (!list.length) return;
    if (set.cursor >= list.length) set.cursor = 0;
    // the cutaway swaps wall meshes as the camera moves: collected once per frame
    this.#walls ??= this.three.visibleWalls(this.view);
    const started = performance.now();
    do {
      const anchor = list[set.cursor]!;
      anchor.hidden = !anchor.world || this.three.behindWall(this.view, anchor.world, this.#walls);
      set.cursor++;
    } while (set.cursor < list.length && performance.now() - started < OCCLUSION_BUDGET_MS);
    if (set.cursor >= list.length) {
      set.cursor = 0;
      set.lastOcclusion = performance.now();
    }
  }

  dispose(): void {
    clearTimeout(this.#trailing);
    this.#sets.clear();
  }
}
