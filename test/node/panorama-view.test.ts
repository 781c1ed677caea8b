import { describe, it, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  clampPitch,
  clampZoom,
  fromViewerPosition,
  normalizeView,
  normalizeYaw,
  sameView,
  toViewerPosition,
} from '../../src/panorama/view.ts';
import { checkFaces, toPsvCubemap } from '../../src/panorama/cube-faces.ts';
import { PerspectiveCamera, Scene, Vector3 } from 'three';
import { cubeEdgeDirections, edgeSafeRenderer, planeClearance } from '../../src/panorama/edge-view-guard.ts';

describe('panorama view', () => {
  it('normalises yaw to (-180, 180], leniently', () => {
    assert.equal(normalizeYaw(270), -90);
    assert.equal(normalizeYaw(-180), 180);
    assert.equal(normalizeYaw(540), 180);
    assert.equal(normalizeYaw(-725), -5);
    assert.equal(normalizeYaw('45.123'), 45.12);
    assert.equal(normalizeYaw('abc'), 0);
    assert.equal(normalizeYaw(''), 0);
    assert.equal(normalizeYaw(Infinity), 0);
    assert.ok(!Object.is(normalizeYaw(-0), -0), 'no "-0" in a reflected attribute');
  });

  it('clamps pitch to [-90, 90] and zoom to [0, 100]', () => {
    assert.equal(clampPitch(120), 90);
    assert.equal(clampPitch(-91), -90);
    assert.equal(clampPitch('12.3456'), 12.35);
    assert.equal(clampZoom(-5), 0);
    assert.equal(clampZoom(250), 100);
    assert.equal(clampZoom(null), 0);
  });

  it('converts to and from PSV positions (radians, yaw in [0, 2π))', () => {
    const { yaw, pitch } = toViewerPosition({ yaw: -90, pitch: 45, zoom: 0 });
    assert.ok(Math.abs(yaw - (3 * Math.PI) / 2) < 1e-12);
    assert.ok(Math.abs(pitch - Math.PI / 4) < 1e-12);
    assert.deepEqual(fromViewerPosition({ yaw: (3 * Math.PI) / 2, pitch: -Math.PI / 2 }, 33.333), {
      yaw: -90,
      pitch: -90,
      zoom: 33.33,
    });
    for (const view of [
      { yaw: 179.99, pitch: -12.5, zoom: 0 },
      { yaw: -0.01, pitch: 89.99, zoom: 100 },
    ]) {
      assert.deepEqual(fromViewerPosition(toViewerPosition(view), view.zoom), view);
    }
  });

  it('tells the echo of a view from a real move (yaw compared around the circle)', () => {
    assert.ok(sameView({ yaw: 180, pitch: 0, zoom: 0 }, { yaw: -179.995, pitch: 0, zoom: 0 }));
    assert.ok(sameView(normalizeView({ yaw: 359.999 }), { yaw: 0, pitch: 0, zoom: 0 }));
    assert.ok(!sameView({ yaw: 10, pitch: 0, zoom: 0 }, { yaw: 10.05, pitch: 0, zoom: 0 }));
    assert.ok(!sameView({ yaw: 0, pitch: 0, zoom: 10 }, { yaw: 0, pitch: 0, zoom: 11 }));
  });
});

describe('cube faces', () => {
  const faces = { r: '/r.jpg', d: '/d.jpg', l: '/l.jpg', u: '/u.jpg', b: '/b.jpg', f: '/f.jpg' };

  it("puts the service faces on PSV's cube with top and bottom flipped (proven in the browser test)", () => {
    assert.deepEqual(toPsvCubemap(faces), {
      type: 'separate',
      paths: {
        left: '/l.jpg',
        front: '/f.jpg',
        right: '/r.jpg',
        back: '/b.jpg',
        top: '/u.jpg',
        bottom: '/d.jpg',
      },
      flipTopBottom: true,
    });
  });

  it('accepts only http(s) face URLs, resolved against the service root', () => {
    const ok = checkFaces(faces, 'https://svc.example/api/');
    assert.ok(ok.ok);
    assert.equal(ok.ok && ok.faces.f, 'https://svc.example/f.jpg');
    const bad = checkFaces(
      { ...faces, u: 'javascript:alert(1)', d: 'data:image/png;base64,AAAA', b: 42 },
      'https://x/',
    );
    assert.deepEqual(bad, { ok: false, bad: ['d', 'u', 'b'] });
    assert.deepEqual(checkFaces(null), { ok: false, bad: ['r', 'd', 'l', 'u', 'b', 'f'] });
    // blob: URLs only for the page's own origin, and there is no page in Node
    assert.deepEqual(checkFaces({ ...faces, r: 'blob:https://x/123' }, 'https://x/'), {
      ok: false,
      bad: ['r'],
    });
  });
});

describe('viewer pool', () => {
  // a fresh module per test: the pool is page-wide state
  let pool: typeof import('../../src/elements/room-panorama/viewer-pool.ts');
  let n = 0;
  beforeEach(async () => {
    pool = await import(`../../src/elements/room-panorama/viewer-pool.ts?fresh=${n++}`);
  });

  function member(name: string, log: string[], visible = true) {
    return {
      name,
      visible,
      grant: () => log.push(`+${name}`),
      evict: () => log.push(`-${name}`),
    };
  }

  it('grants up to four, then evicts the one seen least recently, never a visible one unasked', () => {
    const log: string[] = [];
    const m = ['a', 'b', 'c', 'd', 'e'].map((x) => member(x, log));
    for (const x of m.slice(0, 4)) assert.equal(pool.requestSlot(x), true);
    assert.equal(pool.requestSlot(m[4]!), false, 'all four visible: e waits');
    assert.deepEqual(log, ['+a', '+b', '+c', '+d']);
    m[2]!.visible = false;
    pool.visibilityChanged(m[2]!);
    m[0]!.visible = false;
    pool.visibilityChanged(m[0]!);
    // c left the view first, so c goes; e (waiting, visible) gets its slot at once
    assert.deepEqual(log.slice(4), ['-c', '+e']);
    assert.equal(pool.liveCount(), 4);
    const f = member('f', log);
    assert.equal(pool.requestSlot(f), true);
    assert.deepEqual(log.slice(6), ['-a', '+f']);
  });

  it('force takes the slot granted longest ago; leaving frees a slot for a waiting member', () => {
    const log: string[] = [];
    const m = ['a', 'b', 'c', 'd'].map((x) => member(x, log));
    for (const x of m) pool.requestSlot(x);
    const e = member('e', log);
    assert.equal(pool.requestSlot(e, { force: true }), true);
    assert.deepEqual(log.slice(4), ['-a', '+e']);
    const g = member('g', log);
    assert.equal(pool.requestSlot(g), false);
    pool.leavePool(m[1]!);
    assert.deepEqual(log.slice(6), ['+g']);
    assert.equal(pool.liveCount(), 4);
  });
});

describe('edge view guard (software WebGL misdraws a face with a vertex in the camera plane)', () => {
  const directions = cubeEdgeDirections(4);
  const cameraLooking = (x: number, y: number, z: number) => {
    const camera = new PerspectiveCamera(90, 1, 0.1, 100);
    camera.lookAt(new Vector3(x, y, z));
    camera.updateMatrixWorld(true);
    return camera;
  };
  const forward = (camera: PerspectiveCamera) => new Vector3(0, 0, -1).applyQuaternion(camera.quaternion);
  function drawnWith(camera: PerspectiveCamera): PerspectiveCamera {
    let used: PerspectiveCamera | undefined;
    const renderer = { render: (_scene: unknown, c: PerspectiveCamera) => (used = c) };
    edgeSafeRenderer(renderer as never, directions).render(new Scene(), camera);
    return used!;
  }

  it('knows the 44 vertices on the edges of a cube subdivided 4 times per side', () => {
    assert.equal(directions.length, 44);
    assert.ok(directions.every((d) => Math.abs(d.length() - 1) < 1e-9));
  });

  for (const [name, dir] of [
    ['yaw 45 (along the f/r edge)', [1, 0, -1]],
    ['pitch 45 at yaw 0 (along the u/f edge)', [0, 1, -1]],
    ['yaw 135 pitch -45 (towards a corner region)', [1, -Math.SQRT2, 1]],
  ] as const) {
    it(`${name}: drawn with the camera turned by at most 0.3°, clear of every edge vertex`, () => {
      const camera = cameraLooking(dir[0], dir[1], dir[2]);
      assert.ok(planeClearance(camera.quaternion, directions) < 1e-6, 'the premise: a vertex in the plane');
      const used = drawnWith(camera);
      assert.notEqual(used, camera);
      assert.ok(planeClearance(used.quaternion, directions) >= 1e-3);
      const angle = (forward(used).angleTo(forward(camera)) * 180) / Math.PI;
      assert.ok(angle > 0 && angle <= 0.3, `turned by ${angle}°`);
      assert.deepEqual(used.projectionMatrix.elements, camera.projectionMatrix.elements);
    });
  }

  it('any other view is drawn with the camera as it is', () => {
    const camera = cameraLooking(0.3, 0.1, -1);
    assert.equal(drawnWith(camera), camera);
  });
});
