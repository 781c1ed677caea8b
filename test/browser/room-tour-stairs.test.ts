/**
 * `<room-tour>` goes up and down the stairs (issue 38 follow-up), on both threads, on the made-up
 * two-floor home the planning emulator serves (29250001): the hall's stop links to the landing
 * upstairs ("Upstairs: Overloop, 1.9 m ahead", in the page's language) drawn where the stairs start,
 * Enter goes there, and a `<room-plan for>` linked to the tour shows the upper floor with its stops;
 * the link back down returns to the hall and the plan to the ground floor. No page error.
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/room-tour/room-tour.ts';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomTour } from '../../src/elements/room-tour/room-tour.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { StopChangeDetail, TourReadyDetail } from '../../src/events/index.ts';
import { demoHomeFml } from './helpers/fml-projects.ts';
import { THREADS } from './helpers/threads.ts';
import { fixtureContainer, until, waitForEvent } from './helpers/wait.ts';
import { tourSuite } from './room-tour.helpers.ts';

const panoramaOf = (tour: RoomTour) => tour.shadowRoot!.querySelector<RoomPanorama>('room-panorama')!;
const linkTo = (tour: RoomTour, label: RegExp) =>
  [...panoramaOf(tour).querySelectorAll<HTMLButtonElement>('button[part~="link"]')].find((b) =>
    label.test(b.getAttribute('aria-label') ?? ''),
  );
const planStops = (plan: RoomPlan) =>
  [...plan.shadowRoot!.querySelectorAll('[part~="tour-stop"]')]
    .map((s) => s.getAttribute('aria-label'))
    .sort();
/** The bearing (yaw clockwise from the plan's +y) of the FML point (x, y down) from a stop. */
const bearingTo = (from: number[], x: number, y: number) =>
  (Math.atan2(x - from[0]!, -y - from[1]!) * 180) / Math.PI;

for (const renderer of THREADS) {
  describe(`<room-tour> up and down the stairs (${renderer})`, function () {
    this.timeout(180000);
    const page = tourSuite(renderer);

    it('links the hall to the landing by the stairs, and the linked plan follows to the other floor', async () => {
      const tour = document.createElement('room-tour');
      tour.id = 'stairs-tour';
      tour.style.cssText = 'display:block;width:320px;height:180px';
      tour.setAttribute('panorama-size', '128');
      tour.fml = await demoHomeFml();
      const plan = document.createElement('room-plan');
      plan.style.cssText = 'display:block;width:400px;height:300px';
      plan.setAttribute('for', tour.id);
      plan.fml = await demoHomeFml();
      const ready = waitForEvent<TourReadyDetail>(tour, 'tour-ready', 120000);
      fixtureContainer().append(tour, plan);
      await ready;
      const stop = (name: string) => tour.tour!.stops.find((s) => s.name === name)!;
      const hal = stop('Hal');
      const overloop = stop('Overloop');
      expect(tour.stop).to.equal(hal.id);
      await until(() => planStops(plan).length === 4, 10000, 'the ground floor’s stops on the plan');
      expect(planStops(plan)).to.deep.equal(['Hal', 'Keuken', 'Werkkamer', 'Woonkamer']);

      // the link up, named for a screen reader and drawn where the stairs start (their foot, FML 75, 760)
      const up = linkTo(tour, /^Upstairs: /)!;
      expect(up, 'a link up the stairs').to.not.equal(undefined);
      expect(up.getAttribute('aria-label')).to.equal('Upstairs: Overloop, 1.9 m ahead');
      expect(up.dataset.stop).to.equal(overloop.id);
      expect(Number(up.dataset.yaw)).to.be.closeTo(bearingTo(hal.position, 75, 760), 1);
      // in the page's language
      tour.setAttribute('lang', 'nl');
      await until(() => linkTo(tour, /^Naar boven: /), 5000, 'the Dutch name');
      expect(linkTo(tour, /^Naar boven: /)!.getAttribute('aria-label')).to.equal(
        'Naar boven: Overloop, 1,9 m vooruit',
      );
      tour.removeAttribute('lang');
      await until(() => linkTo(tour, /^Upstairs: /), 5000, 'English again');

      // Enter goes upstairs; the plan shows the upper floor and its stops
      // (turned towards the stairs first: a link out of view is hidden)
      const link = linkTo(tour, /^Upstairs: /)!;
      panoramaOf(tour).yaw = Number(link.dataset.yaw);
      await until(
        () => {
          link.focus();
          return tour.shadowRoot!.activeElement === link || document.activeElement === link;
        },
        5000,
        'the link up in view and focused',
      );
      const arrived = waitForEvent<StopChangeDetail>(tour, 'stop-change', 90000);
      await sendKeys({ press: 'Enter' });
      expect((await arrived).detail).to.deep.equal({ stop: overloop.id, from: hal.id });
      expect(tour.stop).to.equal(overloop.id);
      await until(() => plan.floor === '1', 5000, 'the plan on the upper floor');
      await until(() => planStops(plan).includes('Overloop'), 10000, 'the upper floor’s stops on the plan');
      expect(planStops(plan)).to.deep.equal(['Badkamer', 'Overloop', 'Slaapkamer', 'Slaapkamer 2']);
      const current = plan.shadowRoot!.querySelector('[part~="tour-stop-current"]');
      expect(current?.getAttribute('aria-label')).to.equal('Overloop');

      // and back down (drawn where the stairs come out upstairs: their head, FML 75, 500)
      const down = linkTo(tour, /^Downstairs: /)!;
      expect(down.getAttribute('aria-label')).to.equal('Downstairs: Hal, 1.9 m ahead');
      expect(Number(down.dataset.yaw)).to.be.closeTo(bearingTo(overloop.position, 75, 500), 1);
      const back = waitForEvent<StopChangeDetail>(tour, 'stop-change', 90000);
      down.click();
      expect((await back).detail.stop).to.equal(hal.id);
      await until(() => plan.floor === '0', 5000, 'the plan on the ground floor again');
      await until(() => planStops(plan).includes('Keuken'), 10000, 'the ground floor’s stops again');
      expect(page.errors).to.deep.equal([]);
    });
  });
}
