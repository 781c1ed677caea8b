/**
 * What places `<room-viewer>`'s hotspots (features/hotspots.ts), loaded with the first one slotted: the
 * page's elements in the `hotspot` slot, each on its point. The drawing follows the points (on either
 * thread: src/three/anchors.ts projects them after every frame and tests them against the walls,
 * throttled and within a time budget) and each frame carries where they are; here they are only moved,
 * with the CSS `translate` property (no layout is read per frame; src/features/hotspots/slotted-spots.ts),
 * and hidden when their point is off screen, behind the camera, or behind a wall.
 */
import { SlottedSpots } from '../../../features/hotspots/slotted-spots.js';
import type { AnchorSpec, DrawnFrame, RoomDrawing } from '../../../three/drawing.js';

const WATCHED = ['data-component-id', 'data-position'];
/** The anchor set's key in the drawing's frames. */
const KEY = 'hotspots';

/** `data-position="x y z"` (commas allowed) as numbers, or undefined. */
function position(value: string | null): [number, number, number] | undefined {
  const parts = (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (parts.length !== 3 || !parts.every(Number.isFinite)) return undefined;
  return parts as [number, number, number];
}

/** Where an element's attributes put it: a component (its id or a product's), else a point. */
function specOf(element: HTMLElement): AnchorSpec {
  const component = element.getAttribute('data-component-id')?.trim() || undefined;
  const point = position(element.getAttribute('data-position'));
  return { ...(component ? { component } : {}), ...(point ? { point } : {}) };
}

/** The hotspots of one room drawing, from construction until `stop()`. */
export class HotspotLayer {
  readonly #spots: SlottedSpots<AnchorSpec>;
  /** The elements in the order their anchors were sent, and the set's version. */
  #order: HTMLElement[] = [];
  #version = -1;

  constructor(
    slot: HTMLSlotElement,
    private readonly drawing: RoomDrawing,
  ) {
    this.#spots = new SlottedSpots<AnchorSpec>(slot, {
      attributes: WATCHED,
      read: specOf,
      // a new or moved hotspot: the drawing hears the new list and places it with its next frame
      changed: () => this.#send(),
    });
    this.#send();
  }

  #send(): void {
    const spots = this.#spots;
    if (!spots) return; // called while the list is first collected: sent right after
    const entries = [...spots.entries()];
    this.#order = entries.map(([element]) => element);
    this.#version = this.drawing.setAnchors(KEY, {
      specs: entries.map(([, { spot }]) => spot),
      occlude: true,
    });
  }

  /** A frame was drawn: each hotspot goes where it says (a frame for an older list is skipped). */
  frame(frame: DrawnFrame): void {
    const answer = frame.anchors?.[KEY];
    if (!answer || answer.version !== this.#version) return;
    this.#order.forEach((element, i) => {
      const at = answer.spots[i];
      this.#spots.place(element, at ? { x: at[0], y: at[1] } : undefined);
    });
  }

  stop(): void {
    this.#spots.stop();
    this.drawing.setAnchors(KEY, undefined);
  }
}
