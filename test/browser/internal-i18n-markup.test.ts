/**
 * docs/i18n.md promises that a page's strings are shown as text, never as markup (issue 34). Here every
 * string of every element is overridden with markup that would run script and create elements, and
 * all five elements are taken through their states (loading, ready, empty, error, each control and
 * panel opened): no element comes from a string, no script runs, and the words show as text.
 * <room-panorama> hands its strings to photo-sphere-viewer, which writes most of them with innerHTML
 * (src/panorama/psv-texts.ts escapes them): its loader, its overlays and its menu are checked by name.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-gallery/room-gallery.ts';
import '../../src/elements/room-panorama/room-panorama.ts';
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/project-export-button/project-export-button.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import { overrideStrings, type PartialTranslation } from '../../src/i18n.ts';
import de from '../../src/i18n/de.ts';
import { plainFaces } from './room-panorama.helpers.ts';
import { boxRoom, makeViewer } from './room-viewer-fixtures.ts';
import { exportButton } from './project-export-button.helpers.ts';
import { makeGallery, untilState } from './room-gallery.helpers.ts';
import { cleanup, fixtureContainer, rafPasses, until, waitForEvent } from './helpers/wait.ts';

declare global {
  interface Window {
    __markupRan: string[];
  }
}
window.__markupRan = [];

/** Markup that runs script (an image that fails at once) and makes elements, naming its key. */
const markup = (key: string) =>
  `<img src="data:," onerror="window.__markupRan.push('${key}')" data-markup="${key}"><b data-markup="${key}">${key}</b>`;

/** Every string of every table (the shape of a whole shipped translation), as markup. */
const everyString = (): PartialTranslation => {
  const tables: Record<string, Record<string, string>> = {};
  for (const [table, strings] of Object.entries(de as unknown as Record<string, Record<string, string>>)) {
    tables[table] = {};
    for (const key of Object.keys(strings)) tables[table][key] = markup(`${table}.${key}`);
  }
  return tables as unknown as PartialTranslation;
};

/** Every node of the document and of every shadow root in it, open ones included at any depth. */
function* roots(root: Document | ShadowRoot = document): Generator<Document | ShadowRoot> {
  yield root;
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) yield* roots(el.shadowRoot);
}

/** What a string made into elements anywhere on the page (a deep search). */
const madeFromStrings = () => [...roots()].flatMap((r) => [...r.querySelectorAll('[data-markup]')]);

/** The text an element shows (its shadow tree's text and its labels), deep. */
function shownText(el: Element): string {
  const parts: string[] = [];
  for (const root of el.shadowRoot ? roots(el.shadowRoot) : []) {
    for (const node of root.querySelectorAll('*')) {
      for (const name of ['title', 'aria-label', 'alt', 'placeholder'])
        if (node.hasAttribute(name)) parts.push(node.getAttribute(name)!);
      for (const child of node.childNodes)
        if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent!);
    }
  }
  return parts.join('\n');
}

/** Nothing of the strings became an element or ran; `el` shows at least one of `table`'s strings as text. */
async function held(el: Element, table: string, state: string): Promise<void> {
  await rafPasses(2);
  // an image that would fail fails within a task or two
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(window.__markupRan, `script ran (${state})`).to.deep.equal([]);
  expect(
    madeFromStrings().map((e) => e.getAttribute('data-markup')),
    `elements made from strings (${state})`,
  ).to.deep.equal([]);
  expect(shownText(el), `${table} strings as text (${state})`).to.include(`data-markup="${table}`);
}

const panoramaShadow = (el: RoomPanorama) => el.shadowRoot!;

describe('i18n: markup in every string is text in all five elements', function () {
  this.timeout(60000);

  before(() => overrideStrings('en', everyString()));
  afterEach(cleanup);

  it('<room-panorama>: poster, loading, ready with its navbar, hints, menu and errors', async () => {
    const faces = await plainFaces(32);
    const el = document.createElement('room-panorama');
    el.style.cssText = 'width:320px;height:240px;display:block';
    el.setAttribute('loading', 'eager');
    el.faces = faces;
    const ready = waitForEvent(el, 'panorama-ready', 20000);
    fixtureContainer().append(el);
    await until(() => el.getAttribute('state') === 'loading' || el.getAttribute('state') === 'ready', 10000);
    await held(el, 'panorama', 'loading');
    await ready;
    const root = panoramaShadow(el);
    // PSV's loader text: the element's loading words, shown as text
    await until(() => root.querySelector('.psv-loader-text'), 5000, "PSV's loader text");
    expect(root.querySelector('.psv-loader-text')!.textContent).to.equal(markup('panorama.loading'));
    // the navbar's buttons, their titles as text
    await until(() => root.querySelector('.room-panorama-autorotate'), 5000, 'the navbar');
    expect(root.querySelector('.room-panorama-autorotate')!.getAttribute('title')).to.equal(
      markup('panorama.autorotate'),
    );
    expect(root.querySelector('.room-panorama-fullscreen')!.getAttribute('title')).to.equal(
      markup('panorama.fullscreen'),
    );
    await held(el, 'panorama', 'ready');

    // a wheel without ctrl: PSV's "use ctrl + scroll" overlay
    const canvas = root.querySelector('canvas')!;
    canvas.dispatchEvent(
      new WheelEvent('wheel', { deltaY: 100, bubbles: true, cancelable: true, composed: true }),
    );
    await until(() => root.querySelector('.psv-overlay-title')?.textContent, 5000, 'the ctrl + scroll hint');
    expect(root.querySelector('.psv-overlay-title')!.textContent).to.equal(markup('panorama.ctrlZoom'));
    await held(el, 'panorama', 'ctrl + scroll hint');

    // narrow: PSV collapses the buttons into its menu, which it writes as markup; opened
    el.style.width = '150px';
    const menu = await until(
      () => root.querySelector<HTMLElement>('.psv-menu-button:not([style*="display: none"])'),
      5000,
      'the menu button',
    );
    menu!.click();
    await until(() => root.querySelector('.psv-panel-menu-item-label'), 5000, 'the menu');
    const labels = [...root.querySelectorAll('.psv-panel-menu-item-label')].map((l) => l.textContent);
    expect(labels).to.include(markup('panorama.autorotate'));
    await held(el, 'panorama', 'menu opened');

    // a new language (the texts given again): still text
    overrideStrings('en', { panorama: { loading: markup('panorama.loading') } });
    await held(el, 'panorama', 'texts given again');
  });

  it('<room-panorama>: a face that fails and a bad room id', async () => {
    const faces = await plainFaces(32);
    const el = document.createElement('room-panorama');
    el.style.cssText = 'width:320px;height:240px;display:block';
    el.setAttribute('loading', 'eager');
    el.faces = { ...faces, b: `${location.origin}/no-such-face.png` };
    const failed = waitForEvent(el, 'panorama-error', 20000);
    fixtureContainer().append(el);
    await failed;
    await held(el, 'panorama', 'a face failed');

    const bad = document.createElement('room-panorama');
    bad.setAttribute('loading', 'eager');
    bad.setAttribute('room-id', 'not-a-number');
    const refused = waitForEvent(bad, 'panorama-error', 10000);
    fixtureContainer().append(bad);
    await refused;
    await held(bad, 'panorama', 'a bad room id');
  });

  it('<room-gallery>: loading, cards with filters and pages, more, empty, error', async () => {
    const { el, ready } = makeGallery({ filters: true, limit: '3' });
    await held(el, 'gallery', 'loading');
    await ready;
    await untilState(el, 'loaded');
    await held(el, 'gallery', 'cards with filters');
    el.setAttribute('paging', 'more');
    await untilState(el, 'loaded');
    await held(el, 'gallery', 'load more');

    const empty = makeGallery({ source: 'search', q: 'nothing-matches-this-9f3b', filters: true });
    await untilState(empty.el, 'empty');
    await held(empty.el, 'gallery', 'empty');

    const broken = makeGallery({ 'api-base': `${location.origin}/no-such-service` });
    await untilState(broken.el, 'error');
    await held(broken.el, 'errors', 'error');
  });

  it('<room-plan>: idle, drawn and error', async () => {
    const idle = document.createElement('room-plan');
    fixtureContainer().append(idle);
    await held(idle, 'plan', 'idle');

    const plan = document.createElement('room-plan') as HTMLElement & { model?: unknown };
    plan.style.cssText = 'width:520px;height:400px;display:block';
    const loaded = waitForEvent(plan, 'model-load', 15000);
    plan.model = boxRoom();
    fixtureContainer().append(plan);
    await loaded;
    await held(plan, 'plan', 'drawn');

    const broken = document.createElement('room-plan');
    broken.setAttribute('src', `${location.origin}/no-such-room.json`);
    const failed = waitForEvent(broken, 'model-error', 15000);
    fixtureContainer().append(broken);
    await failed;
    await held(broken, 'errors', 'error');
  });

  it('<room-viewer>: loading, drawn and error', async () => {
    const viewer = makeViewer({}, [320, 240]) as HTMLElement & { model?: unknown };
    const loaded = waitForEvent(viewer, 'model-load', 30000);
    viewer.model = boxRoom();
    fixtureContainer().append(viewer);
    await held(viewer, 'viewer', 'loading');
    await loaded;
    await held(viewer, 'viewer', 'drawn');

    const broken = makeViewer({ src: `${location.origin}/no-such-room.json` });
    const failed = waitForEvent(broken, 'model-error', 15000);
    fixtureContainer().append(broken);
    await failed;
    await held(broken, 'errors', 'error');
  });

  it('<project-export-button>: idle, a refused request and a failed export', async () => {
    const idle = await exportButton({});
    await held(idle, 'exportButton', 'idle');

    const invalid = await exportButton({ width: '', height: '' });
    const refused = waitForEvent(invalid, 'export-error', 10000);
    invalid.shadowRoot!.querySelector('button')!.click();
    await refused;
    await held(invalid, 'export', 'a refused request');

    const failing = await exportButton({ 'token-endpoint': `${location.origin}/no-such-token` });
    const failed = waitForEvent(failing, 'export-error', 15000);
    failing.shadowRoot!.querySelector('button')!.click();
    await failed;
    await held(failing, 'export', 'a failed export');
  });
});
