/**
 * `<room-viewer ar>` outside the page's WebXR session (issue 36): the AR button (hidden with no mode,
 * keyboard), Quick Look (the USDZ behind `<a rel="ar">`, its banner, one `add-to-cart` per banner tap),
 * Scene Viewer (the GLB posted to the partner's upload route over real HTTP, an https intent, the file
 * served and then 404 after its expiry) and the failures (`ar-status` `failed` with words, the element
 * usable after). On both threads. Only the platform is stood in for: its detection (`relList.supports`,
 * the user agent) and its navigation (an anchor's click); the element's own code runs as it is.
 */
import { expect } from '@esm-bundle/chai';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { ArStatusDetail, ModelLoadDetail } from '../../src/events/index.ts';
import { lookCartItems, lookLines } from '../../src/features/ar-look/look-lines.ts';
import { lookExportLimits } from '../../src/elements/room-viewer/features/export.ts';
import { readModel } from '../../src/model/index.ts';
import { axeViolations } from './helpers/axe.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { clickOn, recordEvents } from './helpers/sell.ts';
import { THREADS } from './helpers/threads.ts';
import { cleanup, fixtureContainer, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { makeViewer } from './room-viewer-fixtures.ts';

const SHOWCASE = '6346900';
/** Set to true to print the viewer with its AR button as a PNG (base64) in the test's log, to look at it. */
const SHOW_PICTURE = false;
/** The test server's partner with a 2 s expiry, answering https URLs (helpers/ar-partner.mjs). */
const UPLOADS = '/partner-ar/uploads';
const PUBLIC = 'https://partner.test/partner-ar';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

const part = (viewer: RoomViewer, name: string) =>
  viewer.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);

async function showcase(thread: string, attributes: Record<string, string>): Promise<RoomViewer> {
  const viewer = makeViewer(
    { 'room-id': SHOWCASE, 'api-base': ROOM_STYLING, loading: 'eager', renderer: thread, ...attributes },
    [320, 240],
  );
  const loaded = waitForEvent<ModelLoadDetail>(viewer, 'model-load', 30000);
  fixtureContainer().append(viewer);
  await loaded;
  await viewer.updateComplete;
  return viewer;
}

/** Every `ar-status` the viewer fires, in order. */
function statuses(viewer: RoomViewer): ArStatusDetail[] {
  const list: ArStatusDetail[] = [];
  viewer.addEventListener('ar-status', (e) => list.push((e as CustomEvent<ArStatusDetail>).detail));
  return list;
}

/** The platform's navigation stood in for: anchors clicked by the page are kept, not followed. */
function keepAnchorClicks(): { anchors: HTMLAnchorElement[]; restore(): void } {
  const anchors: HTMLAnchorElement[] = [];
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    anchors.push(this);
  };
  return { anchors, restore: () => (HTMLAnchorElement.prototype.click = click) };
}

/** Safari's detection of AR Quick Look stood in for: `<a>`'s relList says it knows `ar`. */
function quickLookPlatform(): () => void {
  const supports = DOMTokenList.prototype.supports;
  DOMTokenList.prototype.supports = function (this: DOMTokenList, token: string) {
    return token === 'ar' ? true : supports.call(this, token);
  };
  return () => (DOMTokenList.prototype.supports = supports);
}

/** An Android phone's user agent (Scene Viewer's detection). */
function androidPlatform(): () => void {
  Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => ANDROID_UA });
  return () => delete (navigator as { userAgent?: string }).userAgent;
}

for (const thread of THREADS) {
  describe(`<room-viewer ar> (${thread})`, function () {
    this.timeout(60000);
    const undo: (() => void)[] = [];
    before(function () {
      requireWebGL(this);
    });
    afterEach(() => {
      while (undo.length) undo.pop()!();
      lookExportLimits.maxBytes = 15 * 1024 * 1024;
      cleanup();
    });

    it('shows no AR button where no mode is available, and activateAR() says why in words', async () => {
      const viewer = await showcase(thread, { ar: '' });
      // headless Chromium on a desktop: no immersive-ar, not Android, no rel="ar"
      await until(async () => (await viewer.updateComplete) && viewer.arMode === undefined, 2000);
      expect(part(viewer, 'ar-button')).to.equal(null);
      expect(viewer.canActivateAR).to.equal(false);
      const seen = statuses(viewer);
      await viewer.activateAR();
      expect(seen).to.have.length(1);
      expect(seen[0]!.status).to.equal('failed');
      expect(seen[0]!.reason).to.match(/no AR mode/);
      // without `ar`, no button even where a mode is available
      undo.push(quickLookPlatform());
      const plain = await showcase(thread, {});
      await plain.updateComplete;
      expect(part(plain, 'ar-button')).to.equal(null);
    });

    it('the AR button: labelled, no axe violation, in the bottom start corner on both left-to-right and right-to-left pages', async () => {
      undo.push(quickLookPlatform());
      const viewer = await showcase(thread, { ar: '', 'ar-modes': 'quick-look' });
      const button = (await until(() => part(viewer, 'ar-button'), 5000, 'the AR button'))!;
      expect(await axeViolations(viewer)).to.deep.equal([]);
      const box = viewer.getBoundingClientRect();
      let at = button.getBoundingClientRect();
      expect(at.left - box.left).to.be.within(4, 16);
      expect(box.bottom - at.bottom).to.be.within(4, 16);
      if (SHOW_PICTURE) {
        const png = await executeServerCommand('screenshot-clip', {
          x: box.left,
          y: box.top,
          width: box.width,
          height: box.height,
        });
        console.log(`PNG:${String(png)}`);
      }
      viewer.dir = 'rtl';
      await viewer.updateComplete;
      at = button.getBoundingClientRect();
      expect(box.right - at.right).to.be.within(4, 16);
      expect(box.bottom - at.bottom).to.be.within(4, 16);
    });

    it('Quick Look: the USDZ behind <a rel="ar"> with the banner, and one add-to-cart (source ar) per banner tap', async () => {
      undo.push(quickLookPlatform());
      const clicks = keepAnchorClicks();
      undo.push(clicks.restore);
      const viewer = await showcase(thread, { ar: '', 'ar-modes': 'quick-look' });
      viewer.arCurrency = 'EUR';
      viewer.arCatalogue = (id) => ({ name: `Piece ${id.slice(0, 4)}`, price: 10 });
      const button = (await until(() => part(viewer, 'ar-button'), 5000, 'the AR button'))!;
      expect(viewer.canActivateAR).to.equal(true);
      expect(button.textContent!.trim()).to.equal('AR');
      expect(button.getAttribute('aria-label')).to.match(/augmented reality/);
      const seen = statuses(viewer);
      const events = recordEvents();
      undo.push(() => events.stop());
      // the keyboard starts it as a click does
      button.focus();
      await sendKeys({ press: 'Enter' });
      await until(() => seen.length > 0, 30000, 'ar-status');
      expect(seen.map((s) => s.status)).to.deep.equal(['session-started']);
      expect(seen[0]!.mode).to.equal('quick-look');
      await until(() => events.acts().includes('ar'), 5000, 'room-analytics ar');
      expect(clicks.anchors).to.have.length(1);
      const anchor = clicks.anchors[0]!;
      expect(anchor.rel).to.equal('ar');
      expect(anchor.querySelector('img')).to.not.equal(null);
      // in the element's shadow root, hidden: iOS posts the banner's tap only to an anchor in the document
      expect(anchor.getRootNode()).to.equal(viewer.shadowRoot);
      expect(anchor.hidden).to.equal(true);
      const [file, fragment] = anchor.href.split('#');
      expect(file).to.match(/^blob:/);
      const banner = new URLSearchParams(fragment);
      expect(banner.get('callToAction')).to.equal('Add the look');
      expect(banner.get('checkoutTitle')).to.equal('The look');
      expect(banner.get('checkoutSubtitle')).to.match(/^(\d+× )?Piece /);
      // 25 pieces at 10 each, in euros
      expect(banner.get('price')).to.match(/250/);
      expect(banner.get('price')).to.match(/€/);
      expect(banner.get('allowsContentScaling')).to.equal('0');
      const usdz = new Uint8Array(await (await fetch(file!)).arrayBuffer());
      expect([usdz[0], usdz[1], usdz[2], usdz[3]]).to.deep.equal([0x50, 0x4b, 3, 4]);

      // Safari posts the banner's tap to the anchor: one add-to-cart per tap, the look's lines
      const model = readModel(await (await fetch(`${ROOM_STYLING}/rooms/${SHOWCASE}`)).json()).model;
      const expected = lookCartItems(lookLines(model!, { scope: 'furniture' }));
      events.clear();
      anchor.dispatchEvent(new MessageEvent('message', { data: '_apple_ar_quicklook_button_tapped' }));
      expect(events.carts).to.have.length(1);
      expect(events.carts[0]!.source).to.equal('ar');
      expect(events.carts[0]!.items).to.deep.equal(expected);
      anchor.dispatchEvent(new MessageEvent('message', { data: 'something else' }));
      expect(events.carts).to.have.length(1);
      // a second AR visit uses the same anchor: still one event per tap
      await viewer.activateAR();
      expect(clicks.anchors).to.have.length(2);
      expect(clicks.anchors[1]).to.equal(anchor);
      anchor.dispatchEvent(new MessageEvent('message', { data: '_apple_ar_quicklook_button_tapped' }));
      expect(events.carts).to.have.length(2);
    });

    it('Scene Viewer: the GLB posted to the partner, an https intent with title, link and resizable=false, the file 404 after its expiry', async () => {
      undo.push(androidPlatform());
      const clicks = keepAnchorClicks();
      undo.push(clicks.restore);
      const viewer = await showcase(thread, { ar: '', 'ar-modes': 'scene-viewer', 'ar-upload': UPLOADS });
      const seen = statuses(viewer);
      await until(() => part(viewer, 'ar-button'), 5000, 'the AR button');
      expect(viewer.arMode).to.equal('scene-viewer');
      await clickOn(part(viewer, 'ar-button')!);
      await until(() => seen.length > 0, 30000, 'ar-status');
      expect(seen.map((s) => s.status)).to.deep.equal(['session-started']);
      expect(clicks.anchors).to.have.length(1);
      const intent = clicks.anchors[0]!.href;
      const match = /^intent:\/\/arvr\.google\.com\/scene-viewer\/1\.0\?([^#]*)#Intent;(.*)$/.exec(intent);
      expect(match, intent).to.not.equal(null);
      const params = new URLSearchParams(match![1]);
      const file = params.get('file')!;
      expect(file.startsWith(`${PUBLIC}/uploads/`), file).to.equal(true);
      expect(new URL(file).protocol).to.equal('https:');
      expect(params.get('mode')).to.equal('ar_only');
      expect(params.get('resizable')).to.equal('false');
      expect(params.get('title')).to.equal('The look');
      expect(params.get('link')).to.equal(location.href.split('#')[0]);
      expect(match![2]).to.match(
        /^scheme=https;package=com\.google\.ar\.core;action=android\.intent\.action\.VIEW;S\.browser_fallback_url=[^;]+;end;$/,
      );
      const fallback = decodeURIComponent(/S\.browser_fallback_url=([^;]+)/.exec(match![2]!)![1]!);
      expect(fallback).to.match(/#no-ar-fallback$/);
      // served by the partner (through its TLS proxy: the same path on the test server), a GLB
      const local = new URL(file).pathname;
      const served = await fetch(local);
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.equal('model/gltf-binary');
      const glb = new DataView(await served.arrayBuffer());
      expect(glb.getUint32(0, true)).to.equal(0x46546c67);
      // …and 404 once its time (2 s here) is over
      await until(async () => (await fetch(local)).status === 404, 15000, 'the upload expired');

      // where Scene Viewer is missing, Android comes back to the page with the fallback's hash: AR failed,
      // and the page's history is as it was
      location.hash = 'no-ar-fallback';
      await until(() => seen.length === 2, 5000, 'ar-status failed');
      expect(seen[1]).to.include({ status: 'failed', mode: 'scene-viewer' });
      expect(seen[1]!.reason).to.match(/Scene Viewer is not installed/);
      await until(() => location.hash === '', 5000, 'the hash gone back');
      // Scene Viewer is not offered again on this page: no other mode here, so no button
      await until(() => viewer.arMode === undefined, 5000, 'scene-viewer dropped');
      await viewer.updateComplete;
      expect(part(viewer, 'ar-button')).to.equal(null);
    });

    it('a refused upload and an export over the cap end in ar-status failed with words; the element stays usable', async () => {
      undo.push(androidPlatform());
      const clicks = keepAnchorClicks();
      undo.push(clicks.restore);
      const viewer = await showcase(thread, {
        ar: '',
        'ar-modes': 'scene-viewer',
        'ar-upload': '/partner-ar/no-such-route',
      });
      const seen = statuses(viewer);
      await until(() => part(viewer, 'ar-button'), 5000, 'the AR button');
      await clickOn(part(viewer, 'ar-button')!);
      await until(() => seen.length > 0, 30000, 'ar-status');
      expect(seen[0]).to.include({ status: 'failed', mode: 'scene-viewer' });
      // the route a partner does not have refuses the file (its body limit for unknown routes answers first)
      expect(seen[0]!.reason).to.match(/upload was refused \(HTTP 4\d\d\)/);
      expect(clicks.anchors).to.have.length(0);
      await viewer.updateComplete;
      const message = part(viewer, 'ar-message')!;
      expect(message.textContent).to.match(/could not be sent/);
      expect(message.getAttribute('role')).to.equal('alert');
      // still usable: the room is shown, the button works again
      expect(viewer.getAttribute('state')).to.equal('loaded');
      expect((part(viewer, 'ar-button') as HTMLButtonElement).disabled).to.equal(false);

      // an export over the size cap (lowered for the test)
      lookExportLimits.maxBytes = 1000;
      viewer.arUpload = UPLOADS;
      await viewer.activateAR();
      expect(seen).to.have.length(2);
      expect(seen[1]).to.include({ status: 'failed', mode: 'scene-viewer' });
      expect(seen[1]!.reason).to.match(/could not be exported for AR/);
      await viewer.updateComplete;
      expect(part(viewer, 'ar-message')!.textContent).to.match(/could not be prepared for AR/);
      expect(clicks.anchors).to.have.length(0);
      // the cap back: it works
      lookExportLimits.maxBytes = 15 * 1024 * 1024;
      await viewer.activateAR();
      expect(seen[2]).to.include({ status: 'session-started', mode: 'scene-viewer' });
      expect(clicks.anchors).to.have.length(1);
    });
  });
}
