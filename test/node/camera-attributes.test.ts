import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as camera from '../../src/elements/room-viewer/features/camera-attributes.ts';
import type { Vec3 } from '../../src/model/types.ts';

const close = (actual: number, expected: number, tolerance = 1e-9) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${actual} ≉ ${expected}`);
const deg = (d: number) => (d * Math.PI) / 180;

describe('camera-orbit', () => {
  it('reads model-viewer syntax with deg / rad and m / cm / mm', () => {
    const orbit = camera.parseCameraOrbit('45deg 60deg 6m')!;
    close(orbit.theta as number, deg(45));
    close(orbit.phi as number, deg(60));
    assert.equal(orbit.radius, 6);
    const other = camera.parseCameraOrbit('  1.5rad  0.5   250cm ')!;
    assert.deepEqual(other, { theta: 1.5, phi: 0.5, radius: 2.5 });
    assert.equal(camera.parseCameraOrbit('0deg 90deg 1500mm')!.radius, 1.5);
    assert.equal(camera.parseCameraOrbit('-30DEG 45Deg 2M')!.theta, deg(-30));
    // a bare length is metres, a bare angle radians (as in model-viewer)
    assert.deepEqual(camera.parseCameraOrbit('0 1 3'), { theta: 0, phi: 1, radius: 3 });
  });

  it('takes auto, and counts missing trailing values as auto', () => {
    assert.deepEqual(camera.parseCameraOrbit('auto 60deg auto'), {
      theta: 'auto',
      phi: deg(60),
      radius: 'auto',
    });
    assert.deepEqual(camera.parseCameraOrbit('10deg'), { theta: deg(10), phi: 'auto', radius: 'auto' });
  });

  it('ignores what is not an orbit', () => {
    for (const text of [
      '',
      '   ',
      null,
      undefined,
      '45 60 6 7',
      'left 60deg 6m',
      '45deg 60m 6m',
      '45deg 60deg 6deg',
      '45deg 60deg -1m',
      '45deg 60deg 0m',
      'NaNdeg 1 1',
      'Infinity 1 1',
      '1e999 1 1',
      '45deg,60deg,6m',
    ])
      assert.equal(camera.parseCameraOrbit(text), undefined, String(text));
  });

  it('writes degrees and metres, short and stable', () => {
    assert.equal(camera.formatCameraOrbit({ theta: deg(45), phi: deg(60), radius: 6 }), '45deg 60deg 6m');
    assert.equal(
      camera.formatCameraOrbit({ theta: deg(-12.3456), phi: 1, radius: 2.34567 }),
      '-12.35deg 57.3deg 2.346m',
    );
    assert.equal(camera.formatCameraOrbit({ theta: -1e-9, phi: deg(90), radius: 1 }), '0deg 90deg 1m');
  });

  it('round-trips through text', () => {
    const text = '-123.45deg 33.33deg 7.125m';
    assert.equal(
      camera.formatCameraOrbit(
        camera.parseCameraOrbit(text) as { theta: number; phi: number; radius: number },
      ),
      text,
    );
  });
});

describe('camera-target', () => {
  it('reads three lengths in model-viewer axes', () => {
    assert.deepEqual(camera.parseCameraTarget('1.2m 0m 3.4m'), [1.2, 0, 3.4]);
    assert.deepEqual(camera.parseCameraTarget('120cm 5mm -2'), [1.2, 0.005, -2]);
    assert.deepEqual(camera.parseCameraTarget('auto 1m'), ['auto', 1, 'auto']);
    assert.equal(camera.parseCameraTarget('1m 2m 3m 4m'), undefined);
    assert.equal(camera.parseCameraTarget('1deg 2m 3m'), undefined);
    assert.equal(camera.parseCameraTarget(''), undefined);
  });

  it('writes millimetres at most', () => {
    assert.equal(camera.formatCameraTarget([1.2, 0, 3.4]), '1.2m 0m 3.4m');
    assert.equal(camera.formatCameraTarget([1.23456, -0.0001, -3]), '1.235m 0m -3m');
  });

  it('fills auto values from the camera', () => {
    assert.deepEqual(camera.targetOf(['auto', 1, 'auto'], [5, 6, 7]), [5, 1, 7]);
  });
});

describe('orbit ↔ position', () => {
  it('follows three.js Spherical: θ from +z towards +x, φ down from +y', () => {
    const target: Vec3 = [1, 0, 2];
    // θ 0, φ 90°: level, on the +z side
    const p = camera.positionOf({ theta: 0, phi: deg(90), radius: 3 }, target, {
      theta: 0,
      phi: 0,
      radius: 1,
    });
    close(p[0], 1);
    close(p[1], 0);
    close(p[2], 5);
    // θ 90°: on the +x side
    const q = camera.positionOf({ theta: deg(90), phi: deg(90), radius: 3 }, target, {
      theta: 0,
      phi: 0,
      radius: 1,
    });
    close(q[0], 4);
    close(q[2], 2);
  });

  it('round-trips a position through its orbit', () => {
    const target: Vec3 = [1.2, 0.4, -3.4];
    for (const [theta, phi, radius] of [
      [0.3, 1.1, 6],
      [-2.9, 0.2, 0.5],
      [3, 2.5, 40],
    ] as const) {
      const position = camera.positionOf({ theta, phi, radius }, target, { theta: 0, phi: 0, radius: 1 });
      const orbit = camera.orbitOf(position, target);
      close(orbit.theta, theta);
      close(orbit.phi, phi);
      close(orbit.radius, radius);
    }
  });

  it('takes auto values from the current orbit and keeps off the poles', () => {
    const current = { theta: 0.5, phi: 1, radius: 4 };
    const position = camera.positionOf({ theta: 'auto', phi: 'auto', radius: 'auto' }, [0, 0, 0], current);
    const orbit = camera.orbitOf(position, [0, 0, 0]);
    close(orbit.theta, 0.5);
    close(orbit.phi, 1);
    close(orbit.radius, 4);
    const top = camera.orbitOf(
      camera.positionOf({ theta: 0, phi: 0, radius: 2 }, [0, 0, 0], current),
      [0, 0, 0],
    );
    assert.ok(top.phi > 0);
  });
});
