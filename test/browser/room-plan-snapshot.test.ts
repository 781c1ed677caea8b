// <room-plan> snapshots, full screen and cooperative gestures (issue 14): toBlob() rasterises the SVG
// with the colours its style sheets and custom properties give it, at exactly the asked size, also
// under a strict CSP; the full-screen button and state; the wheel zooms only with Ctrl / ⌘ (or after a
// click inside, or with gesture-handling="greedy"); one finger is left to the page on touch.
import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { FullscreenChangeDetail } from '../../src/events/index.ts';
import { axeViolations } from './helpers/axe.ts';
import { cspRun } from './helpers/csp.ts';
import { cleanup, fixtureContainer, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';
import { blobPixels, imageOf, realWheel, scrollablePage, wheelAt } from './snapshot-helpers.ts';

async function mount(attributes: Record<string, string> = {}): Promise<RoomPlan> {
  const element = document.createElement('room-plan');
  element.style.width = '360px';
  element.style.height = '260px';
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.model = boxRoom({ components: 4 });
  await mountLoaded(element);
  await element.updateComplete;
  return element;
}

const part = (plan: RoomPlan, name: string) =>
  plan.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const viewport = (plan: RoomPlan) => part(plan, 'viewport')!;
const viewBox = (plan: RoomPlan) =>
  plan.shadowRoot!.querySelector('svg[part~="svg"]')!.getAttribute('viewBox');

/** Share of the picture's pixels within a few steps of `rgb`. */
async function share(blob: Blob, rgb: [number, number, number]): Promise<number> {
  const { data } = await imageOf(blob);
  let n = 0;
  for (let i = 0; i < data.length; i += 4)
    if (Math.max(...rgb.map((c, k) => Math.abs(c - data[i + k]!))) < 8) n++;
  return n / (data.length / 4);
}

describe('<room-plan> snapshots, full screen and gestures', function () {
  this.timeout(60000);
  afterEach(async () => {
    if (document.fullscreenElement) await document.exitFullscreen();
    cleanup();
  });

  it('is accessible (axe) with its full-screen button and with the gesture hint showing', async () => {
    const plan = await mount();
    expect(part(plan, 'fullscreen-button')).to.not.equal(null);
    expect(await axeViolations(plan)).to.deep.equal([]);
    wheelAt(viewport(plan), {});
    await plan.updateComplete;
    expect(part(plan, 'hint')!.hidden).to.equal(false);
    expect(await axeViolations(plan)).to.deep.equal([]);
  });

  it('toBlob() gives an image of exactly the asked size, with the colours the page gave the plan', async () => {
    const plan = await mount();
    // colours through custom properties (the page's theme): the image must show them resolved
    plan.style.setProperty('--room-plan-area', 'rgb(0, 200, 0)');
    plan.style.setProperty('--room-plan-wall', 'rgb(200, 0, 200)');
    plan.style.setProperty('--room-plan-background', 'rgb(255, 255, 255)');
    const blob = await plan.toBlob({ width: 611, height: 287 });
    const { width, height, colours, type } = await blobPixels(blob);
    expect([width, height, type]).to.deep.equal([611, 287, 'image/png']);
    expect(colours).to.be.above(3);
    expect(await share(blob, [0, 200, 0]), 'area fill').to.be.above(0.1);
    expect(await share(blob, [200, 0, 200]), 'walls').to.be.above(0.005);
    // nothing was written onto the page's plan: no style attribute appeared inside it
    expect(plan.shadowRoot!.querySelectorAll('svg [style]').length).to.equal(0);
    const jpeg = await blobPixels(await plan.toBlob({ type: 'image/jpeg' }));
    expect([jpeg.width, jpeg.height, jpeg.type]).to.deep.equal([360, 260, 'image/jpeg']);
  });

  it('toBlob() rejects while no plan is shown and for a size out of bounds', async () => {
    const idle = document.createElement('room-plan');
    fixtureContainer().append(idle);
    expect(((await idle.toBlob().catch((e: unknown) => e)) as DOMException).name).to.equal(
      'InvalidStateError',
    );
    const plan = await mount();
    expect(await plan.toBlob({ width: -1 }).catch((e: unknown) => e)).to.be.instanceOf(RangeError);
  });

  it('goes full screen by its button and leaves by exitFullscreen(), telling the page both times', async () => {
    const plan = await mount();
    const events: CustomEvent<FullscreenChangeDetail>[] = [];
    document.addEventListener('fullscreen-change', (e) => events.push(e));
    const r = part(plan, 'fullscreen-button')!.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(r.x + r.width / 2), Math.round(r.y + r.height / 2)],
    });
    await until(() => events.length === 1, 5000, 'fullscreen-change on');
    expect(document.fullscreenElement).to.equal(plan);
    expect(events[0]!.detail.fullscreen).to.equal(true);
    expect(events[0]!.bubbles && events[0]!.composed).to.equal(true);
    expect(plan.matches(':state(fullscreen)')).to.equal(true);
    // in full screen the wheel zooms without Ctrl
    const before = viewBox(plan);
    expect(wheelAt(viewport(plan), { deltaY: -200 }).defaultPrevented).to.equal(true);
    await until(() => viewBox(plan) !== before, 3000, 'zoomed');
    await plan.exitFullscreen();
    await until(() => events.length === 2, 5000, 'fullscreen-change off');
    expect(events[1]!.detail.fullscreen).to.equal(false);
    expect(plan.matches(':state(fullscreen)')).to.equal(false);
  });

  it('leaves the wheel to the page without Ctrl (view still, hint shown) and zooms with Ctrl', async () => {
    const plan = await mount();
    const before = viewBox(plan);
    expect(wheelAt(viewport(plan), { deltaY: -200 }).defaultPrevented).to.equal(false);
    await rafPasses(3);
    expect(viewBox(plan)).to.equal(before);
    await plan.updateComplete;
    expect(part(plan, 'hint')!.hidden).to.equal(false);
    expect(wheelAt(viewport(plan), { deltaY: -200, ctrlKey: true }).defaultPrevented).to.equal(true);
    await until(() => viewBox(plan) !== before, 3000, 'zoomed with Ctrl');
  });

  it('a real wheel turn without Ctrl scrolls the page and leaves the plan; with Ctrl it zooms', async () => {
    const plan = await mount();
    scrollablePage(fixtureContainer());
    const before = viewBox(plan);
    await realWheel(viewport(plan), 200);
    await until(() => window.scrollY > 0, 3000, 'the page scrolled');
    expect(viewBox(plan)).to.equal(before);
    window.scrollTo(0, 0);
    await rafPasses(2);
    await realWheel(viewport(plan), -200, 'Control');
    await until(() => viewBox(plan) !== before, 3000, 'zoomed with Ctrl');
    expect(window.scrollY).to.equal(0);
  });

  it('gives the wheel to the plan after a click inside, until the pointer leaves', async () => {
    const plan = await mount();
    const r = viewport(plan).getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(r.x + 30), Math.round(r.y + 30)] });
    expect(wheelAt(viewport(plan), { deltaY: -200 }).defaultPrevented).to.equal(true);
    await sendMouse({ type: 'move', position: [Math.round(r.right + 40), Math.round(r.bottom + 40)] });
    expect(wheelAt(viewport(plan), { deltaY: -200 }).defaultPrevented).to.equal(false);
  });

  it('gesture-handling="greedy" zooms on every wheel turn and drags with one finger, as before', async () => {
    const plan = await mount();
    expect(getComputedStyle(viewport(plan)).touchAction).to.equal('pan-x pan-y');
    plan.gestureHandling = 'greedy';
    await plan.updateComplete;
    expect(getComputedStyle(viewport(plan)).touchAction).to.equal('none');
    expect(wheelAt(viewport(plan), { deltaY: -200 }).defaultPrevented).to.equal(true);
  });

  it('toBlob() works under a strict CSP that allows blob: images, without one violation', async () => {
    const { state, violations } = await cspRun('room-plan-snapshot', { page: 'csp-page-blob.html' });
    expect(state).to.equal('240x160');
    expect(violations).to.deep.equal([]);
    // where img-src refuses blob:, toBlob() says what the policy must allow
    const refused = await cspRun('room-plan-snapshot');
    expect(refused.state).to.match(/img-src must allow 'blob:'/);
  });
});
