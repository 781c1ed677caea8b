// <room-viewer> snapshots, full screen and cooperative gestures (issue 14): toBlob() gives an image of
// exactly the asked size that shows the room; the full-screen button and state; the wheel zooms only
// with Ctrl / ⌘ (or after a click inside, or with gesture-handling="greedy") and otherwise is left to
// the page with a hint; one finger is left to the page on touch.
import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { FullscreenChangeDetail, ModelLoadDetail } from '../../src/events/index.ts';
import { axeViolations } from './helpers/axe.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { drawingOn } from './helpers/drawn-on.ts';
import { boxRoom, canvasOf, makeViewer } from './room-viewer-fixtures.ts';
import { blobPixels, realWheel, scrollablePage, wheelAt } from './snapshot-helpers.ts';
import { poseOf, THREADS } from './helpers/threads.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); the camera is read
// from the frames' pose, the controls' touch mapping where the view is on the page

async function mount(attributes: Record<string, string> = {}): Promise<RoomViewer> {
  const viewer = makeViewer({ loading: 'eager', camera: 'orbit', ...attributes }, [320, 240]);
  viewer.model = boxRoom({ components: 6, kinds: 3 });
  const loaded = waitForEvent<ModelLoadDetail>(viewer, 'model-load', 30000);
  fixtureContainer().append(viewer);
  await loaded;
  await viewer.updateComplete;
  await rafPasses(3);
  return viewer;
}

const distance = (viewer: RoomViewer) => {
  const { position, target } = poseOf(viewer);
  return Math.hypot(...position.map((v, i) => v - target[i]!));
};
const part = (viewer: RoomViewer, name: string) =>
  viewer.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

for (const drawnOn of THREADS)
  describe(`<room-viewer> snapshots, full screen and gestures (drawn on the ${drawnOn} thread)`, function () {
    this.timeout(60000);
    drawingOn(drawnOn);
    afterEach(async () => {
      if (document.fullscreenElement) await document.exitFullscreen();
      cleanup();
    });

    it('is accessible (axe) with its full-screen button and with the gesture hint showing', async () => {
      const viewer = await mount();
      expect(part(viewer, 'fullscreen-button')).to.not.equal(null);
      expect(await axeViolations(viewer)).to.deep.equal([]);
      wheelAt(canvasOf(viewer), {});
      await viewer.updateComplete;
      expect(part(viewer, 'hint')!.hidden).to.equal(false);
      expect(await axeViolations(viewer)).to.deep.equal([]);
    });

    it('toBlob() gives a PNG of exactly the asked size that shows the room, not a blank picture', async () => {
      const viewer = await mount();
      const blob = await viewer.toBlob({ width: 517, height: 203 });
      expect(blob.type).to.equal('image/png');
      const { width, height, colours, opaque } = await blobPixels(blob);
      expect([width, height]).to.deep.equal([517, 203]);
      // walls, floor, furniture and shade: many colours, and the room covers a good part of the picture
      expect(colours).to.be.above(20);
      expect(opaque).to.be.above(0.1);
      // the default size is the element's; the view on screen keeps its own size and keeps drawing
      const whole = await blobPixels(await viewer.toBlob({ type: 'image/jpeg', quality: 0.8 }));
      expect([whole.width, whole.height, whole.type]).to.deep.equal([320, 240, 'image/jpeg']);
      expect(viewer.renderThread).to.equal(drawnOn);
      const canvas = canvasOf(viewer);
      const [w, h] = viewer.view
        ? [viewer.view.pixelWidth, viewer.view.pixelHeight]
        : [canvas.clientWidth, canvas.clientHeight];
      expect(w / h).to.be.closeTo(320 / 240, 0.02);
    });

    it('toBlob() rejects while no room is shown and for a size out of bounds', async () => {
      const idle = makeViewer({}, [100, 100]);
      fixtureContainer().append(idle);
      const error = await idle.toBlob().catch((e: unknown) => e);
      expect((error as DOMException).name).to.equal('InvalidStateError');
      const viewer = await mount();
      for (const size of [{ width: 0 }, { height: 100000 }, { width: Number.NaN }]) {
        const bad = await viewer.toBlob(size).catch((e: unknown) => e);
        expect(bad, JSON.stringify(size)).to.be.instanceOf(RangeError);
      }
    });

    it('goes full screen by its button and leaves by exitFullscreen(), telling the page both times', async () => {
      const viewer = await mount();
      const events: CustomEvent<FullscreenChangeDetail>[] = [];
      document.addEventListener('fullscreen-change', (e) => events.push(e));
      const button = part(viewer, 'fullscreen-button')!;
      const r = button.getBoundingClientRect();
      await sendMouse({
        type: 'click',
        position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)],
      });
      await until(() => events.length === 1, 5000, 'fullscreen-change on');
      expect(document.fullscreenElement).to.equal(viewer);
      expect(events[0]!.detail.fullscreen).to.equal(true);
      expect(events[0]!.bubbles && events[0]!.composed).to.equal(true);
      expect(viewer.matches(':state(fullscreen)')).to.equal(true);
      expect(viewer.hasAttribute('fullscreen')).to.equal(true);
      await viewer.updateComplete;
      expect(button.getAttribute('aria-pressed')).to.equal('true');
      // in full screen the wheel zooms without Ctrl
      const before = distance(viewer);
      expect(wheelAt(canvasOf(viewer), { deltaY: 200 }).defaultPrevented).to.equal(true);
      await until(() => Math.abs(distance(viewer) - before) > 0.01, 3000, 'zoomed');
      await viewer.exitFullscreen();
      await until(() => events.length === 2, 5000, 'fullscreen-change off');
      expect(events[1]!.detail.fullscreen).to.equal(false);
      expect(viewer.matches(':state(fullscreen)')).to.equal(false);
    });

    it('fullscreen-button="false" takes the button away', async () => {
      const viewer = await mount({ 'fullscreen-button': 'false' });
      expect(part(viewer, 'fullscreen-button')).to.equal(null);
    });

    it('leaves the wheel to the page without Ctrl (camera still, hint shown) and zooms with Ctrl or ⌘', async () => {
      const viewer = await mount();
      const canvas = canvasOf(viewer);
      const before = distance(viewer);
      const plain = wheelAt(canvas, { deltaY: 300 });
      // not cancelled: the browser scrolls the page
      expect(plain.defaultPrevented).to.equal(false);
      await rafPasses(4);
      expect(distance(viewer)).to.be.closeTo(before, 1e-6);
      await viewer.updateComplete;
      expect(part(viewer, 'hint')!.hidden).to.equal(false);
      expect(part(viewer, 'hint')!.textContent).to.match(/(Ctrl|⌘) \+ scroll to zoom/);
      // the hint goes by itself
      await until(() => part(viewer, 'hint')!.hidden, 4000, 'hint gone');
      expect(wheelAt(canvas, { deltaY: 300, ctrlKey: true }).defaultPrevented).to.equal(true);
      await until(() => distance(viewer) > before + 0.01, 3000, 'zoomed out with Ctrl');
      const after = distance(viewer);
      expect(wheelAt(canvas, { deltaY: -300, metaKey: true }).defaultPrevented).to.equal(true);
      await until(() => distance(viewer) < after - 0.01, 3000, 'zoomed in with ⌘');
    });

    it('a real wheel turn without Ctrl scrolls the page and leaves the camera; with Ctrl it zooms', async () => {
      const viewer = await mount();
      scrollablePage(fixtureContainer());
      const canvas = canvasOf(viewer);
      const before = distance(viewer);
      await realWheel(canvas, 200);
      await until(() => window.scrollY > 0, 3000, 'the page scrolled');
      await rafPasses(3);
      expect(distance(viewer)).to.be.closeTo(before, 1e-6);
      window.scrollTo(0, 0);
      await rafPasses(2);
      await realWheel(canvas, 200, 'Control');
      await until(() => distance(viewer) > before + 0.01, 3000, 'zoomed with Ctrl');
      expect(window.scrollY).to.equal(0);
    });

    it('gives the wheel to the view after a click inside, until the pointer leaves', async () => {
      const viewer = await mount();
      const canvas = canvasOf(viewer);
      const r = canvas.getBoundingClientRect();
      await sendMouse({ type: 'click', position: [Math.round(r.x + 20), Math.round(r.y + 20)] });
      const before = distance(viewer);
      expect(wheelAt(canvas, { deltaY: 300 }).defaultPrevented).to.equal(true);
      await until(() => distance(viewer) > before + 0.01, 3000, 'zoomed after a click');
      await sendMouse({ type: 'move', position: [Math.round(r.right + 50), Math.round(r.bottom + 50)] });
      expect(wheelAt(canvas, { deltaY: 300 }).defaultPrevented).to.equal(false);
    });

    it('gesture-handling="greedy" zooms on every wheel turn, as before, and one finger orbits', async () => {
      const viewer = await mount({ 'gesture-handling': 'greedy' });
      const before = distance(viewer);
      expect(wheelAt(canvasOf(viewer), { deltaY: 300 }).defaultPrevented).to.equal(true);
      await until(() => distance(viewer) > before + 0.01, 3000, 'zoomed');
      expect(part(viewer, 'hint')!.hidden).to.equal(true);
      expect(getComputedStyle(canvasOf(viewer)).touchAction).to.equal('none');
      if (viewer.view) expect(viewer.view.controls.touches.ONE).to.not.equal(null);
    });

    it('leaves one finger to the page on touch: the canvas pans the page, two fingers move the view', async () => {
      const viewer = await mount();
      expect(getComputedStyle(canvasOf(viewer)).touchAction).to.equal('pan-x pan-y');
      // the controls' touch mapping where the view is on the page (the worker's follows the same call)
      if (viewer.view) {
        expect(viewer.view.controls.touches.ONE).to.equal(null);
        expect(viewer.view.controls.touches.TWO).to.not.equal(null);
      }
      viewer.gestureHandling = 'greedy';
      await viewer.updateComplete;
      expect(getComputedStyle(canvasOf(viewer)).touchAction).to.equal('none');
      if (viewer.view) expect(viewer.view.controls.touches.ONE).to.not.equal(null);
    });
  });
