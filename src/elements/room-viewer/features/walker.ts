/**
 * The working part of `<room-viewer>`'s walk mode (features/walk.ts holds the mixin): reads where a walk
 * starts (the floor's first walkthrough camera, else the largest area's centre; a camera outside every
 * area says so on the console) and which floor each staircase leads to from the FML plan, gives both to
 * the drawing (src/three/walk/walk-controls.ts walks, on either thread), and from the frames' camera
 * sees the walker step onto a staircase that leads somewhere. Loaded (lazy-part.ts) with
 * `camera="walk"`, while the room loads, so the first frame is the walker's.
 */
import type { FmlPlan } from '../../../model/fml/types.js';
import { pointInRing } from '../../../model/polygon.js';
import type { Vec2 } from '../../../model/types.js';
import {
  settle,
  stairAt,
  walkStart,
  walkWorld,
  type WalkCamera,
  type WalkWorld,
} from '../../../model/walk/index.js';
import { prefersReducedMotion } from '../../../features/motion/reduced-motion.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { CameraMode } from '../../../three/camera.js';
import type { ViewerContext } from '../base.js';

/** What the walk part reads of its element (features/walk.ts makes it). */
export interface WalkHost {
  camera(): CameraMode;
  /** The FML plan shown and the index of its floor drawn, when the source is FML. */
  fml(): { plan: FmlPlan; floorIndex: number } | undefined;
  /** The room on screen (undefined while none is). */
  shown(): ViewerContext | undefined;
  /** Shows another floor (the `floor` attribute). */
  goTo(floor: string): void;
}

type Place = { position: Vec2; heading: Vec2 };

/** The middle of a footprint (its corners' mean: stairs are rectangles). */
function middle(polygon: readonly Vec2[]): Vec2 {
  const n = polygon.length || 1;
  return [polygon.reduce((s, p) => s + p[0], 0) / n, polygon.reduce((s, p) => s + p[1], 0) / n];
}

/**
 * The floor (index) a staircase on floor `index` leads to: the floor a level up, else down, that has
 * a staircase over the same place; else the floor a level up; else none (the stairs are in the way).
 */
export function stairTarget(plan: FmlPlan, index: number, polygon: readonly Vec2[]): number | undefined {
  const here = plan.floors[index];
  if (!here) return undefined;
  const at = middle(polygon);
  const levelled = (level: number) => plan.floors.findIndex((f) => f.level === level);
  const up = levelled(here.level + 1);
  const down = levelled(here.level - 1);
  const meets = (i: number) =>
    i >= 0 && plan.floors[i]!.designs.some((d) => d.stairs.some((s) => pointInRing(at, s.footprint)));
  if (meets(up)) return up;
  if (meets(down)) return down;
  return up >= 0 ? up : undefined;
}

/** The floor's cameras (its designs' and its own), model frame. */
function camerasOf(plan: FmlPlan, index: number): WalkCamera[] {
  const floor = plan.floors[index];
  if (!floor) return [];
  return [...floor.designs.flatMap((d) => d.cameras), ...floor.cameras];
}

export const make = (host: WalkHost): Walker => new Walker(host);

export class Walker {
  #world?: WalkWorld;
  /** Where the stairs brought the walker: the next floor's walk starts here. */
  #arrival?: Place;
  /** Off while the walker stands on the stairs it came by: they lead on only once left. */
  #armed = false;

  constructor(private readonly host: WalkHost) {
    // arrived after the room was drawn: its walk is set up now
    const context = host.shown();
    if (context) this.ready(context);
  }

  /** A room is drawn (before its first frame, or as this part arrives): where the walk starts, the stairs. */
  ready(context: ViewerContext): void {
    const fml = this.host.fml();
    const stairs = (context.model.stairs ?? []).map((s) => {
      const to = fml ? stairTarget(fml.plan, fml.floorIndex, s.polygon) : undefined;
      return to === undefined ? { polygon: s.polygon } : { polygon: s.polygon, to };
    });
    const world = walkWorld(context.plan, stairs);
    this.#world = world;
    const arrival = this.#arrival;
    this.#arrival = undefined;
    let start: Place | undefined;
    const landed = arrival && settle(world, arrival.position);
    if (arrival && landed) start = { position: landed, heading: arrival.heading };
    else {
      const found = walkStart(world, context.plan, fml ? camerasOf(fml.plan, fml.floorIndex) : []);
      if (found.warning && this.host.camera() === 'walk') console.warn(`<room-viewer> ${found.warning}`);
      start = found;
    }
    this.#armed = !stairAt(world, start.position);
    // before the first frame (on the page, and in the worker where it waits for the scene): every frame
    // drawn is the walker's
    context.drawing.setWalk({
      start: { position: start.position, heading: start.heading },
      stairs,
      reducedMotion: prefersReducedMotion(),
    });
  }

  /** A frame was drawn: the walker on a staircase that leads somewhere goes to that floor. */
  frame(frame: DrawnFrame): void {
    const world = this.#world;
    if (this.host.camera() !== 'walk' || !world?.stairs.length) return;
    // the walker's place on the plan: the camera's, back in the model's frame (cm, y up)
    const [x, , z] = frame.pose.position;
    const here: Vec2 = [x * 100, -z * 100];
    const stair = stairAt(world, here);
    if (!stair) {
      this.#armed = true;
      return;
    }
    if (!this.#armed || stair.to === undefined) return;
    this.#armed = false;
    const [tx, , tz] = frame.pose.target;
    const dx = tx * 100 - here[0];
    const dy = -tz * 100 - here[1];
    const length = Math.hypot(dx, dy) || 1;
    this.#arrival = { position: here, heading: [dx / length, dy / length] };
    this.host.goTo(String(stair.to));
  }
}
