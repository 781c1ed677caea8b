/**
 * `<room-tour>` (issue 38) on real project 186997360 (Amstelveenseweg 1092 A: two floors, its FML as the
 * emulator serves it to a connected partner; skipped, saying why, without ../shared/realdata), on both
 * render threads: a stop at each walkthrough camera that stands in a room and one in each named room
 * without one; links exactly where the independent oracle finds no wall between (the FML walls and their
 * doors), each drawn at its true bearing within 1°; `<room-plan for>`'s dot and cone within 5 cm and 1° of
 * the stop; every frame painted during a move lit above 5/255; and ten stops shown with one panorama
 * context and one 3D context.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-tour/room-tour.ts';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { StopChangeDetail } from '../../src/events/index.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { configure } from '../../src/config.ts';
import { readFml, pointInRing } from '../../src/model/index.ts';
import type { FmlPlan } from '../../src/model/fml/types.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { THREADS } from './helpers/threads.ts';
import { needsReal } from './helpers/fml-projects.ts';
import { trackContexts } from './room-panorama.helpers.ts';
import {
  angleGap,
  bearing,
  linksOf,
  makeTour,
  mountTour,
  oracleBlocked,
  paintedLuminance,
  panoramaOf,
  warningOf,
} from './room-tour.helpers.ts';

const PROJECT = 186997360;

for (const renderer of THREADS) {
  describe(`<room-tour> on project 186997360 (${renderer})`, function () {
    this.timeout(240000);
    const page = pageErrorsOfEachTest();
    let doc: Record<string, unknown>;
    let plan: FmlPlan;
    before(async function () {
      requireWebGL(this);
      configure({ viewerRenderer: renderer });
      doc = await needsReal(this, PROJECT);
      plan = readFml(doc).plan;
    });
    afterEach(cleanup);

    it('has its stops, links exactly where no wall stands between, each at its bearing, and the plan follows', async () => {
      const tour = makeTour({ fml: doc });
      tour.id = 'real-tour';
      const ready = waitForEvent(tour, 'tour-ready', 120000);
      fixtureContainer().append(tour);
      const map = document.createElement('room-plan') as RoomPlan;
      map.style.cssText = 'display:block;width:400px;height:300px';
      map.setAttribute('for', 'real-tour');
      map.fml = doc;
      fixtureContainer().append(map);
      await ready;
      const { stops, links } = tour.tour!;
      plan.floors.forEach((floor, f) => {
        const design = floor.designs[0]!;
        const here = stops.filter((s) => s.floor === f);
        const inRoom = (x: number, y: number) =>
          design.areas.some((a) => !a.cutout && pointInRing([x, y], a.polygon));
        const cameras = [...design.cameras, ...floor.cameras].filter(
          (c) => c.type === 'walkthrough' && inRoom(c.position[0], c.position[1]),
        );
        // a stop at each walkthrough camera in a room, where it stands
        for (const camera of cameras)
          expect(
            here.some(
              (s) =>
                s.source === 'camera' &&
                Math.hypot(s.position[0] - camera.position[0], s.position[1] - camera.position[1]) < 1,
            ),
            `floor ${f}: a stop at camera ${camera.name}`,
          ).to.equal(true);
        expect(here.filter((s) => s.source === 'camera').length).to.equal(cameras.length);
        // one stop in each named room no camera stands in, and no other
        const named = design.areas.filter((a) => a.name?.trim() && !a.cutout);
        for (const area of named)
          expect(
            here.some((s) => pointInRing([s.position[0], s.position[1]], area.polygon)),
            `floor ${f}: a stop in ${area.name}`,
          ).to.equal(true);
        const withoutCamera = named.filter(
          (a) => !cameras.some((c) => pointInRing([c.position[0], c.position[1]], a.polygon)),
        );
        expect(here.filter((s) => s.source === 'area').length).to.equal(withoutCamera.length);
        // links iff the oracle finds no wall between
        for (const a of here)
          for (const b of here) {
            if (a === b) continue;
            const blocked = oracleBlocked(
              [a.position[0], a.position[1]],
              [b.position[0], b.position[1]],
              design.walls,
            );
            const linked = links.some((l) => l.from === a.id && l.to === b.id);
            expect(linked, `floor ${f}: ${a.name} → ${b.name}`).to.equal(!blocked);
          }
      });
      expect(links.length, 'a real home is linked through its doors').to.be.at.least(4);
      // the first stop's links, as buttons in the panorama at their true bearings
      const first = stops.find((s) => s.id === tour.stop)!;
      const buttons = linksOf(tour);
      expect(buttons.map((b) => b.dataset.stop).sort()).to.deep.equal(
        links
          .filter((l) => l.from === first.id)
          .map((l) => l.to)
          .sort(),
      );
      for (const button of buttons) {
        const to = stops.find((s) => s.id === button.dataset.stop)!;
        expect(angleGap(Number(button.dataset.yaw), bearing(first, to)), to.name).to.be.below(1);
        expect(button.getAttribute('aria-label')).to.match(/, \d+(\.\d)? m ahead$/);
      }
      // "you are here": the dot within 5 cm of the stop, the cone within 1° of where the panorama looks
      const part = (name: string) => map.shadowRoot!.querySelector<SVGElement>(`[part~="${name}"]`)!;
      await until(
        () => part('camera')?.getAttribute('visibility') === 'visible',
        10000,
        'the camera on the plan',
      );
      const m = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(part('camera').getAttribute('transform') ?? '')!;
      const [x, y] = [Number(m[1]), -Number(m[2])];
      expect(Math.hypot(x - first.position[0], y - first.position[1]), 'the dot').to.be.below(5);
      const heading = () =>
        Number(/rotate\(([-\d.e]+)\)/.exec(part('camera-cone').getAttribute('transform') ?? '')![1]);
      const headingOf = (yaw: number) => ((((yaw - 90) % 360) + 540) % 360) - 180;
      expect(angleGap(heading(), headingOf(panoramaOf(tour).yaw)), 'the cone').to.be.below(1);
      panoramaOf(tour).yaw = -60;
      await rafPasses(2);
      expect(angleGap(heading(), headingOf(-60)), 'the cone followed a turn').to.be.below(1);
      expect(page.errors).to.deep.equal([]);
    });

    it('flies to the next room through a door: every frame painted during the move is lit', async () => {
      const tour = await mountTour({ fml: doc });
      const from = tour.tour!.stops.find((s) => s.id === tour.stop)!;
      const link = linksOf(tour)[0]!;
      expect(link, 'the first stop has a link').to.not.equal(undefined);
      // the button is reused for the next stop's links: its target read now
      const target = link.dataset.stop;
      const arrived = waitForEvent<StopChangeDetail>(tour, 'stop-change', 90000);
      link.click();
      const lights: number[] = [];
      let done = false;
      void arrived.then(() => (done = true));
      while (!done) lights.push(await paintedLuminance(tour));
      for (let i = 0; i < 3; i++) lights.push(await paintedLuminance(tour));
      expect((await arrived).detail).to.deep.equal({ stop: target, from: from.id });
      expect(lights.length, 'frames sampled during the move').to.be.at.least(3);
      expect(Math.min(...lights), lights.map((l) => l.toFixed(3)).join(' ')).to.be.above(5 / 255);
      expect(page.errors).to.deep.equal([]);
    });

    it('shows ten of its stops, on both floors, with one panorama context and one 3D context', async () => {
      const contexts = trackContexts();
      try {
        const tour = await mountTour({ fml: doc });
        const first = contexts.created();
        expect(first).to.be.at.most(renderer === 'main' ? 2 : 1);
        const stops = tour.tour!.stops.filter((s) => s.id !== tour.stop).slice(0, 9);
        expect(stops.length).to.equal(9);
        expect(new Set(stops.map((s) => s.floor)).size, 'both floors').to.equal(2);
        const errors: unknown[] = [];
        tour.addEventListener('tour-error', (e) => {
          const d = (e as CustomEvent).detail;
          errors.push([d.error?.message, d.error?.reason, d.error?.cause?.message]);
        });
        for (const stop of stops) {
          await tour.goTo(stop.id, { fly: false });
          expect(tour.stop, `at ${stop.id}: ${JSON.stringify(errors)} ${warningOf(tour)}`).to.equal(stop.id);
        }
        expect(tour.stop).to.equal(stops.at(-1)!.id);
        expect(contexts.created(), 'no context for any later stop').to.equal(first);
        expect(contexts.live()).to.equal(first);
        if (renderer === 'worker')
          expect((await renderWorkerInfo())?.views, 'one 3D view in the worker').to.equal(1);
        expect(page.errors).to.deep.equal([]);
      } finally {
        contexts.restore();
      }
    });
  });
}
