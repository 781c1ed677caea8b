/**
 * <room-viewer> surfaces and the change log (issue 37), on both threads: repainting one wall face
 * changes exactly the pixels of that face (against the face's own mask, rasterised here from the plan's
 * geometry and the camera the viewer drew with: not from the viewer's own tags); a floor texture of
 * 20 cm tiles repeats every 20 cm on screen; undo restores the pixels; a saved `changes` list replayed
 * on a fresh viewer gives the same picture; bad input fires `room-change-error` and leaves every pixel
 * as it was; a click on a wall face fires `surface-select`, its button in the description too.
 */
import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomChangeDetail, RoomChangeErrorDetail, SurfaceSelectDetail } from '../../src/events/index.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import type { PlanGeometry, Vec2, Vec3, WallGeometry } from '../../src/model/types.ts';
import { toWorld } from '../../src/three/axes.ts';
import { NESTING_STEP } from '../../src/three/floors.ts';
import { mountShowing } from './helpers/select-fixtures.ts';
import { cameraOf, framesOf, placeCamera, poseOf, THREADS, type Thread } from './helpers/threads.ts';
import { cleanup, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { rgba, workerPixels, type Pixels } from './helpers/worker-pixels.ts';
import {
  boxRoom,
  canvasOf,
  makeViewer,
  pictureOf,
  sampleModel,
  SKIP_SAMPLE,
} from './room-viewer-fixtures.ts';

const STRIPES = `${location.origin}/test/browser/fixtures/stripes.png`;

/** A viewer on `thread` showing `model`, drawn. */
async function showing(
  thread: Thread,
  model: object,
  size = [400, 300],
  attributes: Record<string, string> = {},
) {
  const viewer = makeViewer(
    {
      loading: 'eager',
      poster: '',
      controls: 'false',
      ...(thread === 'main' ? { renderer: 'main' } : {}),
      ...attributes,
    },
    size,
  );
  await mountShowing(viewer, { model });
  expect(viewer.renderThread).to.equal(thread);
  return viewer;
}

/** The viewer's picture once it has stopped drawing (no new frame over a few animation frames). */
async function settled(viewer: RoomViewer): Promise<Pixels> {
  await viewer.changesSettled();
  for (let i = 0; i < 40; i++) {
    const before = framesOf(viewer as RoomViewer & { view?: { frames: number } });
    await rafPasses(4);
    const pixels =
      viewer.renderThread === 'worker'
        ? await workerPixels(viewer)
        : (() => {
            const canvas = pictureOf(viewer);
            return { data: rgba(canvas), width: canvas.width, height: canvas.height };
          })();
    await rafPasses(2);
    if (framesOf(viewer as RoomViewer & { view?: { frames: number } }) === before) return pixels;
  }
  throw new Error('the viewer kept drawing');
}

/** How many pixels differ at all between two pictures of one size. */
function differing(a: Pixels, b: Pixels): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4)
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) n++;
  return n;
}

/** The ends of a wall's face on `side` (its footprint's edges facing that way), model cm. */
function faceEnds(wall: WallGeometry, side: 'left' | 'right'): [Vec2, Vec2] {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy);
  const normal: Vec2 = side === 'left' ? [-dy / length, dx / length] : [dy / length, -dx / length];
  // the footprint's points furthest out on that side, then the two extremes along the wall
  const out = (p: Vec2) => (p[0] - wall.start[0]) * normal[0] + (p[1] - wall.start[1]) * normal[1];
  const most = Math.max(...wall.polygon.map(out));
  const onFace = wall.polygon.filter((p) => most - out(p) < 0.5);
  const along = (p: Vec2) => (p[0] - wall.start[0]) * dx + (p[1] - wall.start[1]) * dy;
  onFace.sort((a, b) => along(a) - along(b));
  return [onFace[0]!, onFace.at(-1)!];
}

/**
 * The face's mask as the camera of the viewer's last frame sees it: its rectangle from the floor to the
 * wall's height, less its openings, filled on a 2D canvas the picture's size (pixel centres in).
 */
function faceMask(
  viewer: RoomViewer,
  plan: PlanGeometry,
  wall: WallGeometry,
  side: 'left' | 'right',
  size: Pixels,
) {
  const camera = cameraOf(poseOf(viewer));
  const [a, b] = faceEnds(wall, side);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d')!;
  const screen = (p: Vec3) => {
    const v = toWorld(p).project(camera);
    return [((v.x + 1) / 2) * size.width, ((1 - v.y) / 2) * size.height] as const;
  };
  const quad = (points: Vec3[]) => {
    ctx.beginPath();
    points.map(screen).forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    ctx.fill();
  };
  ctx.fillStyle = '#fff';
  // the floor and the ceiling sit NESTING_STEP in front of the face's foot and top
  quad([
    [a[0], a[1], NESTING_STEP],
    [b[0], b[1], NESTING_STEP],
    [b[0], b[1], plan.height - NESTING_STEP],
    [a[0], a[1], plan.height - NESTING_STEP],
  ]);
  ctx.globalCompositeOperation = 'destination-out';
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy);
  const at = (t: number): Vec2 => [wall.start[0] + (dx / length) * t, wall.start[1] + (dy / length) * t];
  // the face's own plane: the openings' edges projected onto it
  const onFace = (p: Vec2): Vec2 => {
    const n: Vec2 = [-(b[1] - a[1]), b[0] - a[0]];
    const nl = Math.hypot(n[0], n[1]);
    const d = ((p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1]) / nl;
    return [p[0] - (n[0] / nl) * d, p[1] - (n[1] / nl) * d];
  };
  for (const o of wall.openings) {
    const from = onFace(at(o.offset - o.width / 2));
    const to = onFace(at(o.offset + o.width / 2));
    quad([
      [from[0], from[1], o.bottom],
      [to[0], to[1], o.bottom],
      [to[0], to[1], o.top],
      [from[0], from[1], o.top],
    ]);
  }
  const data = ctx.getImageData(0, 0, size.width, size.height).data;
  const mask = new Uint8Array(size.width * size.height);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i * 4 + 3]! >= 128 ? 1 : 0;
  return mask;
}

/** Pixels changed between two pictures: over half the typical change inside the mask (edges half covered). */
function changedSet(before: Pixels, after: Pixels, mask: Uint8Array): Uint8Array {
  const n = mask.length;
  const change = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    change[i] = Math.max(
      Math.abs(after.data[o]! - before.data[o]!),
      Math.abs(after.data[o + 1]! - before.data[o + 1]!),
      Math.abs(after.data[o + 2]! - before.data[o + 2]!),
    );
  }
  const inside = [...change.filter((_, i) => mask[i] === 1)].sort((x, y) => x - y);
  const typical = inside[Math.floor(inside.length / 2)] ?? 0;
  expect(typical, 'the face changed colour').to.be.above(40);
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = change[i]! > typical / 2 ? 1 : 0;
  return out;
}

function iou(a: Uint8Array, b: Uint8Array): { iou: number; a: number; b: number } {
  let both = 0;
  let either = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) both++;
    if (a[i] || b[i]) either++;
    na += a[i]!;
    nb += b[i]!;
  }
  return { iou: either ? both / either : 0, a: na, b: nb };
}

/** Repaints `surface` and checks the changed pixels against the face's mask; returns the pictures. */
async function repaintChecksMask(
  viewer: RoomViewer,
  plan: PlanGeometry,
  wall: WallGeometry,
  side: 'left' | 'right',
) {
  const before = await settled(viewer);
  const mask = faceMask(viewer, plan, wall, side, before);
  const changes: RoomChangeDetail[] = [];
  viewer.addEventListener('room-change', (e) => changes.push(e.detail));
  expect(await viewer.setSurface(`wall:${wall.name}:${side}`, { color: '#e0109a' })).to.equal(true);
  const after = await settled(viewer);
  const changed = changedSet(before, after, mask);
  const overlap = iou(changed, mask);
  expect(overlap.a, 'the face is on screen').to.be.above(2000);
  expect(
    overlap.iou,
    `IoU of the changed pixels (${overlap.a}) and the face's mask (${overlap.b})`,
  ).to.be.at.least(0.99);
  expect(changes).to.deep.equal([
    {
      kind: 'surface',
      target: `wall:${wall.name}:${side}`,
      before: null,
      after: { color: '#e0109a' },
      source: 'api',
    },
  ]);
  return { before, after };
}

/** The made-up room: 400 × 300 cm, a door in wall0, walls going round counter-clockwise (left: inside). */
const made = () => boxRoom({ components: 0 });

/** Inside the made-up room, looking at the far wall (wall2, its inner face `left`). */
async function faceTheFarWall(viewer: RoomViewer): Promise<void> {
  await placeCamera(viewer, [200, 30, 150], [200, 300, 125]);
}

describe('<room-viewer> surfaces and the change log', () => {
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  for (const thread of THREADS) {
    describe(`drawn on the ${thread} thread`, () => {
      it('repaints one wall face of a made-up room: only its pixels change (IoU ≥ 0.99), undo restores them', async () => {
        const model = made();
        const plan = planGeometry(readModel(model).model);
        const viewer = await showing(thread, model);
        await faceTheFarWall(viewer);
        const wall = plan.walls.find((w) => w.name === 'wall2')!;
        const { before } = await repaintChecksMask(viewer, plan, wall, 'left');
        expect(viewer.changes.map((c) => c.target)).to.deep.equal(['wall:wall2:left']);
        expect(viewer.materials!.walls.find((m) => m.material === '#e0109a')?.surfaces).to.deep.equal([
          'wall:wall2:left',
        ]);
        const undone = waitForEvent<RoomChangeDetail>(viewer, 'room-change');
        expect(await viewer.undo()).to.equal(true);
        expect((await undone).detail).to.deep.include({
          source: 'undo',
          before: { color: '#e0109a' },
          after: null,
        });
        expect(differing(await settled(viewer), before), 'pixels after undo').to.equal(0);
        expect(viewer.changes).to.deep.equal([]);
        expect(await viewer.redo()).to.equal(true);
        expect(viewer.surfaceOf('wall:wall2:left')).to.deep.equal({ color: '#e0109a' });
        // setting `changes` makes the room as the list says: an empty list, the model's own again
        viewer.changes = [];
        expect(differing(await settled(viewer), before), 'pixels after changes = []').to.equal(0);
        expect(viewer.surfaceOf('wall:wall2:left')).to.equal(undefined);
      });

      it('repaints one wall face of the real sample: only its pixels change (IoU ≥ 0.99)', async function () {
        const model = await sampleModel();
        if (!model) {
          console.warn(SKIP_SAMPLE);
          return this.skip();
        }
        const plan = planGeometry(readModel(model).model);
        const viewer = await showing(thread, model, [400, 300], { furniture: 'hidden' });
        const view = clearView(plan);
        expect(view, 'a wall face with nothing in front of it').to.not.equal(undefined);
        await placeCamera(viewer, view!.eye, view!.target);
        await repaintChecksMask(viewer, plan, view!.wall, view!.side);
      });

      it('lays a floor texture of 20 cm tiles: it repeats every 20 cm ± 1 % on screen', async () => {
        const viewer = await showing(thread, made(), [480, 360]);
        // straight down from 4.5 m (a hair off vertical, so "up" on screen is the model's +y)
        await placeCamera(viewer, [200, 149.9, 450], [200, 150, 0]);
        expect(
          await viewer.setSurface('area:area0:floor', { texture: STRIPES, tileSize: 20, rotation: 0 }),
        ).to.equal(true);
        const picture = await settled(viewer);
        const pose = poseOf(viewer);
        // centimetres per pixel on the floor: the view's height at the floor's distance over the picture's
        const distance = 450 - NESTING_STEP;
        const cmPerPixel = (2 * distance * Math.tan(((pose.fov / 2) * Math.PI) / 180)) / picture.height;
        const period = stripePeriod(picture, 0.2, 0.8);
        const expected = 20 / cmPerPixel;
        expect(
          Math.abs(period.pixels / expected - 1),
          `${period.pixels} px per stripe, ${expected} expected`,
        ).to.be.below(0.01);
        expect(period.count, 'stripes measured').to.be.at.least(10);
        // turned 90°: the stripes run the other way (no period along the row any more)
        await viewer.setSurface('area:area0:floor', { texture: STRIPES, tileSize: 20, rotation: 90 });
        expect(stripePeriod(await settled(viewer), 0.2, 0.8).count).to.be.below(2);
      });

      it('replays a saved changes list on a fresh viewer: the same picture', async () => {
        const first = await showing(thread, made());
        await faceTheFarWall(first);
        await first.setSurface('wall:wall2:left', { color: 'rebeccapurple' });
        await first.setSurface('area:area0:floor', { texture: STRIPES, tileSize: 25, rotation: 30 });
        await first.setSurface('wall:wall1:left', { color: 'hsl(40 80% 60%)' });
        const picture = await settled(first);
        const saved = JSON.stringify(first.changes);
        cleanup();
        const model = made();
        const fresh = makeViewer(
          {
            loading: 'eager',
            poster: '',
            controls: 'false',
            changes: saved,
            ...(thread === 'main' ? { renderer: 'main' } : {}),
          },
          [400, 300],
        );
        const replayed: RoomChangeDetail[] = [];
        fresh.addEventListener('room-change', (e) => replayed.push(e.detail));
        await mountShowing(fresh, { model });
        await faceTheFarWall(fresh);
        await until(() => replayed.length === 3, 10000, 'three changes replayed');
        expect(replayed.map((c) => c.source)).to.deep.equal(['replay', 'replay', 'replay']);
        expect(differing(await settled(fresh), picture), 'pixels differing from the first viewer').to.equal(
          0,
        );
        expect(fresh.changes.map((c) => c.after)).to.deep.equal([
          { color: '#663399' },
          { texture: STRIPES, tileSize: 25, rotation: 30 },
          { color: '#ebb447' },
        ]);
      });

      it('bad input: a clear room-change-error, no room-change, every pixel as it was', async () => {
        const viewer = await showing(thread, made());
        await faceTheFarWall(viewer);
        const before = await settled(viewer);
        const errors: RoomChangeErrorDetail[] = [];
        const changes: RoomChangeDetail[] = [];
        viewer.addEventListener('room-change-error', (e) => errors.push(e.detail));
        viewer.addEventListener('room-change', (e) => changes.push(e.detail));
        const bad: [string, unknown][] = [
          ['wall:no-such-wall:left', { color: 'red' }],
          ['wall:wall2:inside', { color: 'red' }],
          ['wall:wall2:left', { color: 'not-a-colour' }],
          ['wall:wall2:left', { color: 'var(--x)' }],
          ['wall:wall2:left', { color: 'transparent' }],
          ['area:area0:floor', { texture: 'data:image/png;base64,iVBORw0KGgo=' }],
          ['area:area0:floor', { texture: 'javascript:alert(1)' }],
          ['area:area0:floor', { texture: STRIPES, tileSize: -3 }],
          [
            'area:area0:floor',
            { texture: `${location.origin}/no-such-texture-${Date.now()}.png`, tileSize: 20 },
          ],
        ];
        for (const [surface, paint] of bad)
          expect(
            await viewer.setSurface(surface, paint as never),
            `${surface} ${JSON.stringify(paint)}`,
          ).to.equal(false);
        expect(errors.map((e) => e.reason)).to.deep.equal([
          'unknown-target',
          'unknown-target',
          'bad-value',
          'bad-value',
          'bad-value',
          'bad-value',
          'bad-value',
          'bad-value',
          'load-failed',
        ]);
        for (const e of errors) expect(e.message).to.be.a('string').and.not.equal('');
        expect(changes).to.deep.equal([]);
        expect(viewer.changes).to.deep.equal([]);
        expect(differing(await settled(viewer), before), 'pixels after refused changes').to.equal(0);
        // a bad `changes` list is refused the same way
        viewer.setAttribute('changes', '{not json');
        await until(() => errors.length === 10, 3000, 'the bad list refused');
        expect(errors[9]!.reason).to.equal('bad-value');
      });

      it('a click on a wall face fires surface-select (cancelable); a surface has its button in the description', async () => {
        const viewer = await showing(thread, made());
        await faceTheFarWall(viewer);
        const rect = canvasOf(viewer).getBoundingClientRect();
        const picked = waitForEvent<SurfaceSelectDetail>(viewer, 'surface-select', 3000);
        await sendMouse({
          type: 'click',
          position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height * 0.45)],
        });
        const event = (await picked) as CustomEvent<SurfaceSelectDetail>;
        expect(event.detail).to.deep.equal({
          surface: 'wall:wall2:left',
          material: 'wall',
          source: 'pointer',
        });
        expect(event.cancelable).to.equal(true);
        // the page answers the visitor's click with a change: the visitor's (source `user`), counted in room-analytics
        const actions: string[] = [];
        viewer.addEventListener('room-analytics', (e) => actions.push(e.detail.action));
        const sources: string[] = [];
        viewer.addEventListener('room-change', (e) => sources.push(e.detail.source));
        viewer.addEventListener(
          'surface-select',
          (e) => void viewer.setSurface(e.detail.surface, { color: 'teal' }),
          {
            once: true,
          },
        );
        await sendMouse({
          type: 'click',
          position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height * 0.45)],
        });
        await until(() => sources.length === 1, 5000, 'the change made');
        expect(sources).to.deep.equal(['user']);
        await until(() => actions.includes('change'), 5000, 'room-analytics change');
        // a page's own call is not the visitor's
        await viewer.setSurface('wall:wall2:left', { color: 'navy' });
        expect(sources).to.deep.equal(['user', 'api']);
        expect(actions.filter((a) => a === 'change')).to.have.length(1);
        await viewer.setSurface('wall:wall2:left', { color: '#123456' });
        const button = viewer.shadowRoot!.querySelector<HTMLButtonElement>(
          '[part~=surface][data-surface="wall:wall2:left"]',
        );
        expect(button, 'the face has a button in the description').to.not.equal(null);
        const keyed = waitForEvent<SurfaceSelectDetail>(viewer, 'surface-select', 3000);
        button!.click();
        expect((await keyed).detail).to.deep.include({
          surface: 'wall:wall2:left',
          material: { color: '#123456' },
        });
      });
    });
  }
});

/**
 * A wall face of the plan with nothing in front of it (seen from above): the camera `1.1 ×` the face's
 * length away along its normal, at eye height, and no other wall crossing the triangle it sees the face in.
 */
function clearView(plan: PlanGeometry) {
  const crosses = (p: Vec2, q: Vec2, r: Vec2, s: Vec2) => {
    const d = (a: Vec2, b: Vec2, c: Vec2) => (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    return d(p, q, r) * d(p, q, s) < 0 && d(r, s, p) * d(r, s, q) < 0;
  };
  const candidates = [];
  for (const wall of plan.walls) {
    if (wall.openings.length) continue;
    for (const side of ['left', 'right'] as const) {
      const [a, b] = faceEnds(wall, side);
      const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
      if (length < 250 || length > 700) continue;
      const n: Vec2 = [-(b[1] - a[1]) / length, (b[0] - a[0]) / length];
      const sign = side === 'left' ? 1 : -1;
      // the footprint's face points the same way as `n` for left (start→end order kept by faceEnds)
      const mid: Vec2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const eye: Vec2 = [mid[0] + sign * n[0] * length * 1.1, mid[1] + sign * n[1] * length * 1.1];
      // shrunk a little at the face's ends (the walls joining it touch them)
      const shrink = (p: Vec2): Vec2 => [
        p[0] + (mid[0] - p[0]) * 0.02 + sign * n[0],
        p[1] + (mid[1] - p[1]) * 0.02 + sign * n[1],
      ];
      const [sa, sb] = [shrink(a), shrink(b)];
      const blocked = plan.walls.some((other) => {
        const ring = other.polygon;
        return ring.some((p, i) => {
          const q = ring[(i + 1) % ring.length]!;
          return (
            crosses(eye, sa, p, q) || crosses(eye, sb, p, q) || (crosses(sa, sb, p, q) && other !== wall)
          );
        });
      });
      const inside = plan.areas.some((area) => pointIn(eye, area.polygon));
      if (!blocked && inside) candidates.push({ wall, side, length, eye, mid });
    }
  }
  candidates.sort((x, y) => y.length - x.length || x.wall.name.localeCompare(y.wall.name));
  const best = candidates[0];
  if (!best) return undefined;
  return {
    wall: best.wall,
    side: best.side,
    eye: [best.eye[0], best.eye[1], 140] as Vec3,
    target: [best.mid[0], best.mid[1], 125] as Vec3,
  };
}

function pointIn(p: Vec2, ring: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * The stripes' period along the picture's middle rows, from `from` to `to` of its width: the mean
 * distance between rising crossings of the mid grey (interpolated between pixels).
 */
function stripePeriod(picture: Pixels, from: number, to: number): { pixels: number; count: number } {
  const { width, height, data } = picture;
  const rows = [-4, -2, 0, 2, 4].map((d) => Math.floor(height / 2) + d);
  const x0 = Math.floor(width * from);
  const x1 = Math.floor(width * to);
  const luminance: number[] = [];
  for (let x = x0; x < x1; x++) {
    let sum = 0;
    for (const y of rows) {
      const o = (y * width + x) * 4;
      sum += 0.2126 * data[o]! + 0.7152 * data[o + 1]! + 0.0722 * data[o + 2]!;
    }
    luminance.push(sum / rows.length);
  }
  const mid = (Math.min(...luminance) + Math.max(...luminance)) / 2;
  if (Math.max(...luminance) - Math.min(...luminance) < 40) return { pixels: 0, count: 0 };
  const rising: number[] = [];
  for (let i = 1; i < luminance.length; i++) {
    const a = luminance[i - 1]!;
    const b = luminance[i]!;
    if (a < mid && b >= mid) rising.push(i - 1 + (mid - a) / (b - a));
  }
  if (rising.length < 2) return { pixels: 0, count: rising.length };
  return { pixels: (rising.at(-1)! - rising[0]!) / (rising.length - 1), count: rising.length };
}
