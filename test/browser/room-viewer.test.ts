import { expect } from '@esm-bundle/chai';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { ModelErrorDetail, RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { planGeometry, pointInRing, readModel } from '../../src/model/index.ts';
import { signedDistance } from '../../src/model/polygon.ts';
import { FALLBACK_COLOURS } from '../../src/three/materials.ts';
import { axeViolations } from './helpers/axe.ts';
import {
  armFault,
  ROOM_STYLING,
  receivedRequests,
  resetEmulator,
  type LoggedRequest,
} from './helpers/emulator.ts';
import { describeStrictCsp } from './helpers/csp.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import {
  boxRoom,
  canvasOf,
  colourDistance,
  makeViewer,
  sampleModel,
  SAMPLE_ROOM_ID,
  publicRoomId,
  SKIP_SAMPLE,
  srgb255,
} from './room-viewer-fixtures.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { CUT_TOP_COLOUR } from '../../src/three/materials.ts';
import { configure, resetConfig } from '../../src/config.ts';
import {
  cameraStateOf,
  drawnBy,
  framesOf,
  inspectOf,
  paintedOf,
  pictureData,
  pixelAt,
  pixelIn,
  projectPoint,
  THREADS,
} from './helpers/threads.ts';
import type { Pixels } from './helpers/worker-pixels.ts';

// on both threads (a loop over the two): the render worker, the default, and the page's
// (renderer="main"); the camera is read from the frames' pose, pixels from either picture

/** Wall tops as the viewer draws them: the cut, in one dark colour. */
const CUT_TOP = [1, 3, 5].map((i) => parseInt(CUT_TOP_COLOUR.slice(i, i + 2), 16));

const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
/** What the emulator was asked for a room: `document` (with the model) or `true` (skip_model: the poster's record). */
const roomAsks = (requests: LoggedRequest[]) => requests.map((r) => r.query.skip_model ?? 'document').sort();

/** Where a model point (cm, z up) lands on the viewer's `picture`, in its pixels. */
function project(viewer: RoomViewer, point: [number, number, number], picture: Pixels): [number, number] {
  return projectPoint(viewer, point, picture);
}

/** The camera as the last frame drew it, in model space (cm, z up). */
const stateOf = cameraStateOf;

for (const drawnOn of THREADS)
  describe(`<room-viewer>, drawn on ${drawnOn}`, () => {
    before(function () {
      requireWebGL(this);
      configure({ viewerRenderer: drawnOn });
    });
    after(resetConfig);
    beforeEach(resetEmulator);
    afterEach(cleanup);

    it('is accessible (axe): loaded, with a warning and in the error state', async () => {
      const viewer = makeViewer({ loading: 'eager' }, [200, 150]);
      viewer.model = boxRoom({ floorTexture: `${location.origin}/no-such-texture-${Date.now()}.jpg` });
      await mountLoaded(viewer);
      expect(await axeViolations(viewer)).to.deep.equal([]);
      await until(() => viewer.matches(':state(warning)'), 5000, 'warning state');
      await viewer.updateComplete;
      expect(await axeViolations(viewer)).to.deep.equal([]);
      // a 503: the error state with its retry button (a 404 has none: asking again cannot help)
      const brokenId = await publicRoomId();
      await armFault({ match: `/room-styling/rooms/${brokenId}`, status: 503, times: 3 });
      // poster="": only the room's document is asked (the poster's record would take one of the faults)
      const broken = makeViewer({
        'room-id': brokenId,
        'api-base': ROOM_STYLING,
        loading: 'eager',
        poster: '',
      });
      const failed = waitForEvent(broken, 'model-error');
      fixtureContainer().append(broken);
      await failed;
      await broken.updateComplete;
      expect(await axeViolations(broken)).to.deep.equal([]);
      // the viewer and its retry button are reachable with the keyboard
      expect(viewer.tabIndex).to.equal(0);
      expect(broken.shadowRoot!.querySelector('[part=retry]')!.tagName).to.equal('BUTTON');
    });

    describe('the real sample (room 6346838)', () => {
      let raw: Record<string, unknown> | undefined;
      before(async () => {
        raw = await sampleModel();
      });

      it('starts from the model camera: floor below, ceiling above, position and target as the model says', async function () {
        if (!raw) return (this.skip(), console.warn(SKIP_SAMPLE));
        const earlier = (await receivedRequests(`/room-styling/rooms/${SAMPLE_ROOM_ID}`)).length;
        const viewer = makeViewer(
          { 'room-id': String(SAMPLE_ROOM_ID), 'api-base': ROOM_STYLING, loading: 'eager' },
          [320, 240],
        );
        await mountLoaded(viewer);
        expect(viewer.getAttribute('state')).to.equal('loaded');
        const camera = (raw as { camera: { position: number[]; focal_point: number[] } }).camera;
        const state = stateOf(viewer);
        state.position.forEach((v, i) => expect(v).to.be.closeTo(camera.position[i]!, 0.01));
        state.target.forEach((v, i) => expect(v).to.be.closeTo(camera.focal_point[i]!, 0.01));
        // the floor in front of the camera: its textures are relative paths and no media root is set,
        // so it shows the fallback floor colour, lit to exactly its own colour (sun straight down)
        const picture = await pictureData(viewer);
        const floor = pixelIn(picture, 160, 236);
        expect(colourDistance(floor, hex(FALLBACK_COLOURS.floor)), `floor ${floor}`).to.be.at.most(8);
        // a ceiling seen from below: grey-white, darker than the lit floor's white equivalent
        const ceiling = pixelIn(picture, 160, 3);
        expect(ceiling[3]).to.equal(255);
        expect(Math.abs(ceiling[0]! - ceiling[2]!)).to.be.below(20);
        // the room's document once (and the poster's record, without the model)
        const requests = await receivedRequests(`/room-styling/rooms/${SAMPLE_ROOM_ID}`);
        expect(roomAsks(requests.slice(earlier))).to.deep.equal(['document', 'true']);
      });

      it("draws walls where the model puts them and floors in their materials' colours (top view)", async function () {
        if (!raw) return (this.skip(), console.warn(SKIP_SAMPLE));
        const viewer = makeViewer({ camera: 'top', loading: 'eager' }, [320, 240]);
        viewer.model = raw;
        await mountLoaded(viewer);
        const { model } = readModel(raw);
        const plan = planGeometry(model);
        const picture = await pictureData(viewer);
        const colourOf = (id: string | undefined, fallback: string) => {
          const diffuse = id ? model.materials[id]?.diffuse : undefined;
          return diffuse && !model.materials[id!]?.diffuseTexture ? srgb255(diffuse) : hex(fallback);
        };
        // walls: the top of every wall at least 17 cm thick, at the middle of its centre line
        let wallsChecked = 0;
        const wallMisses: string[] = [];
        for (const wall of plan.walls.filter((w) => w.thickness >= 17)) {
          const mid: [number, number, number] = [
            (wall.start[0] + wall.end[0]) / 2,
            (wall.start[1] + wall.end[1]) / 2,
            plan.height,
          ];
          const [x, y] = project(viewer, mid, picture);
          const got = pixelIn(picture, x, y);
          // seen from above, a wall shows its cut top, dark as in the planning service's 3D exports
          // (the wall's own colour on its faces is checked in three-look.test.ts)
          const want = CUT_TOP;
          wallsChecked++;
          if (colourDistance(got, want) > 10) wallMisses.push(`${wall.name}: ${got} vs ${want}`);
        }
        expect(wallsChecked).to.be.at.least(20);
        expect(wallMisses.length, wallMisses.join('; ')).to.be.at.most(1);
        // floors: at each area's label point, the colour of the innermost area there
        const byDepth = [...plan.areas].sort((a, b) => b.depth - a.depth);
        let floorsMatched = 0;
        const floorMisses: string[] = [];
        for (const area of plan.areas) {
          const owner = byDepth.find((a) => pointInRing(area.labelPoint, a.polygon)) ?? area;
          const [x, y] = project(viewer, [area.labelPoint[0], area.labelPoint[1], 0], picture);
          const got = pixelIn(picture, x, y);
          const want = colourOf(owner.floorMaterial, FALLBACK_COLOURS.floor);
          if (colourDistance(got, want) <= 8) floorsMatched++;
          else floorMisses.push(`${area.name}: ${got} vs ${want}`);
        }
        // a few label points are under furniture
        expect(floorsMatched, floorMisses.join('; ')).to.be.at.least(7);
        // the white hallway (color-FFFFFF) is among them: a material colour, not a fallback
        const hall = plan.areas.find((a) => a.floorMaterial === 'color-FFFFFF')!;
        expect(
          colourDistance(
            pixelIn(picture, ...project(viewer, [...hall.labelPoint, 0], picture)),
            [255, 255, 255],
          ),
        ).to.be.at.most(8);
      });

      it('nested floors show the innermost floor all over, not fighting the floor around them (top view)', async function () {
        if (!raw) return (this.skip(), console.warn(SKIP_SAMPLE));
        const viewer = makeViewer({ camera: 'top', loading: 'eager' }, [320, 240]);
        // no furniture: every floor point is open to the camera
        viewer.model = { ...raw, components: [] };
        await mountLoaded(viewer);
        const { model } = readModel(raw);
        const plan = planGeometry(model);
        const picture = await pictureData(viewer);
        const colourOf = (id: string | undefined) => {
          const diffuse = id ? model.materials[id]?.diffuse : undefined;
          return diffuse && !model.materials[id!]?.diffuseTexture
            ? srgb255(diffuse)
            : hex(FALLBACK_COLOURS.floor);
        };
        // the white hallway (area1) lies inside the big area6 (fallback floor): a grid of points over it,
        // away from its edges (walls stand there), must all be white
        const hall = plan.areas.find((a) => a.floorMaterial === 'color-FFFFFF')!;
        const outer = plan.areas.find((a) => a.depth === 0 && pointInRing(hall.labelPoint, a.polygon))!;
        expect(hall.depth).to.be.above(outer.depth);
        expect(colourOf(outer.floorMaterial)).to.not.deep.equal(colourOf(hall.floorMaterial));
        const deeper = plan.areas.filter((a) => a.depth > hall.depth);
        const [minX, minY, maxX, maxY] = [0, 1, 0, 1].map((axis, i) =>
          (i < 2 ? Math.min : Math.max)(...hall.polygon.map((p) => p[axis]!)),
        ) as [number, number, number, number];
        // 30 cm clear of the hallway's outline and of any deeper area: wall tops lean over less than that
        const clear = (p: [number, number]) =>
          signedDistance(p, [hall.polygon]) > 30 && deeper.every((a) => signedDistance(p, [a.polygon]) < -30);
        let checked = 0;
        const misses: string[] = [];
        for (let x = minX; x <= maxX; x += 20)
          for (let y = minY; y <= maxY; y += 20) {
            if (!clear([x, y])) continue;
            const got = pixelIn(picture, ...project(viewer, [x, y, 0], picture));
            checked++;
            if (colourDistance(got, colourOf(hall.floorMaterial)) > 8) misses.push(`${x},${y}: ${got}`);
          }
        expect(checked).to.be.at.least(100);
        expect(misses.length, misses.slice(0, 10).join('; ')).to.equal(0);
      });

      it('loads textures from the media root (emulator /media) and the floors change from the fallback', async function () {
        if (!raw) return (this.skip(), console.warn(SKIP_SAMPLE));
        const viewer = makeViewer(
          { camera: 'top', loading: 'eager', 'media-base': `${ROOM_STYLING}/media` },
          [320, 240],
        );
        // the textures may come from the HTTP cache (the emulator serves media with a day's max-age, and
        // the other thread's run, or the demo's, asked first), fetched by the page or by the render worker:
        // the floor's picture says they arrived, from the media root (the only place they can come from)
        viewer.model = raw;
        await mountLoaded(viewer);
        const plan = planGeometry(readModel(raw).model);
        const area = plan.areas.find((a) => a.name === 'area6')!;
        const [x, y] = project(
          viewer,
          [area.labelPoint[0], area.labelPoint[1], 0],
          await pictureData(viewer),
        );
        await until(
          async () => colourDistance(await pixelAt(viewer, x, y), hex(FALLBACK_COLOURS.floor)) > 10,
          15000,
          'a textured floor',
        );
        expect(viewer.shadowRoot!.querySelector('[part=warning]')).to.equal(null);
      });
    });

    describe('colours, camera and controls', () => {
      it('shows a material colour exactly: a floor facing a sun straight above is its own sRGB colour', async () => {
        const viewer = makeViewer({ camera: 'top', loading: 'eager' }, [200, 150]);
        viewer.model = boxRoom({ floor: [0.8, 0.3, 0.2], wall: [0.2, 0.4, 0.8] });
        await mountLoaded(viewer);
        // within a few levels: MeshStandardMaterial keeps a little specular even at roughness 0.95
        const picture = await pictureData(viewer);
        expect(colourDistance(pixelIn(picture, 100, 75), [204, 77, 51])).to.be.at.most(6);
        // the top of the near wall (0,0)-(400,0) sits below the floor's centre on screen: a dark cut top,
        // whatever the wall's colour
        const [x, y] = project(viewer, [200, -5, 250], picture);
        expect(colourDistance(pixelIn(picture, x, y), CUT_TOP)).to.be.at.most(6);
      });

      it('fires model-load only when the pixels are in its canvas', async () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'top' }, [160, 120]);
        viewer.model = boxRoom();
        let paintedAtLoad: Promise<number> = Promise.resolve(-1);
        let stateAtLoad: string | null = null;
        // the picture as it is when model-load fires (read then, on either thread)
        viewer.addEventListener('model-load', () => {
          paintedAtLoad = paintedOf(viewer);
          stateAtLoad = viewer.getAttribute('state');
        });
        fixtureContainer().append(viewer);
        await viewer.updateComplete;
        expect(viewer.getAttribute('state')).to.equal('loading');
        await waitForEvent(viewer, 'model-load');
        expect(stateAtLoad).to.equal('loaded');
        // the whole room, not a partial or empty frame: the same picture as after more frames
        await rafPasses(3);
        expect(await paintedAtLoad).to.be.greaterThan(160 * 120 * 0.3);
        expect(await paintedAtLoad).to.equal(await paintedOf(viewer));
      });

      it('renders only when something changed, and keeps rendering while auto-rotating', async () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'orbit' }, [160, 120]);
        viewer.model = boxRoom({ components: 10 });
        await mountLoaded(viewer);
        await rafPasses(3);
        const idle = framesOf(viewer);
        await rafPasses(8);
        expect(framesOf(viewer), 'frames while nothing changes').to.equal(idle);
        viewer.autoRotate = true;
        const before = stateOf(viewer).position;
        await until(() => framesOf(viewer) - idle >= 5, 5000, 'frames while auto-rotating');
        expect(stateOf(viewer).position[0]).to.not.be.closeTo(before[0], 0.01);
        viewer.autoRotate = false;
        // damping lets the turn ease out over some frames, then drawing stops
        let last = -1;
        await until(
          async () => {
            const now = framesOf(viewer);
            // a quiet spell long enough for a frame the render worker drew to have been told
            await rafPasses(10);
            return now === framesOf(viewer) && (last = now) >= 0;
          },
          5000,
          'the turn to ease out',
        );
        await rafPasses(6);
        expect(framesOf(viewer)).to.equal(last);
      });

      it('switches between model, orbit and top cameras', async () => {
        const viewer = makeViewer({ loading: 'eager' }, [160, 120]);
        viewer.model = boxRoom();
        await mountLoaded(viewer);
        expect(stateOf(viewer).position[1]).to.be.closeTo(-600, 0.01);
        viewer.camera = 'top';
        await until(() => stateOf(viewer).position[2] > 1000, 5000, 'the top camera drawn');
        const top = stateOf(viewer);
        expect(Math.abs(top.position[0] - top.target[0])).to.be.below(1);
        viewer.camera = 'orbit';
        await until(() => stateOf(viewer).position[2] < top.position[2], 5000, 'the orbit camera drawn');
        const orbit = stateOf(viewer);
        expect(orbit.position[2]).to.be.greaterThan(250);
        expect(orbit.position[2]).to.be.lessThan(top.position[2]);
      });

      it('orbits with the mouse and zooms with the keyboard, firing camera-change', async () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'orbit' }, [240, 180]);
        viewer.model = boxRoom();
        await mountLoaded(viewer);
        const changes: CustomEvent[] = [];
        viewer.addEventListener('camera-change', (e) => changes.push(e));
        const start = stateOf(viewer).position;
        const rect = viewer.getBoundingClientRect();
        const cx = Math.round(rect.left + rect.width / 2);
        const cy = Math.round(rect.top + rect.height / 2);
        await sendMouse({ type: 'move', position: [cx, cy] });
        await sendMouse({ type: 'down', button: 'left' });
        await sendMouse({ type: 'move', position: [cx + 60, cy + 10] });
        await sendMouse({ type: 'up', button: 'left' });
        await until(() => changes.length > 0, 3000, 'camera-change after a drag');
        // the frame drawn there (the render worker tells its camera-change before the frame)
        const moved = () =>
          Math.hypot(stateOf(viewer).position[0] - start[0], stateOf(viewer).position[1] - start[1]);
        await until(() => moved() > 10, 3000, 'the drag drawn');
        const detail = changes[changes.length - 1]!.detail as { position: number[]; target: number[] };
        expect(detail.position).to.have.length(3);
        // keyboard: + zooms in (the element is focusable)
        await rafPasses(20);
        const distance = (s: { position: number[]; target: number[] }) =>
          Math.hypot(...s.position.map((v, i) => v - s.target[i]!));
        const before = distance(stateOf(viewer));
        const count = changes.length;
        viewer.focus();
        await sendKeys({ press: '+' });
        await until(() => distance(stateOf(viewer)) < before * 0.95, 3000, 'the zoom drawn');
        await until(() => changes.length > count, 2000, 'camera-change after +');
        // arrows pan (OrbitControls' own keys): the move is the user's, so camera-change fires too
        const target = stateOf(viewer).target;
        const afterZoom = changes.length;
        await sendKeys({ press: 'ArrowLeft' });
        // camera-change is throttled as view-change is (at most every 100 ms, the last always out)
        await until(() => changes.length > afterZoom, 2000, 'camera-change after ArrowLeft');
        await until(
          () => JSON.stringify(stateOf(viewer).target) !== JSON.stringify(target),
          3000,
          'the pan drawn',
        );
      });

      it('with controls="false" ignores the mouse', async () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'orbit', controls: 'false' }, [240, 180]);
        viewer.model = boxRoom();
        await mountLoaded(viewer);
        expect(viewer.controls).to.equal(false);
        const start = stateOf(viewer).position;
        const rect = viewer.getBoundingClientRect();
        await sendMouse({ type: 'move', position: [Math.round(rect.left + 100), Math.round(rect.top + 90)] });
        await sendMouse({ type: 'down', button: 'left' });
        await sendMouse({ type: 'move', position: [Math.round(rect.left + 180), Math.round(rect.top + 90)] });
        await sendMouse({ type: 'up', button: 'left' });
        await rafPasses(4);
        expect(stateOf(viewer).position).to.deep.equal(start);
        // and touch scrolls the page over it
        expect(canvasOf(viewer).style.touchAction).to.equal('auto');
        // and its label does not promise controls it does not have
        expect(canvasOf(viewer).getAttribute('aria-label')).to.not.contain('Drag');
        viewer.controls = true;
        await viewer.updateComplete;
        expect(canvasOf(viewer).style.touchAction).to.equal('none');
        expect(canvasOf(viewer).getAttribute('aria-label')).to.contain('Drag');
      });

      it("draws the page's own meshes from componentLoader, asking once per distinct component", async () => {
        const THREE = await import('three');
        const asked: string[] = [];
        const viewer = makeViewer({ loading: 'eager', camera: 'top' }, [200, 150]);
        viewer.componentLoader = async (component) => {
          asked.push(component.componentId ?? '');
          const material = new THREE.MeshBasicMaterial();
          material.color.setRGB(0, 1, 0, THREE.LinearSRGBColorSpace);
          return new THREE.Mesh(new THREE.BoxGeometry(60, 60, 60).translate(0, 0, 30), material);
        };
        viewer.model = boxRoom({ components: 9, kinds: 3 });
        await mountLoaded(viewer);
        // a function runs on the thread that made it: such a viewer draws on the page's (the documented rule)
        expect(viewer.renderThread).to.equal('main');
        await until(() => asked.length === 3, 3000, 'three loader calls');
        expect([...asked].sort()).to.deep.equal(['kind-0', 'kind-1', 'kind-2']);
        const raw = boxRoom({ components: 9, kinds: 3 }) as {
          components: { position: [number, number, number] }[];
        };
        const point = [...raw.components[1]!.position.slice(0, 2), 60] as [number, number, number];
        const [x, y] = project(viewer, point, await pictureData(viewer));
        await until(
          async () => colourDistance(await pixelAt(viewer, x, y), [0, 255, 0]) < 10,
          3000,
          'a green loaded mesh',
        );
      });

      it('draws identical components as one instanced mesh each: 2 000 pieces in a handful of draw calls', async () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'top' }, [200, 150]);
        viewer.model = boxRoom({ components: 2000, kinds: 3 });
        await mountLoaded(viewer);
        expect(viewer.renderThread).to.equal(drawnOn);
        const { instanced, calls } = await inspectOf(viewer);
        // three kinds of furniture and the door
        expect(instanced.length).to.equal(4);
        expect(instanced.reduce((sum, count) => sum + count, 0)).to.equal(2001);
        // the last frame drawn was this view's (the only one on the page)
        expect(calls).to.be.greaterThan(3);
        expect(calls).to.be.below(30);
      });

      it('moving the element in the DOM keeps its view (no rebuild)', async () => {
        const viewer = makeViewer({ loading: 'eager' }, [160, 120]);
        viewer.model = boxRoom();
        await mountLoaded(viewer);
        const view = drawnBy(viewer);
        expect(view).to.not.equal(undefined);
        let loads = 0;
        viewer.addEventListener('model-load', () => loads++);
        fixtureContainer().append(viewer);
        await rafPasses(3);
        await new Promise((r) => setTimeout(r, 20));
        expect(drawnBy(viewer) === view, 'the same drawing').to.equal(true);
        expect(loads).to.equal(0);
        expect(viewer.getAttribute('state')).to.equal('loaded');
      });

      it('loading="lazy" waits until the element nears the viewport', async () => {
        const spacer = fixtureContainer();
        spacer.style.height = '4000px';
        const id = await publicRoomId();
        await resetEmulator();
        const viewer = makeViewer({ 'room-id': id, 'api-base': ROOM_STYLING }, [160, 120]);
        fixtureContainer().append(viewer);
        await rafPasses(4);
        await new Promise((r) => setTimeout(r, 100));
        expect(viewer.getAttribute('state')).to.equal('idle');
        expect(await receivedRequests(`/room-styling/rooms/${id}`)).to.have.length(0);
        const load = waitForEvent(viewer, 'model-load');
        viewer.scrollIntoView();
        await load;
        const asked = roomAsks(await receivedRequests(`/room-styling/rooms/${id}`));
        expect(asked, "the poster's record and the room's document").to.deep.equal(['document', 'true']);
        window.scrollTo(0, 0);
      });
    });

    describe('errors', () => {
      it('a room that does not exist: error state, model-error, a message, nothing thrown', async () => {
        const viewer = makeViewer({ 'room-id': '987654321', 'api-base': ROOM_STYLING, loading: 'eager' });
        const error = waitForEvent<{ error: { status: number }; fatal: boolean }>(viewer, 'model-error');
        fixtureContainer().append(viewer);
        const event = await error;
        expect(event.detail.error.status).to.equal(404);
        expect(event.detail.fatal).to.equal(true);
        await viewer.updateComplete;
        expect(viewer.getAttribute('state')).to.equal('error');
        expect(viewer.shadowRoot!.querySelector('[part~=error-title]')!.textContent).to.equal('Not found');
        // asking again cannot make the room exist: no retry button
        expect(viewer.shadowRoot!.querySelector('[part~=retry]')).to.equal(null);
        // the words follow a later change of lang
        viewer.setAttribute('lang', 'nl');
        await until(
          () => viewer.shadowRoot!.querySelector('[part=error]')!.textContent!.includes('Niet gevonden'),
          2000,
          'Dutch',
        );
      });

      it('a private room (403) says so, in Dutch when lang="nl"; a 503 offers a retry', async () => {
        const id = await publicRoomId();
        await armFault({ match: `/room-styling/rooms/${id}`, status: 403 });
        const viewer = makeViewer({
          'room-id': id,
          'api-base': ROOM_STYLING,
          loading: 'eager',
          lang: 'nl',
          poster: '',
        });
        const error = waitForEvent<{ error: { status: number } }>(viewer, 'model-error');
        fixtureContainer().append(viewer);
        expect((await error).detail.error.status).to.equal(403);
        await viewer.updateComplete;
        expect(viewer.shadowRoot!.querySelector('[part=error]')!.textContent).to.contain('privé');
        expect(viewer.shadowRoot!.querySelector('[part=retry]')).to.equal(null);
        await armFault({ match: `/room-styling/rooms/${id}`, status: 503, times: 3 });
        viewer.roomId = '';
        await viewer.updateComplete;
        const again = waitForEvent(viewer, 'model-error');
        viewer.roomId = id;
        await again;
        await viewer.updateComplete;
        expect(viewer.shadowRoot!.querySelector('[part=retry]')!.textContent).to.contain('Opnieuw');
      });

      it('a src that answers 404 is an error', async () => {
        const viewer = makeViewer({
          src: `${location.origin}/no-such-model-${Date.now()}.json`,
          loading: 'eager',
        });
        const error = waitForEvent<{ error: { status: number } }>(viewer, 'model-error');
        fixtureContainer().append(viewer);
        expect((await error).detail.error.status).to.equal(404);
      });

      it('a garbage model: error state, then a good model recovers', async () => {
        const viewer = makeViewer({ loading: 'eager' }, [160, 120]);
        viewer.model = { plan: 'nope', components: 7 };
        const error = waitForEvent<{ error: Error; fatal: boolean }>(viewer, 'model-error');
        fixtureContainer().append(viewer);
        expect((await error).detail.fatal).to.equal(true);
        await viewer.updateComplete;
        expect(viewer.getAttribute('state')).to.equal('error');
        expect(viewer.shadowRoot!.querySelector('[part=error]')!.textContent).to.contain('no 3D model');
        const load = waitForEvent(viewer, 'model-load');
        viewer.model = boxRoom();
        await load;
        expect(viewer.getAttribute('state')).to.equal('loaded');
        expect(viewer.shadowRoot!.querySelector('[part=error]')).to.equal(null);
      });

      it('a malformed room body from the service is an error without a retry; asking again loads it', async () => {
        const id = await publicRoomId();
        await armFault({ match: `/room-styling/rooms/${id}`, body: 'malformed' });
        const viewer = makeViewer(
          { 'room-id': id, 'api-base': ROOM_STYLING, loading: 'eager', poster: '' },
          [160, 120],
        );
        const error = waitForEvent(viewer, 'model-error');
        fixtureContainer().append(viewer);
        await error;
        await viewer.updateComplete;
        expect(viewer.shadowRoot!.querySelector('[part=retry]')).to.equal(null);
        viewer.roomId = '';
        await viewer.updateComplete;
        const load = waitForEvent(viewer, 'model-load');
        viewer.roomId = id;
        await load;
        expect(viewer.getAttribute('state')).to.equal('loaded');
      });

      it('a texture that fails: the room shows in the fallback colour, a visible notice and model-error (not fatal)', async () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'top' }, [200, 150]);
        viewer.model = boxRoom({
          floor: [0.1, 0.6, 0.3],
          floorTexture: `${location.origin}/no-such-texture-${Date.now()}.jpg`,
        });
        const error = waitForEvent<ModelErrorDetail>(viewer, 'model-error');
        fixtureContainer().append(viewer);
        const event = await error;
        expect(event.detail.fatal).to.equal(false);
        expect(event.detail.error.reason).to.equal('texture');
        await until(() => viewer.getAttribute('state') === 'loaded', 5000, 'loaded');
        await viewer.updateComplete;
        expect(viewer.shadowRoot!.querySelector('[part=warning]')!.textContent).to.contain('textures');
        // a state the page can style beside `loaded`, while the room stays drawn
        expect(viewer.matches(':state(warning)')).to.equal(true);
        expect(viewer.matches(':state(loaded)')).to.equal(true);
        expect(viewer.hasAttribute('warning')).to.equal(true);
        // the material's own diffuse colour stays
        expect(colourDistance(await pixelAt(viewer, 100, 75), srgb255([0.1, 0.6, 0.3]))).to.be.at.most(8);
        // a good model clears the warning
        const load = waitForEvent(viewer, 'model-load');
        viewer.model = boxRoom();
        await load;
        await viewer.updateComplete;
        expect(viewer.matches(':state(warning)')).to.equal(false);
        expect(viewer.hasAttribute('warning')).to.equal(false);
        expect(viewer.shadowRoot!.querySelector('[part=warning]')).to.equal(null);
      });

      it('a componentLoader that fails keeps the box, says so in a notice (Dutch too) and fires model-error (not fatal)', async () => {
        const viewer = makeViewer({ loading: 'eager', camera: 'top', lang: 'nl' }, [200, 150]);
        viewer.componentLoader = () => Promise.reject(new Error('no such mesh'));
        viewer.model = boxRoom({ components: 2, kinds: 1 });
        const error = waitForEvent<ModelErrorDetail>(viewer, 'model-error');
        fixtureContainer().append(viewer);
        const event = await error;
        expect(event.detail.fatal).to.equal(false);
        expect(event.detail.error.reason).to.equal('component');
        await until(() => viewer.matches(':state(warning)'), 5000, 'warning state');
        expect(viewer.getAttribute('state')).to.equal('loaded');
        expect(viewer.shadowRoot!.querySelector('[part=warning]')!.textContent).to.contain('meubels');
        expect(viewer.renderThread, 'a page loader draws on the page').to.equal('main');
        expect(await paintedOf(viewer)).to.be.above(1000);
      });

      it('src that is not http(s) is refused without a request', async () => {
        const viewer = makeViewer({ src: 'javascript:alert(1)', loading: 'eager' });
        const error = waitForEvent(viewer, 'model-error');
        fixtureContainer().append(viewer);
        await error;
        await viewer.updateComplete;
        expect(viewer.getAttribute('state')).to.equal('error');
      });
    });
  });

describeStrictCsp('room-viewer', 'loaded error');
