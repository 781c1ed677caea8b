import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import { wallsToLower } from '../../src/three/cutaway.ts';
import { CUT_TOP_COLOUR } from '../../src/three/materials.ts';
import { axeViolations } from './helpers/axe.ts';
import { resetEmulator } from './helpers/emulator.ts';
import { cleanup, mountLoaded, rafPasses } from './helpers/wait.ts';
import { drawingOn } from './helpers/drawn-on.ts';
import { boxRoom, colourDistance, makeViewer, srgb255 } from './room-viewer-fixtures.ts';
import { frameAfter, pictureData, pixelIn, placeCamera, projectPoint, THREADS } from './helpers/threads.ts';
import type { Vec3 } from '../../src/model/types.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); pixels are read from
// the picture either draws, the camera from its frames' pose

const WALL = [0.2, 0.4, 0.8] as [number, number, number];
const CUT_TOP = [1, 3, 5].map((i) => parseInt(CUT_TOP_COLOUR.slice(i, i + 2), 16));

const loaded = (viewer: RoomViewer) => mountLoaded(viewer);

/** The colour where a model point lands on the viewer's picture. */
async function colourAt(viewer: RoomViewer, point: Vec3): Promise<number[]> {
  const picture = await pictureData(viewer);
  return pixelIn(picture, ...projectPoint(viewer, point, picture));
}

for (const drawnOn of THREADS)
  describe(`<room-viewer cutaway> (drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
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
      expect(viewer.renderThread).to.equal(drawnOn);
      await rafPasses(2);
      // the model's camera stands south of the room, above it: the south wall (y = 0) is the near one;
      // 200 cm up its outer face, a quarter along (the door is in the middle)
      const high: Vec3 = [100, -10, 200];
      const wall = srgb255(WALL);
      const before = await colourAt(viewer, high);
      expect(colourDistance(before, wall), `wall colour before: ${before}`).to.be.below(70);

      viewer.cutaway = true;
      await frameAfter(viewer);
      const after = await colourAt(viewer, high);
      expect(colourDistance(after, wall), `no wall there with the cutaway: ${after}`).to.be.above(40);
      expect(viewer.hasAttribute('cutaway')).to.equal(true);
      // the lowered wall's cut top (100 cm) is drawn dark
      expect(colourDistance(await colourAt(viewer, [100, 0, 100]), CUT_TOP), 'cut top').to.be.below(40);
      // the far wall (north) stays whole
      const far = await colourAt(viewer, [100, 290, 200]);
      expect(colourDistance(far, CUT_TOP), 'far wall is not cut').to.be.above(40);

      viewer.cutaway = false;
      await frameAfter(viewer);
      expect(colourDistance(await colourAt(viewer, high), before)).to.be.below(8);
    });

    it('follows the camera: orbiting to the other side lowers the other wall', async () => {
      const viewer = makeViewer({ loading: 'eager', cutaway: '', 'cutaway-height': '60' }, [320, 240]);
      viewer.model = boxRoom({ wall: WALL });
      await loaded(viewer);
      const plan = planGeometry(readModel(boxRoom()).model);
      const southOf = wallsToLower(plan.walls, [200, -600], [200, 150]);
      const northOf = wallsToLower(plan.walls, [200, 900], [200, 150]);
      expect(southOf).to.have.length(1);
      expect(northOf).to.have.length(1);
      expect(southOf[0]).to.not.equal(northOf[0]);
      // move the camera north of the room: the picture changes at the north wall
      await placeCamera(viewer, [200, 900, 700], [200, 150, 0]);
      await rafPasses(2);
      const seen = await colourAt(viewer, [100, 310, 200]);
      expect(colourDistance(seen, srgb255(WALL)), `north wall lowered: ${seen}`).to.be.above(40);
    });
  });
