/**
 * `<room-viewer>` feature: a camera a page can link to (`camera-orbit`, `camera-target`, in
 * model-viewer's syntax, features/camera-attributes.ts) and `flyTo()`. A mixin over RoomViewerBase (base.ts).
 *
 * Setting an attribute moves the camera at once; the user's moves are written back into both
 * attributes once the camera settles (not on every frame: a page that mirrors them into its URL gets
 * one change per gesture), and so is the end of every flight. Written values are rounded to the
 * millimetre and 0.01°, so the same attributes on another viewer give the same view.
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { lazyModule } from '../../../internal/lazy-module.js';
import { prefersReducedMotion } from '../../../features/motion/reduced-motion.js';
import { modelToWorld } from '../../../features/motion/camera-feed.js';
import type { CameraPose, DrawnFrame } from '../../../three/drawing.js';
import type { CameraChange } from '../../../three/room-view.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { FlyTarget } from './camera-moves.js';
import type { Constructor } from '../../../internal/mixin.js';

export type { FlyTarget };

/** Where the camera goes (features/camera-moves.ts): loaded when the attributes are set, the camera moves or a flight starts. */
const loadMoves = lazyModule(() => import('./camera-moves.js'));
type Moves = typeof import('./camera-moves.js');
/** The moves once loaded (so a settled camera is written back without waiting). */
let loadedMoves: Moves | undefined;
const movesNow = (): Moves | Promise<Moves> => loadedMoves ?? loadMoves().then((m) => (loadedMoves = m));

/** Milliseconds without a user move before the attributes are written back. */
const SETTLE_MS = 250;

/** What the mixin adds (documented on the class below). */
export interface ViewerCameraProperties {
  cameraOrbit?: string;
  cameraTarget?: string;
  flyTo(target: FlyTarget): Promise<void>;
}

// the declared return type: the declaration build cannot name the anonymous class's private members
export function ViewerCamera<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerCameraProperties> {
  abstract class WithCamera extends Base {
    /**
     * Where the camera stands around its target, model-viewer's syntax: `θ φ r` (around the vertical,
     * down from straight up, distance), e.g. `45deg 60deg 6m`; `auto` keeps a value. Setting it moves
     * the camera; the user's moves are written back when the camera settles.
     */
    @property({ attribute: 'camera-orbit', reflect: true }) cameraOrbit?: string;

    /**
     * The point the camera looks at: `x y z` in metres, y up, over the model's origin (x = the model's
     * x, y = height above its floor, z = minus the model's y), e.g. `1.2m 0m 3.4m`. Reflected like
     * `camera-orbit`.
     */
    @property({ attribute: 'camera-target', reflect: true }) cameraTarget?: string;

    /** The values this element wrote itself (their update must not move the camera again). */
    #written: { orbit?: string; target?: string } = {};
    #settle?: ReturnType<typeof setTimeout>;
    /** flyTo() calls made before a room was on screen: they land when it is. */
    #waiting: { target: FlyTarget; resolve: () => void; reject: (error: unknown) => void }[] = [];

    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    constructor(...args: any[]) {
      super(...args);
      // a room that cannot be shown: flights waiting for it fail with its error
      this.addEventListener('model-error', (event) => {
        if (!event.detail.fatal) return;
        for (const { reject } of this.#waiting.splice(0)) reject(event.detail.error);
      });
    }

    /**
     * Moves the camera to `target`: an area's name (looks into it from above at an angle), a component's
     * id (frames it), a `camera-orbit` string (about the current target), or `{ position, target }` in
     * model space (centimetres, z up, as `camera-change` gives it). Animates over ~0.6 s, or jumps when
     * the page prefers reduced motion. Resolves when the camera arrives (also when the user takes over
     * on the way); rejects when the target names nothing in the room. Called before the room is shown,
     * the camera starts there (and the promise rejects if the room cannot be shown).
     */
    async flyTo(target: FlyTarget): Promise<void> {
      const context = this.viewContext;
      if (!context) return new Promise((resolve, reject) => this.#waiting.push({ target, resolve, reject }));
      const moves = await movesNow();
      if (this.viewContext !== context) return; // the room went while the code to fly arrived
      const pose = await context.drawing.moveCamera(
        moves.flyRequest(context, target),
        !prefersReducedMotion(),
      );
      if (this.viewContext === context) this.#reflect(moves, pose);
    }

    /** An area's button in the room description was activated: the camera flies into that area. */
    protected areaActivated(area: { name: string }): void {
      this.flyTo(area.name).catch(() => undefined);
    }

    protected override featuresAtStart(): boolean {
      // the opening view is the one the attributes or an early flyTo() ask for
      const asked = !!this.cameraOrbit || !!this.cameraTarget || this.#waiting.length > 0;
      if (asked) void Promise.resolve(movesNow()).catch(() => undefined);
      return super.featuresAtStart() || asked;
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.addEventListener('camera-change', this.#onUserMove);
      this.#applyAttributes(context);
      this.#land(context);
    }

    /** Flights asked for before the room was shown: the camera starts where the last one goes (a jump). */
    #land(context: ViewerContext): void {
      if (!this.#waiting.length) return;
      const moves = movesNow();
      if (moves instanceof Promise) {
        moves.then(
          () => this.viewContext === context && this.#land(context),
          (error: unknown) => this.#waiting.splice(0).forEach(({ reject }) => reject(error)),
        );
        return;
      }
      for (const { target, resolve, reject } of this.#waiting.splice(0)) {
        try {
          context.drawing.moveCamera(moves.flyRequest(context, target), false).then((pose) => {
            if (this.viewContext === context) this.#reflect(moves, pose);
            resolve();
          }, reject);
        } catch (error) {
          reject(error);
        }
      }
    }

    protected override viewGone(): void {
      super.viewGone();
      this.removeEventListener('camera-change', this.#onUserMove);
      clearTimeout(this.#settle);
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      const context = this.viewContext;
      if (!context) return;
      const orbitChanged = changed.has('cameraOrbit') && this.cameraOrbit !== this.#written.orbit;
      const targetChanged = changed.has('cameraTarget') && this.cameraTarget !== this.#written.target;
      if (orbitChanged || targetChanged) this.#applyAttributes(context);
    }

    /** Puts the camera where the attributes say (values they leave out or cannot be read stay). */
    #applyAttributes(context: ViewerContext): void {
      if (!this.cameraOrbit && !this.cameraTarget) return;
      const moves = movesNow();
      if (moves instanceof Promise) {
        // set after the room opened: the camera moves once the code that reads them is here
        moves.then(
          () => this.viewContext === context && this.#applyAttributes(context),
          () => undefined,
        );
        return;
      }
      const request = moves.attributeRequest(this.cameraOrbit, this.cameraTarget);
      if (!request) return;
      this.#written = { orbit: this.cameraOrbit, target: this.cameraTarget };
      context.drawing.moveCamera(request, false).catch(() => undefined);
    }

    #onUserMove = ({ detail }: CustomEvent<CameraChange>) => {
      clearTimeout(this.#settle);
      // what writes the camera back is loaded as the first move starts
      const moves = movesNow();
      // the camera the move left, for when no frame was drawn since (the render worker may lag behind)
      const moved: CameraPose = {
        ...(this.viewContext?.drawing.pose ?? { fov: 0, aspect: 1 }),
        position: modelToWorld(detail.position),
        target: modelToWorld(detail.target),
      };
      const at = performance.now();
      this.#settle = setTimeout(
        () =>
          Promise.resolve(moves).then(
            // the last frame's camera when it was drawn after the move (damping below OrbitControls'
            // change threshold still creeps), else the move's own
            (loaded) => this.#reflect(loaded, this.#frameAt > at ? this.viewContext?.drawing.pose : moved),
            () => undefined,
          ),
        SETTLE_MS,
      );
    };

    /** When the last frame was drawn (page time). */
    #frameAt = 0;

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      this.#frameAt = performance.now();
    }

    /** Writes the camera into the attributes (rounded; the update this causes does not move the camera). */
    #reflect(moves: Moves, pose: CameraPose | undefined): void {
      if (!pose || !this.viewContext) return;
      const { orbit, target } = moves.cameraAttributes(pose);
      this.#written = { orbit, target };
      this.cameraOrbit = orbit;
      this.cameraTarget = target;
    }
  }
  return WithCamera;
}
