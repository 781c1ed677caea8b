/**
 * Views that frame one thing (a component, an area) and the eased flight of a viewer's camera to
 * a view. Everything here is in world space (metres, y up; axes.ts): callers that speak model space
 * convert with toWorld() first.
 *
 * The flight runs inside the view's own render loop (RoomView.frameListeners): each drawn frame
 * places the camera for the next one, so a hidden or paused view costs nothing, and a flight never
 * draws more frames than the shared renderer would anyway.
 */
import { Box3, MathUtils, Spherical, Vector3 } from 'three';
import type { AreaGeometry, ModelComponent } from '../model/types.js';
import { toWorld } from './axes.js';
import { componentMatrix } from './components.js';
// the jump itself is camera maths the render worker's first stage has too (the opening camera)
import { jumpToPlace } from './opening-camera.js';
import type { RoomView } from './room-view.js';

/** Places the camera and the orbit target at once. */
export function jumpTo(view: RoomView, to: CameraView): void {
  jumpToPlace(view, { position: to.position.toArray(), target: to.target.toArray() });
}

export interface CameraView {
  position: Vector3;
  target: Vector3;
}

/** How long a flight takes, milliseconds. */
export const FLY_DURATION = 600;

/** Looking down at this angle from straight up: high enough to see over a table, low enough to read a sofa. */
const FRAME_POLAR = MathUtils.degToRad(58);

/** Where a view without a usable current direction looks from (around the vertical). */
const DEFAULT_AZIMUTH = MathUtils.degToRad(-35);

/** Smallest radius framed, metres: a lamp should not fill the whole view. */
const MIN_RADIUS = 0.35;

/** A component's box in world space (its bounding box placed by position and rotation). */
export function componentBox(component: ModelComponent, target = new Box3()): Box3 {
  const matrix = componentMatrix(component);
  const [min, max] = component.boundingBox;
  target.makeEmpty();
  const corner = new Vector3();
  for (let i = 0; i < 8; i++) {
    corner
      .set(i & 1 ? max[0] : min[0], i & 2 ? max[1] : min[1], i & 4 ? max[2] : min[2])
      .applyMatrix4(matrix);
    target.expandByPoint(toWorld([corner.x, corner.y, corner.z]));
  }
  return target;
}

/** An area's floor and the space above it up to `height` (centimetres), in world space. */
export function areaBox(area: AreaGeometry, height: number, target = new Box3()): Box3 {
  target.makeEmpty();
  for (const [x, y] of area.polygon) {
    target.expandByPoint(toWorld([x, y, 0]));
    target.expandByPoint(toWorld([x, y, height]));
  }
  return target;
}

/**
 * A view that shows all of `box`: it looks at the box's centre from above at an angle, from the side
 * the camera already looks from (so the flight turns as little as it can), far enough back that the
 * box fits the view with a margin.
 */
export function frameBox(
  view: RoomView,
  box: Box3,
  options: { margin?: number; center?: Vector3 } = {},
): CameraView {
  const camera = view.camera;
  const target = options.center?.clone() ?? box.getCenter(new Vector3());
  const size = box.getSize(new Vector3());
  const radius = Math.max(MIN_RADIUS, size.length() / 2);
  const vertical = MathUtils.degToRad(camera.fov) / 2;
  const horizontal = Math.atan(Math.tan(vertical) * Math.max(camera.aspect, 1e-3));
  const controls = view.controls;
  const distance = MathUtils.clamp(
    (radius / Math.sin(Math.min(vertical, horizontal))) * (options.margin ?? 1.15),
    controls.minDistance,
    controls.maxDistance,
  );
  const from = camera.position.clone().sub(controls.target);
  const azimuth = Math.hypot(from.x, from.z) > 1e-6 ? Math.atan2(from.x, from.z) : DEFAULT_AZIMUTH;
  const position = target
    .clone()
    .add(new Vector3().setFromSpherical(new Spherical(distance, FRAME_POLAR, azimuth)));
  return { position, target };
}

/** A view that frames one component, from a pleasant angle (helper of `focus-component` and `flyTo(id)`). */
export function frameComponent(view: RoomView, component: ModelComponent): CameraView {
  return frameBox(view, componentBox(component));
}

/**
 * A view into one area: looking at a point inside it (its label point, which lies inside even an L-shaped
 * room) a little above the floor, with the whole area in view.
 */
export function frameArea(view: RoomView, area: AreaGeometry, height: number): CameraView {
  const box = areaBox(area, height * 0.4);
  const center = toWorld([area.labelPoint[0], area.labelPoint[1], height * 0.2]);
  return frameBox(view, box, { margin: 0.9, center });
}

/** A view from plain world points (element code holds no three.js classes). */
export function cameraView(position: readonly number[], target: readonly number[]): CameraView {
  return { position: new Vector3().fromArray(position), target: new Vector3().fromArray(target) };
}

/** Whether the page asks for reduced motion (a flight then jumps). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export interface FlyOptions {
  /** Milliseconds (default FLY_DURATION). */
  duration?: number;
  /** Jump instead of flying (default: the page's prefers-reduced-motion). */
  jump?: boolean;
}

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

const flights = new WeakMap<RoomView, () => void>();

/**
 * Eases the camera and its orbit target to `to` over ~600 ms. The offset from target to camera turns
 * in spherical coordinates (the shorter way round) so the camera swings around the room instead of
 * cutting through it. Resolves true on arrival, false when interrupted: by another flight, or by the
 * user grabbing the controls (the camera then stays where the user has it). A view that stops drawing
 * (hidden, disposed) still settles: the flight jumps to its end after a grace period.
 */
export function flyTo(view: RoomView, to: CameraView, options: FlyOptions = {}): Promise<boolean> {
  flights.get(view)?.();
  const duration = options.duration ?? FLY_DURATION;
  if (options.jump ?? prefersReducedMotion()) {
    jumpTo(view, to);
    return Promise.resolve(true);
  }
  // the controls in place now: the render worker's view swaps its stand-in for OrbitControls once its
  // first frame is drawn (still-controls.ts), so each step takes them as they are then
  let controls = view.controls;
  const fromTarget = controls.target.clone();
  const from = new Spherical().setFromVector3(view.camera.position.clone().sub(fromTarget));
  const end = new Spherical().setFromVector3(to.position.clone().sub(to.target));
  // the shorter way round the vertical
  let turn = end.theta - from.theta;
  turn -= Math.round(turn / (2 * Math.PI)) * 2 * Math.PI;
  const offset = new Spherical();
  const started = performance.now();
  return new Promise<boolean>((resolve) => {
    const finish = (arrived: boolean) => {
      view.frameListeners.delete(step);
      controls.removeEventListener('start', grabbed);
      clearTimeout(timer);
      if (flights.get(view) === stop) flights.delete(view);
      resolve(arrived);
    };
    const stop = () => finish(false);
    const grabbed = () => finish(false);
    const place = (t: number) => {
      if (view.controls !== controls) {
        controls.removeEventListener('start', grabbed);
        controls = view.controls;
        controls.addEventListener('start', grabbed);
      }
      const k = easeInOut(Math.min(1, Math.max(0, t)));
      offset.set(
        MathUtils.lerp(from.radius, end.radius, k),
        MathUtils.lerp(from.phi, end.phi, k),
        from.theta + turn * k,
      );
      controls.target.lerpVectors(fromTarget, to.target, k);
      view.camera.position.setFromSpherical(offset).add(controls.target);
      view.camera.lookAt(controls.target);
      controls.update();
      view.requestRender();
    };
    const step = () => {
      const t = (performance.now() - started) / Math.max(1, duration);
      if (t >= 1) {
        jumpTo(view, to);
        finish(true);
        return;
      }
      place(t);
    };
    flights.set(view, stop);
    view.frameListeners.add(step);
    controls.addEventListener('start', grabbed);
    const timer = setTimeout(() => {
      jumpTo(view, to);
      finish(true);
    }, duration + 1000);
    place(0);
  });
}
