/**
 * Orbit / zoom / pan with mouse, touch and keyboard: three's OrbitControls on the viewer's canvas,
 * keys on the element itself (arrows pan, shift/ctrl + arrows orbit, + and − zoom).
 */
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { PerspectiveCamera } from 'three';

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
