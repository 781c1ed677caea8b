import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { wallsToLower } from '../../src/three/cutaway.ts';
import { CUT_TOP_COLOUR } from '../../src/three/materials.ts';
import { axeViolations } from './helpers/axe.ts';
import { resetEmulator } from './helpers/emulator.ts';
import { cleanup, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, colourDistance, makeViewer, pixel, pictureOf, srgb255 } from './room-viewer-fixtures.ts';
import { MODEL_TO_WORLD } from '../../src/three/axes.ts';
import { Vector3 } from 'three';
import { configure } from '../../src/config.ts';

// these tests read the scene on the page's thread (viewer.view, its canvas); the render worker, the
// default where the browser allows it, has its own (room-viewer-worker*.test.ts)
configure({ viewerRenderer: 'main' });

const WALL = [0.2, 0.4, 0.8] as [number, number, number];
const CUT_TOP = [1, 3, 5].map((i) => parseInt(CUT_TOP_COLOUR.slice(i, i + 2), 16));

const loaded = (viewer: RoomViewer) => mountLoaded(viewer);

/** Where a model point lands on the viewer's picture, in its pixels. */
function project(viewer: RoomViewer, point: [number, number, number]): [number, number] {
  const ndc = new Vector3(...point).applyMatrix4(MODEL_TO_WORLD).project(viewer.view!.camera);
  const canvas = pictureOf(viewer);
  return [((ndc.x + 1) / 2) * canvas.width, ((1 - ndc.y) / 2) * canvas.height];
}

/** A frame drawn after the change (the view draws only when something changed). */
async function drawn(viewer: RoomViewer): Promise<void> {
  await viewer.updateComplete;
  const before = viewer.view!.frames;
  await until(() => viewer.view!.frames > before, 5000, 'a frame');
  await rafPasses(2);
}

describe('<room-viewer cutaway>', () => {
  before(function () {
    requireWebGL(this);
  });
  beforeEach(resetEmulator);
  afterEach(cleanup);

  it('is accessible (axe) with the cutaway on', async () => {
    const viewer = makeViewer({ loading: 'eager', cutaway: '' }, [240, 180]);
    viewer.model = boxRoom({ wall: WALL });
    await loaded(viewer);
    expect(await axeViolations(viewer)).to.deep.equal([]);
  });

  it('lowers the near wall, dark on top, and puts it back when turned off (same camera)', async () => {
    const viewer = makeViewer({ loading: 'eager' }, [320, 240]);
    viewer.model = boxRoom({ wall: WALL, width: 400, depth: 300 });
    await loaded(viewer);
    await rafPasses(2);
    // the model's camera stands south of the room, above it: the south wall (y = 0) is the near one;
    // 200 cm up its outer face, a quarter along (the door is in the middle)
    const high = project(viewer, [100, -10, 200]);
    const wall = srgb255(WALL);
    const before = pixel(viewer, ...high);
    expect(colourDistance(before, wall), `wall colour before: ${before}`).to.be.below(70);

    viewer.cutaway = true;
    await drawn(viewer);
    const after = pixel(viewer, ...high);
    expect(colourDistance(after, wall), `no wall there with the cutaway: ${after}`).to.be.above(40);
    expect(viewer.hasAttribute('cutaway')).to.equal(true);
    // the lowered wall's cut top (100 cm) is drawn dark
    const top = project(viewer, [100, 0, 100]);
    expect(colourDistance(pixel(viewer, ...top), CUT_TOP), 'cut top').to.be.below(40);
    // the far wall (north) stays whole
    const far = project(viewer, [100, 290, 200]);
    expect(colourDistance(pixel(viewer, ...far), CUT_TOP), 'far wall is not cut').to.be.above(40);

    viewer.cutaway = false;
    await drawn(viewer);
    expect(colourDistance(pixel(viewer, ...high), before)).to.be.below(8);
  });

  it('follows the camera: orbiting to the other side lowers the other wall', async () => {
    const viewer = makeViewer({ loading: 'eager', cutaway: '', 'cutaway-height': '60' }, [320, 240]);
    viewer.model = boxRoom({ wall: WALL });
    await loaded(viewer);
    const names = () =>
      (viewer.view!.room.root.getObjectByName('cutaway')!.children as { name: string }[]).map((c) => c.name);
    expect(names()).to.include('wall-tops');
    const plan = planGeometry(readModel(boxRoom()).model);
    const southOf = wallsToLower(plan.walls, [200, -600], [200, 150]);
    const northOf = wallsToLower(plan.walls, [200, 900], [200, 150]);
    expect(southOf).to.have.length(1);
    expect(northOf).to.have.length(1);
    expect(southOf[0]).to.not.equal(northOf[0]);
    // move the camera north of the room: the picture changes at the north wall
    const view = viewer.view!;
    const northHigh: [number, number, number] = [100, 310, 200];
    view.camera.position.copy(new Vector3(200, 900, 700).applyMatrix4(MODEL_TO_WORLD));
    view.requestRender();
    await drawn(viewer);
    await drawn(viewer).catch(() => undefined);
    const seen = pixel(viewer, ...project(viewer, northHigh));
    expect(colourDistance(seen, srgb255(WALL)), `north wall lowered: ${seen}`).to.be.above(40);
  });
});
