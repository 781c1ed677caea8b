/**
 * `<room-tour>` (issue 38) on both threads, on the made-up four-camera home (test/fixtures/tour-home.ts):
 * the tour built and its first stop shown, links as buttons named for a screen reader where the next stop
 * stands, Tab reaches them and Enter goes there through a flight with a cross-fade in which every frame
 * painted is lit (mean luminance above 5/255, screenshots of the page while the move runs); ten stops on
 * a page use one panorama context and one 3D context; bad input (no stops, a camera outside every room,
 * a broken export) shows what it can and says the rest, with no page error; and `<room-plan for>` shows
 * "you are here" within 5 cm and 1° of the stop's pose, follows a turn within a frame, and goes to a stop
 * clicked on the plan.
 */
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/room-tour/room-tour.ts';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomTour } from '../../src/elements/room-tour/room-tour.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { StopChangeDetail, TourErrorDetail, TourReadyDetail } from '../../src/events/index.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { configure } from '../../src/config.ts';
import { tourHome, tourRow } from '../fixtures/tour-home.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { THREADS } from './helpers/threads.ts';
import { trackContexts } from './room-panorama.helpers.ts';
import { angleGap, linksOf, paintedLuminance, panoramaOf, tourSuite } from './room-tour.helpers.ts';

const SIZE = 128;

function makeTour(doc: unknown, attributes: Record<string, string> = {}): RoomTour {
  const tour = document.createElement('room-tour');
  tour.style.cssText = 'display:block;width:320px;height:180px;aspect-ratio:auto';
  tour.setAttribute('panorama-size', String(SIZE));
  for (const [k, v] of Object.entries(attributes)) tour.setAttribute(k, v);
  tour.fml = doc;
  return tour;
}

async function mountTour(doc: unknown, attributes: Record<string, string> = {}): Promise<RoomTour> {
  const tour = makeTour(doc, attributes);
  const ready = waitForEvent<TourReadyDetail>(tour, 'tour-ready', 90000);
  fixtureContainer().append(tour);
  await ready;
  return tour;
}

const stopNamed = (tour: RoomTour, name: string) => tour.tour!.stops.find((s) => s.name === name)!;

/** The element focused, through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

for (const renderer of THREADS) {
  describe(`<room-tour> (${renderer})`, function () {
    this.timeout(180000);
    const page = tourSuite(renderer);

    it('builds the tour and shows the first stop, its links named where the next stops stand', async () => {
      const tour = await mountTour(tourHome());
      expect(tour.tour!.stops.map((s) => s.name)).to.deep.equal([
        'Keuken',
        'Woonkamer',
        'Hal',
        'Slaapkamer',
        'Berging',
      ]);
      expect(tour.stop).to.equal(stopNamed(tour, 'Keuken').id);
      expect(tour.getAttribute('state')).to.equal('ready');
      const labels = linksOf(tour)
        .map((b) => b.getAttribute('aria-label'))
        .sort();
      expect(labels).to.deep.equal(['Berging, 7 m ahead', 'Hal, 4 m ahead', 'Woonkamer, 4 m ahead']);
      // each link stands at its target's bearing: Hal due east of the kitchen (yaw 90), Woonkamer south (180)
      const yawOf = (name: string) =>
        Number(linksOf(tour).find((b) => b.getAttribute('aria-label')!.startsWith(name))!.dataset.yaw);
      expect(yawOf('Hal')).to.be.closeTo(90, 1);
      expect(Math.abs(yawOf('Woonkamer'))).to.be.closeTo(180, 1);
      // the panorama shows rendered faces, looking the way the kitchen's camera looks (east)
      expect(panoramaOf(tour).faces!.f).to.match(/^blob:/);
      expect(panoramaOf(tour).yaw).to.be.closeTo(90, 1);
      expect(page.errors).to.deep.equal([]);
    });

    it('Tab reaches a link, Enter flies there and cross-fades: every frame painted is lit', async () => {
      const tour = await mountTour(tourHome());
      const hal = stopNamed(tour, 'Hal');
      // the Hal link stands in view (the kitchen looks east): Tab from before the tour reaches it
      const before = document.createElement('button');
      before.textContent = 'before';
      tour.before(before);
      before.focus();
      let found: Element | null = null;
      for (let i = 0; i < 12 && !found; i++) {
        await sendKeys({ press: 'Tab' });
        const active = deepActive();
        if (active?.matches?.('button[part~="link"]')) found = active;
      }
      expect(found, 'a link reached by Tab').to.not.equal(null);
      if (found!.getAttribute('data-stop') !== hal.id)
        linksOf(tour)
          .find((b) => b.dataset.stop === hal.id)!
          .focus();
      const arrived = waitForEvent<StopChangeDetail>(tour, 'stop-change', 60000);
      await sendKeys({ press: 'Enter' });
      const lights: number[] = [];
      let done = false;
      void arrived.then(() => (done = true));
      while (!done) lights.push(await paintedLuminance(tour));
      // and the cross-fade after arrival
      for (let i = 0; i < 3; i++) lights.push(await paintedLuminance(tour));
      const detail = (await arrived).detail;
      expect(detail).to.deep.equal({ stop: hal.id, from: stopNamed(tour, 'Keuken').id });
      expect(lights.length, 'frames sampled during the move').to.be.at.least(3);
      expect(Math.min(...lights), `luminance ${lights.map((l) => l.toFixed(3)).join(' ')}`).to.be.above(
        5 / 255,
      );
      expect(tour.stop).to.equal(hal.id);
      expect(page.errors).to.deep.equal([]);
    });

    it('shows ten stops with one panorama context and one 3D context', async () => {
      const contexts = trackContexts();
      try {
        const tour = await mountTour(tourRow(10));
        expect(tour.tour!.stops.length).to.equal(10);
        // the first stop: the panorama's context, and on the page's thread the shared 3D renderer's
        // (made by an earlier test of this page, or now)
        const first = contexts.created();
        expect(first).to.be.at.most(renderer === 'main' ? 2 : 1);
        for (const stop of tour.tour!.stops.slice(1))
          await tour.goTo(stop.id, { fly: stop.id.endsWith('1') });
        expect(tour.stop).to.equal(tour.tour!.stops[9]!.id);
        expect(contexts.created(), 'no context for any later stop').to.equal(first);
        expect(contexts.live(), 'one panorama context (and the 3D one on this thread)').to.equal(first);
        if (renderer === 'worker')
          expect((await renderWorkerInfo())?.views, 'one 3D view in the worker').to.equal(1);
      } finally {
        contexts.restore();
      }
    });
  });
}

describe('<room-tour> bad input', function () {
  this.timeout(180000);
  const page = tourSuite('worker');

  it('no camera and no named room: a worded error, tour-error fatal, no page error', async () => {
    const doc = tourHome();
    doc.floors[0]!.designs[0]!.cameras = [];
    for (const area of doc.floors[0]!.designs[0]!.areas) area.name = '';
    const tour = makeTour(doc);
    const failed = waitForEvent<TourErrorDetail>(tour, 'tour-error', 30000);
    fixtureContainer().append(tour);
    const { detail } = await failed;
    expect(detail.fatal).to.equal(true);
    expect(detail.error.reason).to.equal('no-stops');
    await tour.updateComplete;
    expect(tour.getAttribute('state')).to.equal('error');
    expect(tour.shadowRoot!.querySelector('[part~="error-message"]')!.textContent).to.match(
      /nothing to tour/,
    );
    expect(page.errors).to.deep.equal([]);
  });

  it('a camera outside every room: left out and named in the warning (as text), the rest tours', async () => {
    const doc = tourHome();
    doc.floors[0]!.designs[0]!.cameras.push({
      ...doc.floors[0]!.designs[0]!.cameras[0]!,
      name: '<img src=x onerror="window.__pwned=1">',
      x: 2000,
      y: 2000,
    });
    const tour = await mountTour(doc);
    expect(tour.tour!.stops.length).to.equal(5);
    const warning = tour.shadowRoot!.querySelector('[part~="warning"]')!;
    expect(warning.textContent).to.contain('<img src=x onerror="window.__pwned=1">');
    expect(warning.querySelector('img')).to.equal(null);
    expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
    expect(page.errors).to.deep.equal([]);
  });

  it('a broken panorama export: the stop is rendered from the model instead, and the warning says so', async () => {
    const broken = `${location.origin}/no-such-export/face.jpg`;
    const faces = { r: broken, d: broken, l: broken, u: broken, b: broken, f: broken };
    const tour = makeTour(tourHome());
    tour.panoramas = [{ camera: 'Camera keuken', faces }];
    const partial = waitForEvent<TourErrorDetail>(tour, 'tour-error', 60000);
    fixtureContainer().append(tour);
    expect((await partial).detail.fatal).to.equal(false);
    await until(() => panoramaOf(tour)?.faces?.f.startsWith('blob:'), 60000, 'the kitchen rendered instead');
    await until(
      () =>
        /could not be loaded/.test(tour.shadowRoot!.querySelector('[part~="warning"]')?.textContent ?? ''),
      5000,
      'the warning',
    );
    expect(page.errors).to.deep.equal([]);
  });
});

describe('<room-plan for="tour">: you are here', function () {
  this.timeout(180000);
  before(function () {
    requireWebGL(this);
    configure({ viewerRenderer: 'worker' });
  });
  afterEach(cleanup);

  const part = (plan: RoomPlan, name: string) =>
    plan.shadowRoot!.querySelector<SVGElement>(`[part~="${name}"]`)!;
  const dotAt = (plan: RoomPlan) => {
    const m = /translate\(([-\d.e]+) ([-\d.e]+)\)/.exec(
      part(plan, 'camera').getAttribute('transform') ?? '',
    )!;
    return [Number(m[1]), -Number(m[2])];
  };
  const coneHeading = (plan: RoomPlan) =>
    Number(/rotate\(([-\d.e]+)\)/.exec(part(plan, 'camera-cone').getAttribute('transform') ?? '')![1]);
  /** The plan's heading (SVG, y down) of a yaw clockwise from +y. */
  const headingOf = (yaw: number) => ((((yaw - 90) % 360) + 540) % 360) - 180;

  it('shows the stop and the view cone, follows a turn within a frame, and goes to a stop clicked', async () => {
    const tour = makeTour(tourHome(), { id: 'the-tour' });
    const ready = waitForEvent(tour, 'tour-ready', 90000);
    fixtureContainer().append(tour);
    const plan = document.createElement('room-plan');
    plan.style.cssText = 'display:block;width:400px;height:300px';
    plan.setAttribute('for', 'the-tour');
    plan.fml = tourHome();
    fixtureContainer().append(plan);
    await ready;
    const kitchen = stopNamed(tour, 'Keuken');
    await until(
      () => part(plan, 'camera')?.getAttribute('visibility') === 'visible',
      10000,
      'the camera on the plan',
    );
    const [x, y] = dotAt(plan);
    expect(Math.hypot(x - kitchen.position[0], y - kitchen.position[1]), 'the dot within 5 cm').to.be.below(
      5,
    );
    expect(angleGap(coneHeading(plan), headingOf(panoramaOf(tour).yaw)), 'the cone within 1°').to.be.below(1);
    // a turn of the panorama (what a drag does: its yaw) moves the cone within a frame
    panoramaOf(tour).yaw = 30;
    await rafPasses(1);
    await rafPasses(1);
    expect(angleGap(coneHeading(plan), headingOf(30)), 'the cone followed').to.be.below(1);
    // the stops are buttons on the plan; a click goes there
    const stops = [...plan.shadowRoot!.querySelectorAll<SVGCircleElement>('[part~="tour-stop"]')];
    expect(stops.map((s) => s.getAttribute('aria-label')).sort()).to.deep.equal([
      'Berging',
      'Hal',
      'Keuken',
      'Slaapkamer',
      'Woonkamer',
    ]);
    const living = stopNamed(tour, 'Woonkamer');
    const moved = waitForEvent<StopChangeDetail>(tour, 'stop-change', 60000);
    stops
      .find((s) => s.dataset.stop === living.id)!
      .dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect((await moved).detail.stop).to.equal(living.id);
    await until(
      () => {
        const [a, b] = dotAt(plan);
        return Math.hypot(a - living.position[0], b - living.position[1]) < 5;
      },
      5000,
      'the dot at the living room',
    );
    // a click in a room (the plan's own area click) goes to the stop there
    const toHall = waitForEvent<StopChangeDetail>(tour, 'stop-change', 60000);
    await tour.flyTo('Hal');
    expect((await toHall).detail.stop).to.equal(stopNamed(tour, 'Hal').id);
  });
});
