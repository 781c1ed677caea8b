/**
 * `<room-viewer>` feature: walk mode's page side (`camera="walk"`, docs/walk.md). Reads where a walk
 * starts (the floor's first walkthrough camera, else the largest area's centre; a camera outside
 * every area says so on the console) and which floor each staircase leads to from the FML plan, and
 * gives both to the drawing (src/three/walk/walk-controls.ts walks, on either thread). From the frames'
 * camera it sees the walker step onto a staircase that leads somewhere and shows that floor, the
 * walker arriving where the stairs come out. A mixin over RoomViewerBase (base.ts).
 */
import type { PropertyValues } from 'lit';
import { lazyModule } from '../../../internal/lazy-module.js';
import type { DrawnFrame } from '../../../three/drawing.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { Constructor } from '../../../internal/mixin.js';
import { LazyPart } from './lazy-part.js';
import type { WalkHost, Walker } from './walker.js';

/**
 * The walk's working part (walker.ts, with the walk world of src/model/walk/): loaded with
 * `camera="walk"`, at the start while the room loads, so the first frame is the walker's.
 */
const loadWalker = lazyModule(() => import('./walker.js'));

export function ViewerWalk<T extends Constructor<RoomViewerBase>>(Base: T): T {
  abstract class WithWalk extends Base {
    #walker = new LazyPart<Walker, WalkHost>(
      this,
      {
        camera: () => this.camera,
        fml: () => this.fmlShown,
        shown: () => this.viewContext,
        goTo: (floor) => (this.floor = floor),
      },
      loadWalker,
    );

    override connectedCallback(): void {
      super.connectedCallback();
      if (this.camera === 'walk') this.#walker.start();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      // (its arrival sets up the walk of the room shown then)
      if (changed.has('camera') && this.camera === 'walk') this.#walker.start();
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      // before the first frame when the part is here (every frame drawn is the walker's)
      this.#walker.value?.ready(context);
    }

    // no viewGone(): a reload's new view can be ready before the old one is gone (the render worker),
    // and frames come only from the view shown, so the world is simply replaced by the next viewReady()

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      this.#walker.value?.frame(frame);
    }
  }
  return WithWalk;
}
