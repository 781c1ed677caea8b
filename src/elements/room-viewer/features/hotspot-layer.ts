/**
 * What places `<room-viewer>`'s hotspots (features/hotspots.ts), loaded with the first one slotted: the
 * page's elements in the `hotspot` slot, each on its point, moved after every frame the view draws
 * (its `frameListeners`) with the CSS `translate` property only (no layout is read per frame;
 * src/features/hotspots/slotted-spots.ts) and hidden when its point is off screen, behind the camera, or behind
 * a wall. The wall test is a raycast against the walls drawn (src/three/hotspots.ts), run at most every
 * OCCLUSION_MS while the camera moves and once more when it stops, within a time budget per frame.
 */
import type { Mesh, Vector3 } from 'three';
import { SlottedSpots } from '../../../features/hotspots/slotted-spots.js';
import type { RoomModel } from '../../../model/types.js';
import type { RoomView } from '../../../three/index.js';
import type { FeaturesModule } from '../base.js';

const WATCHED = ['data-component-id', 'data-position'];
/** The wall test's throttle: a hotspot that went behind a wall hides within about this long. */
const OCCLUSION_MS = 120;
/** What the wall test may take of one frame (ms): a plan of thousands of walls spreads a pass over frames. */
const OCCLUSION_BUDGET_MS = 2;

interface Anchor {
  /** World point, or undefined when the attributes name no component and no valid point (never shown). */
  world?: Vector3;
  /** The last wall test's answer (true until tested: a hotspot shows once it is known to be seen). */
  hidden?: boolean;
}

/** `data-position="x y z"` (commas allowed) as numbers, or undefined. */
function position(value: string | null): [number, number, number] | undefined {
  const parts = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 3 || !parts.every(Number.isFinite)) return undefined;
  return parts as [number, number, number];
}

function anchorOf(element: HTMLElement, model: RoomModel, three: FeaturesModule): Anchor {
  const id = element.getAttribute('data-component-id')?.trim();
  if (id) {
    // a component's id, else the first piece of a product (`componentId`, the page's catalogue key)
    const component =
      model.components.find((c) => c.id === id) ?? model.components.find((c) => c.componentId === id);
    if (component) return { world: three.componentTop(component), hidden: true };
  }
  const point = position(element.getAttribute('data-position'));
  return { world: point ? three.modelPoint(point) : undefined, hidden: true };
}

/** The hotspots of one room view, from construction until `stop()`. */
export class HotspotLayer {
  readonly #spots: SlottedSpots<Anchor>;
  #size = { key: '', width: 0, height: 0 };
  #lastOcclusion = -Infinity;
  #walls?: Mesh[];
  #trailing?: ReturnType<typeof setTimeout>;
  /** The next hotspot the wall test's pass reaches; 0: no pass under way. */
  #cursor = 0;

  constructor(
    slot: HTMLSlotElement,
    private readonly view: RoomView,
    model: RoomModel,
    private readonly three: FeaturesModule,
  ) {
    this.#spots = new SlottedSpots<Anchor>(slot, {
      attributes: WATCHED,
      read: (element) => anchorOf(element, model, three),
      changed: () => {
        // a new or moved hotspot is tested against the walls at once, then placed
        this.#lastOcclusion = -Infinity;
        this.#cursor = 0;
        view.requestRender();
      },
    });
    view.frameListeners.add(this.#onFrame);
  }

  stop(): void {
    this.view.frameListeners.delete(this.#onFrame);
    this.#spots.stop();
    this.#walls = undefined;
    clearTimeout(this.#trailing);
  }

  /** The view's CSS size, read again only when its drawing buffer changed size. */
  #viewSize(view: RoomView): { width: number; height: number } {
    const key = `${view.pixelWidth}x${view.pixelHeight}`;
    if (key !== this.#size.key) {
      const canvas = view.target.canvas as HTMLCanvasElement;
      this.#size = { key, width: canvas.clientWidth, height: canvas.clientHeight };
    }
    return this.#size;
  }

  #onFrame = (view: RoomView): void => this.#update(view, false);

  /** Places every hotspot; `late`: called by the timer after frames stopped, not by a frame. */
  #update(view: RoomView, late: boolean): void {
    const spots = this.#spots;
    if (!spots.size) return;
    const due = late || this.#cursor > 0 || performance.now() - this.#lastOcclusion >= OCCLUSION_MS;
    if (due) this.#occlude(view);
    const { width, height } = this.#viewSize(view);
    for (const [element, { spot }] of spots.entries()) {
      const at = spot.world && this.three.projectPoint(view, spot.world, width, height);
      spots.place(element, at && !spot.hidden ? at : undefined);
    }
    clearTimeout(this.#trailing);
    // a pass cut short by its budget goes on without waiting for a frame; a camera that stopped
    // between two passes gets one more, late, so no hotspot stays as the last pass left it
    if (this.#cursor > 0) this.#trailing = setTimeout(() => this.#update(view, true), 0);
    else if (!due) this.#trailing = setTimeout(() => this.#update(view, true), OCCLUSION_MS);
  }

  /**
   * Tests hotspots against the walls, from where the last call stopped, until all are tested or
   * the frame's budget is spent (at least one each call): the cost per frame stays bounded whatever
   * the number of hotspots and walls.
   */
  #occlude(view: RoomView): void {
    const list = [...this.#spots.entries()];
    if (this.#cursor === 0 || this.#cursor >= list.length) {
      this.#cursor = 0;
      // the cutaway swaps wall meshes as the camera moves: collected with each pass
      this.#walls = this.three.visibleWalls(view);
    }
    const started = performance.now();
    do {
      const { spot } = list[this.#cursor]![1];
      spot.hidden = !spot.world || this.three.behindWall(view, spot.world, this.#walls ?? []);
      this.#cursor++;
    } while (this.#cursor < list.length && performance.now() - started < OCCLUSION_BUDGET_MS);
    if (this.#cursor >= list.length) {
      this.#cursor = 0;
      this.#lastOcclusion = performance.now();
    }
  }
}
