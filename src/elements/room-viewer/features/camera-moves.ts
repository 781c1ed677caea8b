/**
 * Where `<room-viewer>`'s camera goes (features/camera.ts): the view `camera-orbit` / `camera-target`
 * ask for, a `flyTo()` target's view, and the camera written back in the attributes' syntax
 * (features/camera-attributes.ts). Loaded when the attributes are set, the camera first moves or a flight
 * starts, so a viewer's first frame does not wait for it unless its opening view needs it, with the
 * camera's working part (CameraPart: flights, the attributes applied and written back). It names
 * where to go; the drawing, on either thread, works out the view (src/three/view-driver.ts).
 */
import type { Vec3 } from '../../../model/types.js';
import { prefersReducedMotion } from '../../../features/motion/reduced-motion.js';
import { modelToWorld } from '../../../features/motion/camera-feed.js';
import type { CameraPose, CameraRequest } from '../../../three/drawing.js';
import type { CameraChange } from '../../../three/room-view.js';
import {
  formatCameraOrbit,
  formatCameraTarget,
  orbitOf,
  parseCameraOrbit,
  parseCameraTarget,
} from './camera-attributes.js';
import type { ViewerContext } from '../base.js';

/** Where `flyTo()` goes: an area's name, a component's id, a `camera-orbit` string, or a view in model space. */
export type FlyTarget = string | { position: Vec3; target: Vec3 };

/** The camera request the attributes make (values they leave out or cannot be read stay); undefined: none. */
export function attributeRequest(
  orbitText: string | undefined,
  targetText: string | undefined,
): CameraRequest | undefined {
  const orbit = parseCameraOrbit(orbitText);
  const target = parseCameraTarget(targetText);
  if (!orbit && !target) return undefined;
  return { ...(orbit ? { orbit } : {}), ...(target ? { target } : {}) };
}

/** The camera request of a `flyTo()` target; throws when it names nothing in the room. */
export function flyRequest(context: Pick<ViewerContext, 'model' | 'plan'>, target: FlyTarget): CameraRequest {
  const { model, plan } = context;
  if (typeof target !== 'string') {
    if (!target || !isVec3(target.position) || !isVec3(target.target))
      throw new TypeError('flyTo: a view is { position, target } in model space, each [x, y, z]');
    return { model: { position: target.position, target: target.target } };
  }
  const name = target.trim();
  const area = plan.areas.find((a) => a.name === name) ?? plan.areas.find((a) => a.label === name);
  if (area) return { area: area.name };
  if (model.components.some((c) => c.id === name)) return { component: name };
  const orbit = parseCameraOrbit(name);
  if (orbit) return { orbit };
  throw new RangeError(`flyTo: no area, component or camera-orbit "${name}" in this room`);
}

/** The camera as the attributes write it (rounded to the millimetre and 0.01°). */
export function cameraAttributes(pose: CameraPose): { orbit: string; target: string } {
  return {
    orbit: formatCameraOrbit(orbitOf(pose.position, pose.target)),
    target: formatCameraTarget(pose.target),
  };
}

function isVec3(value: unknown): value is Vec3 {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    value.every((n) => typeof n === 'number' && Number.isFinite(n))
  );
}

/** Milliseconds without a user move before the attributes are written back. */
const SETTLE_MS = 250;

/** What the camera's part reads of its viewer (features/camera.ts makes it). */
export interface CameraHost {
  element: { cameraOrbit?: string; cameraTarget?: string };
  /** The room shown now (undefined: none). */
  context(): ViewerContext | undefined;
}

/** A flight asked for before the room was shown. */
export interface WaitingFlight {
  target: FlyTarget;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export const make = (host: CameraHost): CameraPart => new CameraPart(host);

/**
 * The camera's working part of one viewer: flights, the attributes applied, and the camera written back
 * into them once it settles (not on every frame: a page that mirrors them into its URL gets one change
 * per gesture), rounded so the same attributes on another viewer give the same view.
 */
export class CameraPart {
  /** The values this element wrote itself (their update must not move the camera again). */
  #written: { orbit?: string; target?: string } = {};
  #settle?: ReturnType<typeof setTimeout>;
  /** When the last frame was drawn (page time). */
  #frameAt = 0;

  constructor(private readonly host: CameraHost) {}

  /** flyTo() with a room shown (`context`), as its JSDoc says (features/camera.ts). */
  async fly(context: ViewerContext, target: FlyTarget): Promise<void> {
    const pose = await context.drawing.moveCamera(flyRequest(context, target), !prefersReducedMotion());
    if (this.host.context() === context) this.#reflect(pose);
  }

  /** Flights asked for before the room was shown: the camera starts where the last one goes (a jump). */
  land(context: ViewerContext, waiting: WaitingFlight[]): void {
    for (const { target, resolve, reject } of waiting) {
      try {
        context.drawing.moveCamera(flyRequest(context, target), false).then((pose) => {
          if (this.host.context() === context) this.#reflect(pose);
          resolve();
        }, reject);
      } catch (error) {
        reject(error);
      }
    }
  }

  /** The attributes as the page set them (not as this part wrote them) move the camera. */
  attributesChanged(context: ViewerContext): void {
    const { cameraOrbit, cameraTarget } = this.host.element;
    if (cameraOrbit !== this.#written.orbit || cameraTarget !== this.#written.target) this.apply(context);
  }

  /** Puts the camera where the attributes say (values they leave out or cannot be read stay). */
  apply(context: ViewerContext): void {
    const { cameraOrbit, cameraTarget } = this.host.element;
    const request = attributeRequest(cameraOrbit, cameraTarget);
    if (!request) return;
    this.#written = { orbit: cameraOrbit, target: cameraTarget };
    context.drawing.moveCamera(request, false).catch(() => undefined);
  }

  /** The user moved the camera (`at` page time, `last` the drawing's camera then): written back once it settles. */
  moved(change: CameraChange, at: number, last: CameraPose | undefined): void {
    clearTimeout(this.#settle);
    // the camera the move left, for when no frame was drawn since (the render worker may lag behind)
    const moved: CameraPose = {
      ...(last ?? { fov: 0, aspect: 1 }),
      position: modelToWorld(change.position),
      target: modelToWorld(change.target),
    };
    this.#settle = setTimeout(() => {
      // the last frame's camera when it was drawn after the move (damping below OrbitControls'
      // change threshold still creeps), else the move's own
      this.#reflect(this.#frameAt > at ? this.host.context()?.drawing.pose : moved);
    }, SETTLE_MS);
  }

  frame(): void {
    this.#frameAt = performance.now();
  }

  gone(): void {
    clearTimeout(this.#settle);
  }

  /** Writes the camera into the attributes (rounded; the update this causes does not move the camera). */
  #reflect(pose: CameraPose | undefined): void {
    if (!pose || !this.host.context()) return;
    const { orbit, target } = cameraAttributes(pose);
    this.#written = { orbit, target };
    this.host.element.cameraOrbit = orbit;
    this.host.element.cameraTarget = target;
  }
}
