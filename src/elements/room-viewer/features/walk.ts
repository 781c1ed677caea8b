/**
 * `<room-viewer>` feature: walk mode's page side (`camera="walk"`, docs/walk.md). Reads where a walk
 * starts (the floor's first walkthrough camera, else the largest area's centre; a camera outside
 * every area says so on the console) and which floor each staircase leads to from the FML plan, and
 * gives both to the drawing (src/three/walk/walk-controls.ts walks, on either thread). From the frames'
 * camera it sees the walker step onto a staircase that leads somewhere and shows that floor, the
 * walker arriving where the stairs come out. A mixin over RoomViewerBase (base.ts).
 */
import type { FmlPlan } from '../../../model/fml/types.js';
import type { Vec2 } from '../../../model/types.js';
import {
  settle,
  stairAt,
  stairTarget,
  walkFurniture,
  walkStart,
  walkWorld,
  type WalkCamera,
  type WalkWorld,
} from '../../../model/walk/index.js';
import { prefersReducedMotion } from '../../../features/motion/reduced-motion.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';

type Place = { position: Vec2; heading: Vec2 };

/** The floor's cameras (its designs' and its own), model frame. */
function camerasOf(plan: FmlPlan, index: number): WalkCamera[] {
  const floor = plan.floors[index];
  if (!floor) return [];
  return [...floor.designs.flatMap((d) => d.cameras), ...floor.cameras];
}

export function ViewerWalk<T extends Constructor<RoomViewerBase>>(Base: T): T {
  abstract class WithWalk extends Base {
    #world?: WalkWorld;
    /** Where the stairs brought the walker: the next floor's walk starts here. */
    #arrival?: Place;
    /** Off while the walker stands on the stairs it came by: they lead on only once left. */
    #armed = false;

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      const fml = this.fmlShown;
      const stairs = (context.model.stairs ?? []).map((s) => {
        const to = fml ? stairTarget(fml.plan, fml.floorIndex, s.polygon) : undefined;
        return to === undefined ? { polygon: s.polygon } : { polygon: s.polygon, to };
      });
      // furniture holds the walker (walk-furniture.ts: what stands between 30 and 180 cm)
      const furniture = walkFurniture(context.model);
      const world = walkWorld(context.plan, stairs, furniture);
      this.#world = world;
      const arrival = this.#arrival;
      this.#arrival = undefined;
      let start: Place | undefined;
      const landed = arrival && settle(world, arrival.position);
      if (arrival && landed) start = { position: landed, heading: arrival.heading };
      else {
        const found = walkStart(world, context.plan, fml ? camerasOf(fml.plan, fml.floorIndex) : []);
        if (found.warning && this.camera === 'walk') console.warn(`<room-viewer> ${found.warning}`);
        start = found;
      }
      this.#armed = !stairAt(world, start.position);
      // before the first frame (on the page, and in the worker where it waits for the scene): every frame
      // drawn is the walker's
      context.drawing.setWalk({
        start: { position: start.position, heading: start.heading },
        stairs,
        reducedMotion: prefersReducedMotion(),
        furniture,
      });
    }

    // no viewGone(): a reload's new view can be ready before the old one is gone (the render worker),
    // and frames come only from the view shown, so the world is simply replaced by the next viewReady()

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      const world = this.#world;
      if (this.camera !== 'walk' || !world?.stairs.length) return;
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
      this.floor = String(stair.to);
    }
  }
  return WithWalk;
}
