/**
 * <room-panorama>'s hotspots (the page's own elements, slot="hotspot", data-yaw / data-pitch), toBlob()
 * and the gyroscope attribute, in Chromium with real PSV. The element is 200 × 200 px at zoom 0, so the
 * horizontal and vertical fields of view are 90°: a direction θ away from the centre lands at
 * 100 ± 100·tan θ px. The frame cost of 20 hotspots while turning is measured and logged.
 */
import { expect } from '@esm-bundle/chai';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { PanoramaViewer } from '../../src/panorama/psv-runtime.ts';
import { axeViolations } from './helpers/axe.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';
import { collectPageErrors, distance, plainFaces, viewerCanvas, type RGB } from './room-panorama.helpers.ts';

const SIZE = 200;
const RAD = Math.PI / 180;
/** Where a direction `deg` degrees right of (or below) the view's centre lands, in px from the left (top). */
const at = (deg: number) => SIZE / 2 + (SIZE / 2) * Math.tan(deg * RAD);

function hotspot(yaw: number | null, pitch = 0, label = `spot ${yaw}`): HTMLAnchorElement {
  const a = document.createElement('a');
  a.slot = 'hotspot';
  a.href = `#hotspot-${String(yaw).replace('-', 'm')}`;
  a.textContent = label;
  a.style.cssText =
    'display:block;width:20px;height:20px;overflow:hidden;background:#fff;color:#000;font-size:6px';
  if (yaw !== null) a.dataset.yaw = String(yaw);
  a.dataset.pitch = String(pitch);
  return a;
}

/** A 200 px <room-panorama> with `children` in its light DOM, eager, ready. */
async function mount(children: Element[] = [], attrs: Record<string, string> = {}): Promise<RoomPanorama> {
  const el = document.createElement('room-panorama');
  el.style.cssText = `display:block;width:${SIZE}px;height:${SIZE}px;aspect-ratio:auto;min-height:0`;
  el.setAttribute('loading', 'eager');
  el.setAttribute('navbar', 'false');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.append(...children);
  el.faces = await plainFaces(64);
  const ready = waitForEvent(el, 'panorama-ready', 20000);
  fixtureContainer().append(el);
  await ready;
  return el;
}

/** The hotspot's centre in px from the element's top-left corner, or undefined when it is not shown. */
function centre(spot: Element, el: Element): { x: number; y: number } | undefined {
  if (!spot.checkVisibility({ visibilityProperty: true })) return undefined;
  const r = spot.getBoundingClientRect();
  const e = el.getBoundingClientRect();
  return { x: r.left + r.width / 2 - e.left, y: r.top + r.height / 2 - e.top };
}

/** Waits until the hotspot is shown within 2 px of (x, y). */
async function placedAt(spot: Element, el: Element, x: number, y: number): Promise<void> {
  await until(
    () => {
      const c = centre(spot, el);
      return c && Math.abs(c.x - x) <= 2 && Math.abs(c.y - y) <= 2;
    },
    5000,
    `the hotspot at (${x.toFixed(1)}, ${y.toFixed(1)}); it is at ${JSON.stringify(centre(spot, el))}`,
  );
}

async function hidden(spot: Element): Promise<void> {
  await until(() => !spot.checkVisibility({ visibilityProperty: true }), 5000, 'the hotspot hidden');
}

function orientation(alpha: number | null, beta: number | null, gamma: number | null): void {
  dispatchEvent(new DeviceOrientationEvent('deviceorientation', { alpha, beta, gamma }));
}

/** Sends the same reading every frame until `done()` (the gyroscope code loads lazily meanwhile). */
async function tilt(angles: [number, number, number], done: () => boolean, what: string): Promise<void> {
  await until(
    async () => {
      orientation(...angles);
      await rafPasses(2);
      return done();
    },
    8000,
    what + ' ' + JSON.stringify([...document.querySelectorAll('room-panorama')].map((e) => [e.yaw, e.pitch])),
  );
}

describe('<room-panorama>: hotspots, toBlob, gyroscope', function () {
  this.timeout(60000);
  const pageErrors = collectPageErrors();
  after(() => pageErrors.stop());
  afterEach(async () => {
    cleanup();
    await resetMouse();
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
  });

  it('a hotspot at yaw 0 / pitch 0 sits at the centre; hidden while no viewer is live', async () => {
    // far below the viewport, lazy: no viewer yet, the hotspot is not shown
    const spacer = document.createElement('div');
    spacer.style.height = '4000px';
    const lazy = document.createElement('room-panorama');
    lazy.style.cssText = `display:block;width:${SIZE}px;height:${SIZE}px;aspect-ratio:auto`;
    const early = hotspot(0);
    lazy.append(early);
    lazy.faces = await plainFaces(64);
    fixtureContainer().append(spacer, lazy);
    await rafPasses(3);
    expect(lazy.getAttribute('state')).to.not.equal('ready');
    expect(early.checkVisibility(), 'not shown over the poster').to.equal(false);
    cleanup();

    const spot = hotspot(0);
    const el = await mount([spot]);
    await placedAt(spot, el, 100, 100);
    expect(spot.parentElement, 'still the page’s element').to.equal(el);
    expect(spot.assignedSlot?.name).to.equal('hotspot');
  });

  it('turning the view moves it by the expected amount; at yaw 180 it is hidden (behind)', async () => {
    const spot = hotspot(0);
    const back = hotspot(180);
    const el = await mount([spot, back]);
    await placedAt(spot, el, 100, 100);
    expect(centre(back, el), 'the back one is behind the camera').to.equal(undefined);
    el.yaw = 20; // the view turns right: the hotspot goes left
    await placedAt(spot, el, at(-20), 100);
    el.yaw = -30;
    await placedAt(spot, el, at(30), 100);
    el.yaw = 0;
    el.pitch = 20; // looking up: the hotspot goes down
    await placedAt(spot, el, 100, at(20));
    el.pitch = 0;
    el.yaw = 60; // off screen to the left (beyond 45°)
    await hidden(spot);
    el.yaw = 180;
    await hidden(spot);
    await placedAt(back, el, 100, 100);
    el.yaw = 0;
    await placedAt(spot, el, 100, 100);
    await hidden(back);
  });

  it('stays the page’s element: its click handler and its link work, keyboard focus reaches it, axe is clean', async () => {
    const spot = hotspot(0, 0, 'Sofa');
    let clicks = 0;
    spot.addEventListener('click', () => clicks++);
    const el = await mount([spot, hotspot(15, -10, 'Lamp')], { navbar: 'true' });
    await placedAt(spot, el, 100, 100);
    expect(await axeViolations(el)).to.deep.equal([]);
    const r = spot.getBoundingClientRect();
    await sendMouse({
      type: 'click',
      position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)],
    });
    expect(clicks).to.equal(1);
    await until(() => location.hash === '#hotspot-0', 3000, 'the link followed');
    // Tab from the stage goes to the page's hotspots, in their order
    el.shadowRoot!.querySelector<HTMLElement>('[part="stage"]')!.focus();
    await sendKeys({ press: 'Tab' });
    // the navbar's buttons come first when shown; Tab on until the hotspot
    for (let i = 0; i < 8 && document.activeElement !== spot; i++) await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(spot);
    await sendKeys({ press: 'Enter' });
    expect(clicks).to.equal(2);
  });

  it('a hotspot added later is placed; a changed data-yaw moves it; removed, it is left as it was', async () => {
    const el = await mount([]);
    const spot = hotspot(10);
    el.append(spot);
    await placedAt(spot, el, at(10), 100);
    expect(spot.dataset.visible, 'data-visible for the page’s styles').to.equal('true');
    spot.dataset.yaw = '-10';
    await placedAt(spot, el, at(-10), 100);
    spot.dataset.pitch = '-20';
    await placedAt(spot, el, at(-10), at(20));
    delete spot.dataset.yaw; // no direction: not shown
    await hidden(spot);
    expect(spot.dataset.visible).to.equal('false');
    spot.dataset.yaw = '0';
    await placedAt(spot, el, 100, at(20));
    expect(spot.style.translate, 'whole pixels').to.match(/^-?\d+px -?\d+px$/);
    spot.remove();
    await rafPasses(2);
    expect(spot.style.translate, 'what the element wrote is gone').to.equal('');
    expect(spot.style.visibility).to.equal('');
    expect(spot.hasAttribute('data-visible')).to.equal(false);
    // slotted by a later slot attribute, too
    const late = hotspot(-20);
    late.removeAttribute('slot');
    el.append(late);
    await rafPasses(2);
    late.slot = 'hotspot';
    await placedAt(late, el, at(-20), 100);
  });

  it('stays visible and placed in full screen; :state(fullscreen) and fullscreen-change follow', async function () {
    const spot = hotspot(10);
    const el = await mount([spot]);
    await placedAt(spot, el, at(10), 100);
    const changes: boolean[] = [];
    el.addEventListener('fullscreen-change', (e) => changes.push(e.detail.fullscreen));
    try {
      await el.requestFullscreen();
    } catch {
      console.log('full screen refused: test skipped');
      this.skip(); // headless Chromium without a full-screen permission
    }
    await until(() => document.fullscreenElement === el, 3000, 'full screen');
    await until(() => changes.length === 1, 3000, 'fullscreen-change');
    expect(changes).to.deep.equal([true]);
    expect(el.matches(':state(fullscreen)'), ':state(fullscreen)').to.equal(true);
    expect(el.hasAttribute('fullscreen')).to.equal(true);
    // the viewer takes the whole screen: the hotspot is at the same direction on the bigger view
    await until(
      () => {
        const c = centre(spot, el);
        const w = el.getBoundingClientRect().width;
        const h = el.getBoundingClientRect().height;
        // PSV keeps the vertical field of view: x = w/2 + (h/2)·tan θ
        return c && Math.abs(c.x - (w / 2 + (h / 2) * Math.tan(10 * RAD))) <= 3 && Math.abs(c.y - h / 2) <= 3;
      },
      5000,
      'the hotspot placed in full screen',
    );
    await document.exitFullscreen();
    await until(() => changes.length === 2, 3000, 'fullscreen-change on the way out');
    expect(changes).to.deep.equal([true, false]);
    expect(el.matches(':state(fullscreen)')).to.equal(false);
  });

  it('toBlob() gives a PNG of the asked size, of the current view, not blank', async () => {
    const el = await mount([hotspot(0)]);
    const canvas = viewerCanvas(el)!;
    const before = [canvas.width, canvas.height];
    const blob = await el.toBlob({ width: 96, height: 64 });
    expect(blob.type).to.equal('image/png');
    const image = await createImageBitmap(blob);
    expect([image.width, image.height]).to.deep.equal([96, 64]);
    const pixels = read(image);
    const centreRgb = pick(pixels, 0.5, 0.5);
    expect(distance(centreRgb, [230, 30, 30]), `the front face in the middle, got ${centreRgb}`).to.be.below(
      30,
    );
    expect(new Set(rows(pixels)).size, 'not one flat colour').to.be.above(1);
    expect([canvas.width, canvas.height], 'the viewer’s canvas is given back').to.deep.equal(before);

    // default: the element's size; another view, another type
    el.yaw = 90;
    await el.updateComplete;
    await rafPasses(3);
    const right = await createImageBitmap(await el.toBlob());
    expect([right.width, right.height]).to.deep.equal([SIZE, SIZE]);
    expect(distance(pick(read(right), 0.5, 0.5), [30, 200, 30]), 'the right face').to.be.below(30);
    const jpeg = await el.toBlob({ type: 'image/jpeg', width: 40, height: 30, quality: 0.9 });
    expect(jpeg.type).to.equal('image/jpeg');
    const error = await el.toBlob({ width: 0, height: 10 }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(RangeError);
    expect(String(error)).to.match(/width/);
  });

  it('toBlob() rejects with a clear error while no viewer is live', async () => {
    const el = document.createElement('room-panorama');
    const error = await el.toBlob().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DOMException);
    expect((error as DOMException).name).to.equal('InvalidStateError');
    expect((error as DOMException).message).to.match(/no live viewer/);
  });

  it('gyroscope: the view follows the device’s orientation; without the attribute nothing changes', async () => {
    const plain = await mount([]);
    const el = await mount([], { gyroscope: '' });
    const changes: unknown[] = [];
    plain.addEventListener('view-change', (e) => changes.push(e));
    // no sensor: events without angles do nothing
    orientation(null, null, null);
    await rafPasses(3);
    expect([el.yaw, el.pitch]).to.deep.equal([0, 0]);
    // nearly upright (10° up), facing the device's zero: the first reading keeps the view's yaw (PSV's default)
    el.yaw = 40;
    await el.updateComplete;
    await tilt([0, 100, 0], () => el.yaw === 40 && Math.abs(el.pitch - 10) < 0.2, 'the first reading');
    // turned 30° right (alpha decreases clockwise) and tilted 20° up
    await tilt([-30, 110, 0], () => Math.abs(el.yaw - 70) < 0.2 && Math.abs(el.pitch - 20) < 0.2, 'turned');
    // lying flat, screen up: looking straight down
    await tilt([-30, 0, 0], () => Math.abs(el.pitch + 90) < 0.2, 'looking down');
    // landscape: gamma -90 with the screen turned 90°: the camera looks level again
    await tilt([-30, 0, -90], () => Math.abs(el.pitch) < 0.5, 'landscape');
    expect([plain.yaw, plain.pitch], 'the panorama without the attribute did not move').to.deep.equal([0, 0]);
    expect(changes).to.have.length(0);
    // attribute removed: it stops following
    el.removeAttribute('gyroscope');
    await el.updateComplete;
    const { yaw, pitch } = el;
    orientation(-80, 120, 0);
    await rafPasses(4);
    expect([el.yaw, el.pitch]).to.deep.equal([yaw, pitch]);
    expect(
      el.shadowRoot!.querySelector('[part="gyroscope-button"]'),
      'no button where no permission is asked',
    ).to.equal(null);
    expect(pageErrors.errors).to.deep.equal([]);
  });

  it('gyroscope: where the browser asks permission (iOS), a button asks on a tap; refused, nothing moves', async () => {
    // Safari as seen from script: requestPermission, and no 'accelerometer' in the Permissions API
    const ctor = DeviceOrientationEvent as unknown as { requestPermission?: () => Promise<string> };
    const own = Object.getOwnPropertyDescriptor(ctor, 'requestPermission');
    const query = navigator.permissions.query;
    const asked: string[] = [];
    let answer = 'denied';
    ctor.requestPermission = () => {
      asked.push(answer);
      return Promise.resolve(answer);
    };
    navigator.permissions.query = () => Promise.reject(new TypeError('unknown permission name'));
    try {
      const el = await mount([], { gyroscope: '' });
      const button = await until(
        () => el.shadowRoot!.querySelector<HTMLButtonElement>('[part="gyroscope-button"]'),
        3000,
        'the permission button',
      );
      expect(asked, 'nothing asked before the tap').to.deep.equal([]);
      expect(await axeViolations(el)).to.deep.equal([]);
      button!.click();
      await until(() => !el.shadowRoot!.querySelector('[part="gyroscope-button"]'), 3000, 'button gone');
      orientation(-30, 110, 0);
      await rafPasses(4);
      expect([el.yaw, el.pitch], 'refused: the view stays').to.deep.equal([0, 0]);

      answer = 'granted';
      const other = await mount([], { gyroscope: '' });
      const ask = await until(() =>
        other.shadowRoot!.querySelector<HTMLButtonElement>('[part="gyroscope-button"]'),
      );
      ask!.click();
      await tilt(
        [0, 100, 0],
        () =>
          Math.abs(other.pitch - 10) < 0.2 && !other.shadowRoot!.querySelector('[part="gyroscope-button"]'),
        'granted',
      );
      await tilt([0, 120, 0], () => Math.abs(other.pitch - 30) < 0.2, 'following after the grant');
      expect(asked).to.deep.equal(['denied', 'granted']);
    } finally {
      navigator.permissions.query = query;
      if (own) Object.defineProperty(ctor, 'requestPermission', own);
      else delete ctor.requestPermission;
    }
  });

  it('frame cost of 20 hotspots while turning (logged)', async () => {
    const spots = Array.from({ length: 20 }, (_, i) => hotspot(-95 + i * 10, ((i % 5) - 2) * 10));
    const el = await mount([]);
    // PSV's `render` event, dispatched after each frame it draws: its listeners are the element's
    // (hotspots.ts places them there), so its duration is the hotspots' script cost in a real frame
    const dispatch = EventTarget.prototype.dispatchEvent;
    let inRender = 0;
    let renders = 0;
    EventTarget.prototype.dispatchEvent = function (this: EventTarget, event: Event) {
      if (event.type !== 'render') return dispatch.call(this, event);
      const t0 = performance.now();
      try {
        return dispatch.call(this, event);
      } finally {
        inRender += performance.now() - t0;
        renders++;
      }
    };
    const turn = async (frames: number) => {
      const times: number[] = [];
      inRender = renders = 0;
      let last = performance.now();
      for (let i = 0; i < frames; i++) {
        el.yaw = (i * 3) % 360;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      return { frame: median(times.slice(5)), renderEvent: inRender / Math.max(1, renders), renders };
    };
    let without: Awaited<ReturnType<typeof turn>>;
    let withSpots: typeof without;
    try {
      await turn(20); // warm up
      without = await turn(120);
      el.append(...spots);
      await rafPasses(3);
      withSpots = await turn(120);
    } finally {
      EventTarget.prototype.dispatchEvent = dispatch;
    }
    expect(withSpots.renders, 'PSV drew the turning view').to.be.above(60);
    // the layer's own work per frame (projection + writes), with style and layout forced after each
    const layer = await import('../../src/elements/room-panorama/hotspots.ts');
    const slot = el.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="hotspot"]')!;
    let render = () => {};
    let yaw = 0;
    const fake = {
      project: ({ yaw: y, pitch }: { yaw: number; pitch: number }) => {
        const d = ((((y - yaw) % 360) + 540) % 360) - 180;
        return Math.abs(d) < 45 && Math.abs(pitch) < 45 ? { x: at(d), y: at(-pitch) } : undefined;
      },
      onRender: (listener: () => void) => {
        render = listener;
        return () => {};
      },
    } as unknown as PanoramaViewer;
    const stop = layer.watchHotspots(slot, fake);
    // per frame: the layer alone (writes only, as in a real frame), then with style and layout forced
    const frames = 600;
    const time = (force: boolean) => {
      const t0 = performance.now();
      for (let i = 0; i < frames; i++) {
        yaw = (i * 3) % 360;
        render();
        if (force) spots[0]!.getBoundingClientRect();
      }
      return (performance.now() - t0) / frames;
    };
    time(true); // warm up
    const writes = time(false);
    const withLayout = time(true);
    stop();
    const report = {
      medianFrameMs: { without: round(without.frame), with20: round(withSpots.frame) },
      renderEventMs: { without: round(without.renderEvent, 4), with20: round(withSpots.renderEvent, 4) },
      layerPerFrameMs: { writes: round(writes, 4), withStyleAndLayout: round(withLayout, 4) },
    };
    console.log(`hotspot frame cost: ${JSON.stringify(report)}`);
    expect(withLayout, 'the layer’s own work stays far under a frame').to.be.below(2);
  });
});

function read(image: ImageBitmap): ImageData {
  const c = new OffscreenCanvas(image.width, image.height);
  const ctx = c.getContext('2d')!;
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height);
}

function pick(image: ImageData, fx: number, fy: number): RGB {
  const x = Math.min(image.width - 1, Math.round(fx * image.width));
  const y = Math.min(image.height - 1, Math.round(fy * image.height));
  const i = (y * image.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

/** Every pixel as a string, coarsely (to count the colours). */
function rows(image: ImageData): string[] {
  const out: string[] = [];
  for (let i = 0; i < image.data.length; i += 4) {
    out.push(`${image.data[i]! >> 4},${image.data[i + 1]! >> 4},${image.data[i + 2]! >> 4}`);
  }
  return out;
}

const median = (values: number[]) => percentile(values, 0.5);
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
