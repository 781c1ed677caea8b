/**
 * Orbit / zoom / pan with mouse, touch and keyboard: three's OrbitControls on the viewer's canvas,
 * keys on the element itself (arrows pan, shift/ctrl + arrows orbit, + and − zoom).
 */
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { TOUCH, type PerspectiveCamera } from 'three';

export function createControls(
  camera: PerspectiveCamera,
  pointerElement: HTMLElement,
  keyElement: HTMLElement,
  radius: number,
): OrbitControls {
  const controls = new OrbitControls(camera, pointerElement);
  controls.enableDamping = true;
  controls.dampingFactor = 0.15;
  controls.screenSpacePanning = true;
  controls.minDistance = 0.05;
  controls.maxDistance = Math.max(5, radius * 8);
  controls.autoRotateSpeed = 1.5;
  controls.keyPanSpeed = 12;
  controls.listenToKeyEvents(keyElement);
  return controls;
}

/** Moves the camera towards (factor < 1) or away from (factor > 1) the target: keyboard zoom. */
export function dolly(controls: OrbitControls, factor: number): void {
  const camera = controls.object;
  const offset = camera.position.clone().sub(controls.target);
  const length = Math.min(controls.maxDistance, Math.max(controls.minDistance, offset.length() * factor));
  camera.position.copy(controls.target).add(offset.setLength(length));
  controls.update();
}

/**
 * Lets `allow` decide, wheel turn by wheel turn, whether the wheel zooms (OrbitControls' own listener
 * runs as ever) or is left to the page, which then scrolls (src/features/fullscreen/wheel-guard.ts). Listens on
 * `host` around the canvas: the capture phase runs before OrbitControls' listener on the canvas and
 * the bubble phase after it, so the page's own wheel listeners still see every event.
 */
export function gateWheel(
  controls: OrbitControls,
  host: HTMLElement,
  allow: (event: WheelEvent) => boolean,
): () => void {
  let saved: boolean | undefined;
  const before = (event: WheelEvent) => {
    if (!controls.enabled || !controls.enableZoom || !event.composedPath().includes(controls.domElement!))
      return;
    saved = controls.enableZoom;
    controls.enableZoom = allow(event);
  };
  const after = () => {
    if (saved !== undefined) controls.enableZoom = saved;
    saved = undefined;
  };
  host.addEventListener('wheel', before, { capture: true, passive: true });
  host.addEventListener('wheel', after, { passive: true });
  return () => {
    host.removeEventListener('wheel', before, { capture: true });
    host.removeEventListener('wheel', after);
    after();
  };
}

/**
 * One finger scrolls the page (`scrolls`; the element's styles give the canvas `touch-action: pan-x pan-y`)
 * and two move the view: they orbit and pinch-zoom. Otherwise one finger orbits and two pan and zoom.
 */
export function touchScrolls(controls: OrbitControls, scrolls: boolean): void {
  controls.touches = scrolls
    ? { ONE: null, TWO: TOUCH.DOLLY_ROTATE }
    : { ONE: TOUCH.ROTATE, TWO: TOUCH.DOLLY_PAN };
}
