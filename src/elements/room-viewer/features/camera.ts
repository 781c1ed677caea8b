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
import type { DrawnFrame, OpeningCamera } from '../../../three/drawing.js';
import type { CameraChange } from '../../../three/room-view.js';
import type { RoomViewerBase, ViewerContext } from '../base.js';
import type { CameraHost, CameraPart, FlyTarget, WaitingFlight } from './camera-moves.js';
import type { Constructor } from '../../../internal/mixin.js';
import { LazyPart } from './lazy-part.js';

export type { FlyTarget };

/**
 * Where the camera goes and what writes it back (features/camera-moves.ts): loaded when the attributes
 * are set, the camera first moves or a flight starts.
 */
const loadMoves = lazyModule(() => import('./camera-moves.js'));

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

    /** flyTo() calls made before a room was on screen: they land when it is. */
    #waiting: WaitingFlight[] = [];
    #part = new LazyPart<CameraPart, CameraHost>(
      this,
      { element: this, context: () => this.viewContext },
      loadMoves,
    );

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
      const part = await this.#part.get();
      // the room went while the code to fly arrived
      if (this.viewContext === context) return part.fly(context, target);
    }

    /** An area's button in the room description was activated: the camera flies into that area. */
    protected areaActivated(area: { name: string }): void {
      this.flyTo(area.name).catch(() => undefined);
    }

    protected override featuresAtStart(): boolean {
      // the opening view is the one the attributes or an early flyTo() ask for
      const asked = this.#asked() || this.#waiting.length > 0;
      if (asked) this.#part.start();
      return super.featuresAtStart() || asked;
    }

    #asked(): boolean {
      return !!this.cameraOrbit || !!this.cameraTarget;
    }

    /** The attributes the drawing opened with (their values then): its take-up does not apply them again. */
    #opened?: { orbit?: string; target?: string };

    /** The first frame is drawn where the attributes say (the part that reads them comes with the room). */
    protected override async openingCamera(
      room: Pick<ViewerContext, 'model' | 'plan'>,
    ): Promise<OpeningCamera> {
      const start = await super.openingCamera(room);
      this.#opened = undefined;
      if (!this.#asked()) return start;
      const moves = await loadMoves().catch(() => undefined);
      const { cameraOrbit: orbit, cameraTarget: target } = this;
      const request = moves?.attributeRequest(orbit, target);
      if (!request || !('orbit' in request || 'target' in request)) return start;
      this.#opened = { orbit, target };
      return { ...start, ...request };
    }

    protected override viewReady(context: ViewerContext): void {
      super.viewReady(context);
      this.addEventListener('camera-change', this.#onUserMove);
      if (!this.#asked() && !this.#waiting.length) return;
      // at once when the part is here (before the first frame), else as it arrives
      // (the attributes as the drawing opened with them are in its first frame already: not again)
      const opened = this.#opened;
      this.#opened = undefined;
      const already = opened?.orbit === this.cameraOrbit && opened?.target === this.cameraTarget;
      const take = (part: CameraPart) => {
        if (this.viewContext !== context) return;
        if (!already) part.apply(context);
        part.land(context, this.#waiting.splice(0));
      };
      const part = this.#part.value;
      if (part) take(part);
      else
        this.#part.get().then(take, (error: unknown) => {
          for (const { reject } of this.#waiting.splice(0)) reject(error);
        });
    }

    protected override viewGone(): void {
      super.viewGone();
      this.removeEventListener('camera-change', this.#onUserMove);
      this.#part.value?.gone();
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      const context = this.viewContext;
      if (!context || !(changed.has('cameraOrbit') || changed.has('cameraTarget'))) return;
      // set after the room opened: the camera moves once the code that reads them is here
      this.#part.get().then(
        (part) => this.viewContext === context && part.attributesChanged(context),
        () => undefined,
      );
    }

    /** The user moved the camera: written back into the attributes once it settles (the part loads with the first move). */
    #onUserMove = ({ detail }: CustomEvent<CameraChange>) => {
      const at = performance.now();
      const last = this.viewContext?.drawing.pose;
      this.#part.get().then(
        (part) => part.moved(detail, at, last),
        () => undefined,
      );
    };

    protected override drawnFrame(frame: DrawnFrame): void {
      super.drawnFrame(frame);
      this.#part.value?.frame();
    }
  }
  return WithCamera;
}
