/**
 * photo-sphere-viewer switches three's colour management off for the whole page when it is imported
 * (DESIGN.md): <room-viewer> must draw the same colours with and without a panorama on the page.
 */
import { expect } from '@esm-bundle/chai';
import { ColorManagement } from 'three';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { boxRoom, colourDistance, makeViewer, pixel } from './room-viewer-fixtures.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { configure } from '../../src/config.ts';

// these tests read the scene on the page's thread (viewer.view, its canvas); the render worker, the
// default where the browser allows it, has its own (room-viewer-worker*.test.ts)
configure({ viewerRenderer: 'main' });

const POINTS: [number, number][] = [
  [100, 75], // floor
  [60, 50], // floor
  [100, 5], // background
  [150, 110], // a piece of furniture or floor
];

async function picture(): Promise<number[][]> {
  const viewer: RoomViewer = makeViewer({ loading: 'eager', camera: 'top' }, [200, 150]);
  viewer.model = boxRoom({ floor: [0.8, 0.3, 0.2], wall: [0.2, 0.4, 0.8], components: 2 });
  const load = waitForEvent(viewer, 'model-load');
  fixtureContainer().append(viewer);
  await load;
  return POINTS.map(([x, y]) => pixel(viewer, x, y));
}

describe('<room-viewer> colours with photo-sphere-viewer on the page', () => {
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('draws the same pixels before and after PSV turns ColorManagement off', async () => {
    expect(ColorManagement.enabled).to.equal(true);
    const before = await picture();
    cleanup();
    await import('@photo-sphere-viewer/core');
    // the premise: PSV did switch it off page-wide (if it ever stops doing so, this test says so)
    expect(ColorManagement.enabled).to.equal(false);
    const after = await picture();
    for (let i = 0; i < POINTS.length; i++) {
      expect(
        colourDistance(after[i]!, before[i]!),
        `point ${POINTS[i]}: ${after[i]} vs ${before[i]}`,
      ).to.be.at.most(1);
    }
    // and they are the model's colours, not washed-out ones: the floor is its own sRGB colour
    expect(colourDistance(after[0]!, [204, 77, 51])).to.be.at.most(6);
    // the page's setting is left as the page (PSV) set it
    expect(ColorManagement.enabled).to.equal(false);
  });
});
