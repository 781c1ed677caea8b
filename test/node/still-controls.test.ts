/**
 * The render worker draws its first frame before OrbitControls arrive (issue 33: they are a later
 * stage), with src/three/still-controls.ts's stand-in placing the camera. The first frame must be the
 * same to the last bit as with OrbitControls: the same camera from the same start views (RoomView's
 * setCameraMode: position, target, lookAt, update()), frame after frame, with auto-rotation, and the
 * same answer to "did it move" (which decides the instanced pieces' detail). Compared with three's
 * own OrbitControls, set as createControls() sets them (without a canvas: node has none).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PerspectiveCamera, Vector3 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import {
  CONTROL_SETTINGS,
  dolly,
  maxDistance,
  stillControls,
  takeOver,
  type ViewControls,
} from '../../src/three/still-controls.ts';

function orbit(camera: PerspectiveCamera, radius: number): OrbitControls {
  const controls = new OrbitControls(camera);
  Object.assign(controls, CONTROL_SETTINGS);
  controls.screenSpacePanning = true;
  controls.maxDistance = maxDistance(radius);
  return controls;
}

/** A camera's whole state as numbers: position, quaternion, world matrix. */
function pose(camera: PerspectiveCamera, controls: ViewControls): number[] {
  camera.updateMatrixWorld();
  return [
    ...camera.position.toArray(),
    ...camera.quaternion.toArray(),
    ...camera.matrixWorld.elements,
    ...controls.target.toArray(),
  ];
}

/** RoomView.setCameraMode's steps. */
function place(controls: ViewControls, camera: PerspectiveCamera, position: Vector3, target: Vector3) {
  camera.position.copy(position);
  controls.target.copy(target);
  camera.lookAt(target);
  controls.update();
}

// start views as camera.ts makes them: the model's camera, `orbit`'s angle, `top` a hair off vertical
const VIEWS: [string, Vector3, Vector3][] = [
  ['model camera', new Vector3(1.234567, 1.6, -3.3333), new Vector3(0.1, 1.2, 0.7)],
  ['orbit', new Vector3(4.81, 5.02, 6.87), new Vector3(0.37, 0.52, -0.29)],
  ['top', new Vector3(0.37, 61.3, 0.37 + 61.3e-4 - 0.29), new Vector3(0.37, 0.52, -0.29)],
  ['far away (clamped)', new Vector3(300, 20, 1), new Vector3(0, 0, 0)],
];

describe('the stand-in controls (still-controls.ts) place the camera as OrbitControls do', () => {
  for (const [name, position, target] of VIEWS)
    for (const autoRotate of [false, true])
      it(`${name}${autoRotate ? ', auto-rotating' : ''}: the same bits, frame after frame`, () => {
        const a = new PerspectiveCamera(60, 1.5, 0.05, 1000);
        const b = new PerspectiveCamera(60, 1.5, 0.05, 1000);
        const real = orbit(a, 7.3);
        const still = stillControls(b, 7.3);
        place(real, a, position, target);
        place(still, b, position, target);
        assert.deepEqual(pose(b, still), pose(a, real));
        real.autoRotate = still.autoRotate = autoRotate;
        for (const delta of [0.016, 0.017, 0.0331, 0.016, null]) {
          const moved = [real.update(delta), still.update(delta)];
          assert.equal(moved[1], moved[0], 'the same answer to "did it move"');
          assert.deepEqual(pose(b, still), pose(a, real));
        }
      });

  it('keyboard zoom (dolly) and what is set on the stand-in are taken over by OrbitControls', () => {
    const camera = new PerspectiveCamera(60, 1.5, 0.05, 1000);
    const still = stillControls(camera, 2);
    place(still, camera, new Vector3(3, 2, 1), new Vector3(0, 1, 0));
    dolly(still, 0.85);
    assert.ok(Math.abs(camera.position.distanceTo(still.target) - Math.hypot(3, 1, 1) * 0.85) < 1e-9);
    Object.assign(still, { enabled: false, autoRotate: true, enableZoom: false });
    still.touches = { ONE: null, TWO: 3 };
    const real = orbit(camera, 2);
    takeOver(still, real);
    assert.deepEqual(real.target.toArray(), still.target.toArray());
    assert.equal(real.enabled, false);
    assert.equal(real.autoRotate, true);
    assert.equal(real.enableZoom, false);
    assert.deepEqual(real.touches, { ONE: null, TWO: 3 });
  });
});
