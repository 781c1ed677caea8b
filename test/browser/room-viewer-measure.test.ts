import { expect } from '@esm-bundle/chai';
import { Vector3 } from 'three';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { MeasureDetail } from '../../src/events/index.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import type { Vec2, Vec3 } from '../../src/model/types.ts';
import { formatLength } from '../../src/model/units.ts';
import { MODEL_TO_WORLD } from '../../src/three/axes.ts';
import { axeViolations } from './helpers/axe.ts';
import { clickAt, dragFrom, escapeTwice, measuredOnDocument } from './helpers/measure.ts';
import { resetEmulator } from './helpers/emulator.ts';
import { cleanup, mountLoaded, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, makeViewer } from './room-viewer-fixtures.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { cameraOf, poseOf, THREADS } from './helpers/threads.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); the camera is read
// from the frames' pose, as either draws it

const shadow = (viewer: RoomViewer) => viewer.shadowRoot!;

async function loaded(viewer: RoomViewer): Promise<RoomViewer> {
  await mountLoaded(viewer);
  await rafPasses(2);
  return viewer;
}

/** Where a model point shows on the page (CSS pixels). */
function onPage(viewer: RoomViewer, point: Vec3): [number, number] {
  const ndc = new Vector3(...point).applyMatrix4(MODEL_TO_WORLD).project(cameraOf(poseOf(viewer)));
  const rect = shadow(viewer).querySelector('canvas')!.getBoundingClientRect();
  return [rect.left + ((ndc.x + 1) / 2) * rect.width, rect.top + ((1 - ndc.y) / 2) * rect.height];
}

/**
 * The box room's far (north) wall, its face inside the room: its two top corners (the near wall hides
 * its foot from the model's camera, south of the room and above it), and its length between them.
 */
function farWallFace(): { a: Vec3; b: Vec3; length: number } {
  const plan = planGeometry(readModel(boxRoom()).model);
  const north = plan.walls.reduce((best, w) =>
    w.start[1] + w.end[1] > best.start[1] + best.end[1] ? w : best,
  );
  // the face toward the room: the polygon's corners nearest the room's middle line (lowest y)
  const corners = [...north.polygon].sort((p, q) => p[1] - q[1]).slice(0, 2) as [Vec2, Vec2];
  corners.sort((p, q) => p[0] - q[0]);
  const [p, q] = corners;
  return {
    a: [p[0], p[1], plan.height],
    b: [q[0], q[1], plan.height],
    length: Math.hypot(q[0] - p[0], q[1] - p[1]),
  };
}

/** A little into the face from a corner (so the ray meets the wall, then snaps to the corner). */
const nudge = (point: Vec3, toward: Vec3): Vec3 => [
  point[0] + Math.sign(toward[0] - point[0]) * 6,
  point[1],
  point[2] - 6,
];

for (const drawnOn of THREADS)
  describe(`<room-viewer measure> (drawn on the ${drawnOn} thread)`, () => {
    before(function () {
      requireWebGL(this);
      configure({ viewerRenderer: drawnOn });
    });
    after(resetConfig);
    beforeEach(resetEmulator);
    afterEach(cleanup);

    it('is accessible (axe) in measure mode, with a distance shown', async () => {
      const viewer = makeViewer({ loading: 'eager', measure: '' }, [360, 270]);
      viewer.model = boxRoom();
      await loaded(viewer);
      expect(await axeViolations(viewer)).to.deep.equal([]);
      const button = shadow(viewer).querySelector('[part="measure-button"]')!;
      expect(button.tagName).to.equal('BUTTON');
      expect(button.getAttribute('aria-pressed')).to.equal('true');
      expect(shadow(viewer).querySelector('[part="measure-hint"]')!.getAttribute('role')).to.equal('status');
      const { a, b } = farWallFace();
      const measured = waitForEvent(viewer, 'measure');
      await clickAt(onPage(viewer, nudge(a, b)));
      await clickAt(onPage(viewer, nudge(b, a)));
      await measured;
      await viewer.updateComplete;
      expect(shadow(viewer).querySelector('[part~="measure"]')).to.not.equal(null);
      expect(await axeViolations(viewer)).to.deep.equal([]);
    });

    it("measures a wall's length end to end within 1 cm; the event bubbles and is composed", async () => {
      const viewer = makeViewer({ loading: 'eager' }, [400, 300]);
      viewer.model = boxRoom();
      await loaded(viewer);
      // the button turns the mode on
      (shadow(viewer).querySelector('[part="measure-button"]') as HTMLButtonElement).click();
      await viewer.updateComplete;
      expect(viewer.measure).to.equal(true);
      expect(viewer.hasAttribute('measure')).to.equal(true);
      expect(viewer.matches(':state(measuring)')).to.equal(true);
      const { a, b, length } = farWallFace();
      let first = 0;
      viewer.addEventListener('measure', () => first++);
      const event = await measuredOnDocument(async () => {
        await clickAt(onPage(viewer, nudge(a, b)));
        expect(first).to.equal(0);
        await clickAt(onPage(viewer, nudge(b, a)));
      });
      expect(Math.abs(event.detail.distance - length), `${event.detail.distance} vs ${length}`).to.be.below(
        1,
      );
      for (const [got, want] of [
        [event.detail.from, a],
        [event.detail.to, b],
      ] as const)
        for (let i = 0; i < 3; i++) expect(Math.abs(got[i]! - want[i]!)).to.be.below(1);
      expect(event.detail.text).to.equal(formatLength(event.detail.distance, 'metric', 'en'));
      await viewer.updateComplete;
      await rafPasses(2);
      const label = shadow(viewer).querySelector('[part~="measure-label"]')!;
      expect(label.textContent!.trim()).to.equal(event.detail.text);
      // the label sits between the two points on screen (placed with the frame that follows them)
      const [ax] = onPage(viewer, a);
      const [bx] = onPage(viewer, b);
      const middle = () => {
        const box = label.getBoundingClientRect();
        return box.left + box.width / 2;
      };
      await until(
        () => middle() >= Math.min(ax, bx) && middle() <= Math.max(ax, bx),
        5000,
        'the label between the points',
      );
      // Esc clears the points, a second Esc leaves measure mode
      viewer.focus();
      await escapeTwice(viewer, '[part~="measure"]');
    });

    it('gives imperial text with units="imperial", and Dutch words with lang="nl"', async () => {
      const viewer = makeViewer({ loading: 'eager', measure: '', units: 'imperial', lang: 'nl' }, [400, 300]);
      viewer.model = boxRoom();
      await loaded(viewer);
      expect(shadow(viewer).querySelector('[part="measure-button"]')!.textContent).to.contain('Meten');
      const { a, b } = farWallFace();
      const measured = waitForEvent<MeasureDetail>(viewer, 'measure');
      await clickAt(onPage(viewer, nudge(a, b)));
      await clickAt(onPage(viewer, nudge(b, a)));
      const { detail } = await measured;
      expect(detail.text).to.match(/^\d+′ \d+″$/);
      expect(detail.text).to.equal(formatLength(detail.distance, 'imperial'));
      await viewer.updateComplete;
      expect(shadow(viewer).querySelector('[part="measure-hint"]')!.textContent).to.contain(detail.text);
    });

    it('ignores drags (they move the camera) and clicks outside measure mode', async () => {
      const viewer = makeViewer({ loading: 'eager' }, [400, 300]);
      viewer.model = boxRoom();
      await loaded(viewer);
      let events = 0;
      viewer.addEventListener('measure', () => events++);
      const { a, b } = farWallFace();
      await clickAt(onPage(viewer, nudge(a, b)));
      await clickAt(onPage(viewer, nudge(b, a)));
      viewer.measure = true;
      await viewer.updateComplete;
      await dragFrom(onPage(viewer, nudge(a, b)), 40, 10);
      await rafPasses(2);
      expect(events).to.equal(0);
      expect(shadow(viewer).querySelector('[part~="measure"]')).to.equal(null);
    });
  });
