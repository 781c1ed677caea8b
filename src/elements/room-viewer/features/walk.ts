/**
 * `<room-viewer>` feature: walk mode's page side (`camera="walk"`, docs/walk.md). Reads where a walk
 * starts (the floor's first walkthrough camera, else the largest area's centre; a camera outside
 * every area says so on the console) and which floor each staircase leads to from the FML plan, and
 * gives both to the drawing (src/three/walk/walk-controls.ts walks, on either thread). From the frames'
 * camera it sees the walker step onto a staircase that leads somewhere and shows that floor, the
 * walker arriving where the stairs come out. A mixin over RoomViewerBase (base.ts).
 *
 * The reading is features/walk-part.ts, a chunk fetched right after the first frame (issue 33), or
 * with the room when the viewer opens walking: the walker's world is given to the drawing when it
 * arrives, long before a visitor can switch to walking.
 */
import type { PropertyValues } from 'lit';
import { lazyModule } from '../../../internal/lazy-module.js';
import { prefersReducedMotion } from '../../../features/motion/reduced-motion.js';
import type { DrawnFrame, OpeningCamera } from '../../../three/drawing.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { afterFirstFrame } from './lazy-part.js';

const loadWalk = lazyModule(() => import('./walk-part.js'));
type WalkPart = typeof import('./walk-part.js');
/** The part once it arrived on this page (the same for every viewer). */
let walkPart: WalkPart | undefined;

export function ViewerWalk<T extends Constructor<RoomViewerBase>>(Base: T): T {
  abstract class WithWalk extends Base {
    #world?: import('./walk-part.js').WalkWorld;
    /** Where the stairs brought the walker: the next floor's walk starts here. */
    #arrival?: import('./walk-part.js').Place;
    /** Off while the walker stands on the stairs it came by: they lead on only once left. */
    #armed = false;
    /** The room whose walk waits for the part. */
    #waiting?: ViewerContext;

    protected override willUpdate(changed: PropertyValues<this>): void {
      super.willUpdate(changed);
      // opening walking (or switched to it before the part came): the part now, beside the room
      if (changed.has('camera') && this.camera === 'walk') this.#load();
    }

    /** The walk the drawing opened with (its room's model): its take-up keeps it. */
    #opened?: { model: object; walk: import('./walk-part.js').RoomWalk };

    /**
     * Opening walking: the first frame is the walker's, where the walk starts (the part comes with the
     * room; the drawing's first frame waits for the walker itself, view-driver.ts).
     */
    protected override async openingCamera(
      room: Pick<ViewerContext, 'model' | 'plan'>,
    ): Promise<OpeningCamera> {
      const start = await super.openingCamera(room);
      this.#opened = undefined;
      if (this.camera !== 'walk') return start;
      const part = await loadWalk().catch(() => undefined);
      if (!part || this.camera !== 'walk') return start;
      walkPart = part;
      const walk = this.#roomWalk(part, room);
      this.#opened = { model: room.model, walk };
      return { ...start, walk: { ...walk.setup, reducedMotion: prefersReducedMotion() } };
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.#waiting = undefined;
      this.#world = undefined;
      const opened = this.#opened;
      this.#opened = undefined;
      // the drawing opened walking: its walk is in it already
      if (opened?.model === context.model) return this.#take(opened.walk);
      // before the first frame (on the page, and in the worker where it waits for the scene) when the
      // part is here: every frame drawn is the walker's
      if (walkPart) return this.#walk(walkPart, context);
      this.#waiting = context;
      if (this.camera === 'walk') this.#load();
    }

    // no viewGone(): a reload's new view can be ready before the old one is gone (the render worker),
    // and frames come only from the view shown, so the world is simply replaced by the next viewReady()

    #load(): void {
      loadWalk().then(
        (part) => {
          walkPart = part;
          const context = this.#waiting;
          this.#waiting = undefined;
          if (context && context === this.viewContext) this.#walk(part, context);
        },
        // a part that could not be had: tried again by the next room, or the next switch to walking
        () => undefined,
      );
    }

    #walk(part: WalkPart, context: ViewerContext): void {
      const walk = this.#roomWalk(part, context);
      this.#take(walk);
      context.drawing.setWalk({ ...walk.setup, reducedMotion: prefersReducedMotion() });
    }

    /** The room's walk, from where the stairs brought the walker if they did. */
    #roomWalk(part: WalkPart, room: Pick<ViewerContext, 'model' | 'plan'>) {
      const arrival = this.#arrival;
      this.#arrival = undefined;
      return part.roomWalk(room, this.fmlShown, arrival);
    }

    /** The walk of the room shown: its world and stairs followed from the frames. */
    #take(walk: import('./walk-part.js').RoomWalk): void {
      this.#world = walk.world;
      this.#armed = walk.armed;
      if (walk.warning && this.camera === 'walk') console.warn(`<room-viewer> ${walk.warning}`);
    }

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      // the first frame is on screen: the walk's part now
      if (this.#waiting && frame.frames === 1) afterFirstFrame(() => this.#load());
      const world = this.#world;
      if (this.camera !== 'walk' || !world?.stairs.length || !walkPart) return;
      const step = walkPart.stairStep(world, frame.pose, this.#armed);
      this.#armed = step.armed;
      if (step.to === undefined) return;
      this.#arrival = step.arrival;
      this.floor = String(step.to);
    }
  }
  return WithWalk;
}
