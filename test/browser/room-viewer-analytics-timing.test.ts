/**
 * When `<room-viewer>` asks for the analytics tracker (issue 33, the fifteenth round): after its first
 * frame, never by a timer before it. A viewer left `idle` (no source yet) once counted as a result on
 * screen, so the tracker came a second later, before the first frame of a room asked for meanwhile,
 * in some runs of the page-bytes scenario and not in others. The element is imported once the page's
 * resource timing buffer can hold every module (wtr serves each as its own file), and nothing else of
 * src/ is imported before it, so what the page requested is what the element asked for.
 */
import { expect } from '@esm-bundle/chai';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { sleep } from './helpers/sell.ts';
import { cleanup, fixtureContainer, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';

const TRACKER = '/src/internal/analytics/analytics-tracker.ts';
const trackerRequested = () =>
  performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname.endsWith(TRACKER));

describe('<room-viewer> asks for the analytics tracker after its first frame', () => {
  afterEach(() => cleanup());

  // one run, on the default thread: the tracker is fetched once per page, and the rule is the element's
  // state (base.ts), the same on either thread
  it('not while idle, not before the first frame, then after it', async function () {
    this.timeout(60000);
    requireWebGL(this);
    // the page's list cleared and large enough for every module, then the element and nothing else of src/
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    await import('../../src/elements/room-viewer/room-viewer.ts');
    expect(trackerRequested(), 'the tracker before any viewer').to.equal(false);
    const viewer = document.createElement('room-viewer');
    viewer.style.width = '320px';
    viewer.style.height = '220px';
    viewer.setAttribute('api-base', ROOM_STYLING);
    viewer.setAttribute('loading', 'eager');
    fixtureContainer().append(viewer);
    await viewer.updateComplete;
    expect(viewer.getAttribute('state')).to.equal('idle');
    // the controller's wait after a result: a second and an idle moment of at most 2 s
    await sleep(3500);
    expect(trackerRequested(), 'the tracker, asked for by an idle viewer').to.equal(false);
    let atFirstFrame: boolean | undefined;
    viewer.addEventListener('first-frame', () => (atFirstFrame = trackerRequested()), { once: true });
    const modelLoad = waitForEvent(viewer, 'model-load', 30000);
    viewer.setAttribute('room-id', '6346838');
    await modelLoad;
    expect(atFirstFrame, 'the tracker, asked for before the first frame').to.equal(false);
    // …and it comes after the frame (a second and an idle moment; a bound against a hang)
    await until(trackerRequested, 15000, 'the tracker after the first frame');
  });
});
