/**
 * Orbit / zoom / pan with mouse, touch and keyboard: three's OrbitControls on the viewer's canvas,
 * keys on the element itself (arrows pan, shift/ctrl + arrows orbit, + and − zoom). In the render
 * worker this module is a later stage (issue 33): a view starts with still-controls.ts's stand-in and
 * takes these once its first frame is drawn (RoomView).
 */
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { PerspectiveCamera } from 'three';
import { CONTROL_SETTINGS, maxDistance, type ViewControls } from './still-controls.js';

export { dolly, touchScrolls } from './still-controls.js';

export function createControls(
  camera: PerspectiveCamera,
  pointerElement: HTMLElement,
  keyElement: HTMLElement,
  radius: number,
): OrbitControls {
  const controls = new OrbitControls(camera, pointerElement);
  Object.assign(controls, CONTROL_SETTINGS);
  controls.screenSpacePanning = true;
  controls.maxDistance = maxDistance(radius);
  controls.keyPanSpeed = 12;
  controls.listenToKeyEvents(keyElement);
  return controls;
}

/**
 * Lets `allow` decide, wheel turn by wheel turn, whether the wheel zooms (OrbitControls' own listener
 * runs as ever) or is left to the page, which then scrolls (src/features/fullscreen/wheel-guard.ts). Listens on
 * `host` around the canvas: the capture phase runs before OrbitControls' listener on the canvas and
 * the bubble phase after it, so the page's own wheel listeners still see every event.
 */
export function gateWheel(
  controls: ViewControls,
  host: HTMLElement,
  allow: (event: WheelEvent) => boolean,
): () => void {
  let saved: boolean | undefined;
  const before = (event: WheelEvent) => {
    if (
      !controls.enabled ||
      !controls.enableZoom ||
      !controls.domElement ||
      !event.composedPath().includes(controls.domElement)
    )
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
