/**
 * photo-sphere-viewer switches three's colour management off for the whole page when it is imported
 * (DESIGN.md): <room-viewer> must draw the same colours with and without a panorama on the page.
 */
import { expect } from '@esm-bundle/chai';
import { ColorManagement } from 'three';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { boxRoom, colourDistance, makeViewer } from './room-viewer-fixtures.ts';
import { drawingOn } from './helpers/drawn-on.ts';
import { pictureData, pixelIn, THREADS } from './helpers/threads.ts';

// on both threads: the render worker (the default: PSV's switch is the page's, not the worker's) and
// the page's (renderer="main"); pixels read from either picture

const POINTS: [number, number][] = [
  [100, 75], // floor
  [60, 50], // floor
  [100, 5], // background
  [150, 110], // a piece of furniture or floor
];

async function picture(thread: string): Promise<number[][]> {
  const viewer: RoomViewer = makeViewer({ loading: 'eager', camera: 'top' }, [200, 150]);
  viewer.model = boxRoom({ floor: [0.8, 0.3, 0.2], wall: [0.2, 0.4, 0.8], components: 2 });
  const load = waitForEvent(viewer, 'model-load');
  fixtureContainer().append(viewer);
  await load;
  expect(viewer.renderThread).to.equal(thread);
  const shown = await pictureData(viewer);
  return POINTS.map(([x, y]) => pixelIn(shown, x, y));
}

for (const drawnOn of THREADS)
  describe(`<room-viewer> colours with photo-sphere-viewer on the page (drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
    afterEach(cleanup);

    it('draws the same pixels before and after PSV turns ColorManagement off', async () => {
      // the page before PSV came: PSV's first import (below) switches it off for good, so a later run
      // sets back what it found
      const first = ColorManagement.enabled;
      ColorManagement.enabled = true;
      const before = await picture(drawnOn);
      cleanup();
      await import('@photo-sphere-viewer/core');
      // the premise: PSV did switch it off page-wide (if it ever stops doing so, this test says so)
      if (first) expect(ColorManagement.enabled).to.equal(false);
      ColorManagement.enabled = false;
      const after = await picture(drawnOn);
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
