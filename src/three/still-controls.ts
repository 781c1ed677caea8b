/**
 * The camera's controls until three's OrbitControls arrive (issue 33, a lighter first frame): in the
 * render worker OrbitControls (about 4 KB gzip) are a later stage (controls.ts), loaded once the
 * first frame is drawn, since nobody can move a camera that is not on screen yet. Until then a view
 * holds these: they keep what is set on them (target, enabled, auto-rotation, touches, the orbit's
 * limits), which the real controls take over when they arrive (RoomView), and their `update()` places
 * the camera with OrbitControls' own arithmetic for a camera no one is moving, step by step as
 * OrbitControls.update() does it (the spherical round trip, the target's clamp), so the first frame's
 * camera is the same to the last bit (test/node/still-controls.test.ts compares the two).
 */
import {
  EventDispatcher,
  Quaternion,
  Spherical,
  TOUCH,
  Vector3,
  type Camera,
  type PerspectiveCamera,
} from 'three';

/** What a view and its features ask of the camera's controls: OrbitControls, or these until they come. */
export interface ViewControls {
  readonly object: Camera;
  /** Where pointer input is heard (OrbitControls'); none for the stand-in. */
  readonly domElement?: HTMLElement | SVGElement | null;
  readonly target: Vector3;
  enabled: boolean;
  autoRotate: boolean;
  enableRotate: boolean;
  enablePan: boolean;
  enableZoom: boolean;
  minDistance: number;
  maxDistance: number;
  touches: { ONE?: TOUCH | null; TWO?: TOUCH | null };
  update(deltaTime?: number | null): boolean;
  addEventListener(type: 'change' | 'start' | 'end', listener: () => void): void;
  removeEventListener(type: 'change' | 'start' | 'end', listener: () => void): void;
  dispatchEvent(event: { type: 'change' | 'start' | 'end' }): void;
  dispose(): void;
}

/** The settings createControls() (controls.ts) gives OrbitControls: the stand-in starts from the same. */
export const CONTROL_SETTINGS = {
  enableDamping: true,
  dampingFactor: 0.15,
  minDistance: 0.05,
  autoRotateSpeed: 1.5,
};

/** The most a view's camera may stand from its target: eight times the room's radius, at least 5 m. */
export const maxDistance = (radius: number): number => Math.max(5, radius * 8);

// OrbitControls' own constants
const EPS = 0.000001;
const TWO_PI = 2 * Math.PI;
const _v = new Vector3();

type Events = { change: object; start: object; end: object };

/** OrbitControls' state that a still camera needs, and update() as OrbitControls does it then. */
export class StillControls extends EventDispatcher<Events> implements ViewControls {
  readonly target = new Vector3();
  readonly cursor = new Vector3();
  enabled = true;
  autoRotate = false;
  enableRotate = true;
  enablePan = true;
  enableZoom = true;
  minDistance = 0;
  maxDistance = Infinity;
  touches: ViewControls['touches'] = { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_PAN };
  enableDamping = false;
  dampingFactor = 0.05;
  autoRotateSpeed = 2.0;
  readonly #quat: Quaternion;
  readonly #quatInverse: Quaternion;
  readonly #spherical = new Spherical();
  readonly #delta = new Spherical();
  readonly #lastPosition = new Vector3();
  readonly #lastQuaternion = new Quaternion();
  readonly #lastTarget = new Vector3();

  constructor(readonly object: PerspectiveCamera) {
    super();
    this.#quat = new Quaternion().setFromUnitVectors(object.up, new Vector3(0, 1, 0));
    this.#quatInverse = this.#quat.clone().invert();
    // as OrbitControls' constructor: its last-seen pose is the one this first update leaves
    this.update();
  }

  /** OrbitControls.update() with no pointer, no pan and no zoom under way (only auto-rotation). */
  update(deltaTime: number | null = null): boolean {
    const position = this.object.position;
    _v.copy(position).sub(this.target);
    _v.applyQuaternion(this.#quat);
    this.#spherical.setFromVector3(_v);
    if (this.autoRotate) {
      const angle =
        deltaTime !== null
          ? (TWO_PI / 60) * this.autoRotateSpeed * deltaTime
          : (TWO_PI / 60 / 60) * this.autoRotateSpeed;
      this.#delta.theta -= angle;
    }
    const damping = this.enableDamping ? this.dampingFactor : 1;
    this.#spherical.theta += this.#delta.theta * damping;
    this.#spherical.phi += this.#delta.phi * damping;
    // OrbitControls' polar limits are 0 and π
    this.#spherical.phi = Math.max(0, Math.min(Math.PI, this.#spherical.phi));
    this.#spherical.makeSafe();
    // the target's distance from the cursor (the origin: no zoom to the cursor) clamped to [0, ∞)
    this.target.sub(this.cursor);
    this.target.clampLength(0, Infinity);
    this.target.add(this.cursor);
    const radius = this.#spherical.radius;
    this.#spherical.radius = Math.max(this.minDistance, Math.min(this.maxDistance, radius));
    const zoomChanged = radius != this.#spherical.radius;
    _v.setFromSpherical(this.#spherical);
    _v.applyQuaternion(this.#quatInverse);
    position.copy(this.target).add(_v);
    this.object.lookAt(this.target);
    if (this.enableDamping) {
      this.#delta.theta *= 1 - this.dampingFactor;
      this.#delta.phi *= 1 - this.dampingFactor;
    } else this.#delta.set(0, 0, 0);
    if (
      zoomChanged ||
      this.#lastPosition.distanceToSquared(position) > EPS ||
      8 * (1 - this.#lastQuaternion.dot(this.object.quaternion)) > EPS ||
      this.#lastTarget.distanceToSquared(this.target) > EPS
    ) {
      this.dispatchEvent({ type: 'change' });
      this.#lastPosition.copy(position);
      this.#lastQuaternion.copy(this.object.quaternion);
      this.#lastTarget.copy(this.target);
      return true;
    }
    return false;
  }

  dispose(): void {}
}

/** A stand-in's settings, handed to the real controls when they arrive. */
export function takeOver(from: ViewControls, to: ViewControls): void {
  to.target.copy(from.target);
  to.enabled = from.enabled;
  to.autoRotate = from.autoRotate;
  to.enableRotate = from.enableRotate;
  to.enablePan = from.enablePan;
  to.enableZoom = from.enableZoom;
  to.touches = from.touches;
}

/** Moves the camera towards (factor < 1) or away from (factor > 1) the target: keyboard zoom. */
export function dolly(controls: ViewControls, factor: number): void {
  const camera = controls.object;
  const offset = camera.position.clone().sub(controls.target);
  const length = Math.min(controls.maxDistance, Math.max(controls.minDistance, offset.length() * factor));
  camera.position.copy(controls.target).add(offset.setLength(length));
  controls.update();
}

/**
 * One finger scrolls the page (`scrolls`; the element's styles give the canvas `touch-action: pan-x pan-y`)
 * and two move the view: they orbit and pinch-zoom. Otherwise one finger orbits and two pan and zoom.
 */
export function touchScrolls(controls: Pick<ViewControls, 'touches'>, scrolls: boolean): void {
  controls.touches = scrolls
    ? { ONE: null, TWO: TOUCH.DOLLY_ROTATE }
    : { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_PAN };
}

/** The stand-in with the settings createControls() gives OrbitControls (controls.ts). */
export function stillControls(camera: PerspectiveCamera, radius: number): StillControls {
  const controls = new StillControls(camera);
  Object.assign(controls, CONTROL_SETTINGS);
  controls.maxDistance = maxDistance(radius);
  return controls;
}
