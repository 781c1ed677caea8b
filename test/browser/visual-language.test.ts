/**
 * One visual language across the five elements (issue 23): the same error panel (structure, words per
 * kind, a retry button only where trying again can help), dark colours under the page's
 * `color-scheme: dark`, no automatic motion under `prefers-reduced-motion` (followed live), figures
 * isolated in right-to-left pages, `auto-rotate` with its `autorotate` alias on both 3D elements, and
 * `camera-change` throttled like the panorama's `view-change`.
 */
import { expect } from '@esm-bundle/chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../src/elements/room-gallery/room-gallery.ts';
import '../../src/elements/room-panorama/room-panorama.ts';
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/project-export-button/project-export-button.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { ERROR_PANEL_STRINGS } from '../../src/features/error-panel/error-panel.strings.ts';
import { VIEW_CHANGE_INTERVAL } from '../../src/elements/room-panorama/view-sync.ts';
import { render } from 'lit';
import { measureOverlay } from '../../src/elements/room-viewer/features/measure-overlay.ts';
import { formatLength } from '../../src/model/units.ts';
import { boxPlan } from '../shared/fixtures.ts';
import { armFault, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { requireWebGL } from './helpers/webgl.ts';
import {
  cleanup,
  fixtureContainer,
  modelLoaded,
  mountLoaded,
  rafPasses,
  until,
  waitForEvent,
} from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';
import { mountReady, plainFaces } from './room-panorama.helpers.ts';
import { drawingOn, VIEWER_THREADS } from './helpers/drawn-on.ts';
import { cameraStateOf } from './helpers/threads.ts';

// on both threads: the render worker (the default) and the page's (renderer="main"); the camera is read
// from the frames' pose

const EN = ERROR_PANEL_STRINGS.en;
const NO_ROOM = '987654321';

type Kind = 'not-found' | 'server' | 'invalid' | 'network';
const TITLE: Record<Kind, string> = {
  'not-found': EN.notFoundTitle,
  server: EN.serverTitle,
  invalid: EN.invalidTitle,
  network: EN.networkTitle,
};
const RETRY: Record<Kind, boolean> = { 'not-found': false, server: true, invalid: false, network: true };

/** An element put in an error state of `kind`; resolves once its error event fired and it rendered. */
type Failing = (kind: Kind, container: HTMLElement) => Promise<HTMLElement>;

async function failed(el: HTMLElement, event: string, container: HTMLElement): Promise<HTMLElement> {
  const heard = waitForEvent(el, event, 20000);
  container.append(el);
  await heard;
  await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  await until(
    () => el.shadowRoot!.querySelector('[part~="error"]'),
    5000,
    `${el.localName}: the error panel`,
  );
  return el;
}

function make(tag: string, attributes: Record<string, string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  el.style.width = '320px';
  el.style.height = '240px';
  return el;
}

async function rooms(): Promise<{ id: number; has_panorama: boolean }[]> {
  return (await (await fetch(`${ROOM_STYLING}/rooms?limit=50`)).json()).rooms;
}

const DEAD = 'http://127.0.0.1:9'; // nobody listens on the discard port: a network failure

/** Every element, and how each kind of failure is made to happen to it. */
const ELEMENTS: Record<string, Failing> = {
  'room-gallery': async (kind, container) => {
    if (kind === 'not-found') await armFault({ match: '/room-styling/rooms', status: 404 });
    if (kind === 'server') await armFault({ match: '/room-styling/rooms', status: 503, times: 3 });
    if (kind === 'invalid') await armFault({ match: '/room-styling/rooms', body: 'malformed' });
    const base = kind === 'network' ? `${DEAD}/room-styling` : ROOM_STYLING;
    return failed(make('room-gallery', { 'api-base': base, limit: '3' }), 'rooms-error', container);
  },
  'room-viewer': async (kind, container) => {
    const id = kind === 'not-found' ? NO_ROOM : String((await rooms())[0]!.id);
    if (kind === 'server') await armFault({ match: `/room-styling/rooms/${id}`, status: 503, times: 3 });
    if (kind === 'invalid') await armFault({ match: `/room-styling/rooms/${id}`, body: 'malformed' });
    const base = kind === 'network' ? `${DEAD}/room-styling` : ROOM_STYLING;
    // poster="": the room's document alone (the poster's record, asked beside it, would take the fault)
    const el = make('room-viewer', { 'room-id': id, 'api-base': base, loading: 'eager', poster: '' });
    return failed(el, 'model-error', container);
  },
  'room-plan': async (kind, container) => {
    const id = kind === 'not-found' ? NO_ROOM : String((await rooms())[0]!.id);
    if (kind === 'server') await armFault({ match: `/room-styling/rooms/${id}`, status: 503, times: 3 });
    if (kind === 'invalid') await armFault({ match: `/room-styling/rooms/${id}`, body: 'malformed' });
    const base = kind === 'network' ? `${DEAD}/room-styling` : ROOM_STYLING;
    return failed(make('room-plan', { 'room-id': id, 'api-base': base }), 'model-error', container);
  },
  'room-panorama': async (kind, container) => {
    const all = await rooms();
    const id = String(kind === 'not-found' ? all.find((r) => !r.has_panorama)!.id : all[0]!.id);
    const path = `/room-styling/rooms/${id}/panorama`;
    if (kind === 'server') await armFault({ match: path, status: 503, times: 3 });
    if (kind === 'invalid') await armFault({ match: path, body: 'malformed' });
    const base = kind === 'network' ? `${DEAD}/room-styling` : ROOM_STYLING;
    const el = make('room-panorama', { 'room-id': id, 'api-base': base, loading: 'eager' });
    return failed(el, 'panorama-error', container);
  },
  'project-export-button': async (kind, container) => {
    // the token endpoint fails (a path the emulator answers 404 to, or a fault armed on it): its
    // failures keep their kind, with reasons of their own
    const path = '/room-styling/no-token-endpoint-here';
    if (kind === 'server') await armFault({ match: path, status: 503, times: 3 });
    if (kind === 'invalid') await armFault({ match: path, body: 'malformed' });
    const endpoint = kind === 'network' ? `${DEAD}${path}` : `${location.origin}${path}`;
    const el = make('project-export-button', {
      'project-id': '186997360',
      'token-endpoint': endpoint,
      width: '800',
      height: '600',
      callback: `${location.origin}/partner/export-callback`,
    });
    const heard = waitForEvent(el, 'export-error', 20000);
    container.append(el);
    await (el as unknown as { updateComplete: Promise<unknown> }).updateComplete;
    el.shadowRoot!.querySelector<HTMLButtonElement>('button[part="button"]')!.click();
    await heard;
    await until(() => el.shadowRoot!.querySelector('[part~="error"]'), 5000, 'the error panel');
    return el;
  },
};

for (const drawnOn of VIEWER_THREADS)
  describe(`one visual language (viewers drawn on the ${drawnOn} thread)`, () => {
    drawingOn(drawnOn);
    beforeEach(resetEmulator);
    afterEach(cleanup);

    describe('one error panel', () => {
      for (const [tag, fail] of Object.entries(ELEMENTS)) {
        it(`${tag}: icon, title, message and a retry only for network, timeout and server failures`, async () => {
          const seen: string[] = [];
          for (const kind of ['not-found', 'server', 'invalid', 'network'] as const) {
            await resetEmulator();
            const el = await fail(kind, fixtureContainer());
            const root = el.shadowRoot!;
            const panel = root.querySelector<HTMLElement>('[part~="error"]')!;
            expect(panel.getAttribute('role'), `${tag} ${kind}`).to.equal('alert');
            expect(panel.dataset.kind, `${tag} ${kind}: the kind it shows`).to.equal(kind);
            expect(panel.querySelector('[part~="error-icon"]'), `${tag} ${kind}: icon`).to.not.equal(null);
            const title = panel.querySelector('[part~="error-title"]')?.textContent?.trim();
            expect(title, `${tag} ${kind}: the shared title`).to.equal(TITLE[kind]);
            const message = panel.querySelector('[part~="error-message"]')?.textContent?.trim() ?? '';
            expect(message.length, `${tag} ${kind}: a message`).to.be.greaterThan(10);
            const retry = panel.querySelector<HTMLButtonElement>('[part~="retry"]');
            expect(!!retry, `${tag} ${kind}: retry only where it can help`).to.equal(RETRY[kind]);
            if (retry) expect(retry.tagName).to.equal('BUTTON');
            // the same look everywhere: the shared sheet's accent bar and layout
            const style = getComputedStyle(panel);
            expect(style.display, `${tag}: grid`).to.equal('grid');
            expect(parseFloat(style.borderInlineStartWidth), `${tag}: accent bar`).to.equal(4);
            seen.push(`${kind}:${title}`);
            el.remove();
          }
          expect(seen.length).to.be.greaterThan(2);
        });
      }

      it('a page styles every panel through the same custom properties and parts', async () => {
        const container = fixtureContainer();
        container.style.setProperty('--room-error-background', 'rgb(1, 2, 3)');
        container.style.setProperty('--room-error-accent', 'rgb(200, 0, 100)');
        for (const [tag, fail] of Object.entries(ELEMENTS)) {
          await resetEmulator();
          const el = await fail('server', container);
          const panel = el.shadowRoot!.querySelector('[part~="error"]')!;
          expect(getComputedStyle(panel).backgroundColor, tag).to.equal('rgb(1, 2, 3)');
          expect(getComputedStyle(panel).borderInlineStartColor, tag).to.equal('rgb(200, 0, 100)');
          el.remove();
        }
      });

      it('an element reason says its own words under the shared title (viewer and plan: a bad id)', async () => {
        for (const tag of ['room-viewer', 'room-plan']) {
          const el = await failed(
            make(tag, { 'room-id': '12; drop', loading: 'eager' }),
            'model-error',
            fixtureContainer(),
          );
          const panel = el.shadowRoot!.querySelector('[part~="error"]')!;
          expect(panel.querySelector('[part~="error-title"]')!.textContent).to.equal(EN.invalidTitle);
          expect(panel.querySelector('[part~="error-message"]')!.textContent).to.match(
            /valid room id|not a number/,
          );
          expect(panel.querySelector('[part~="retry"]'), `${tag}: a bad id stays bad`).to.equal(null);
        }
      });
    });

    describe('dark mode', () => {
      const luminance = (rgb: string) => {
        const [r, g, b] = rgb.match(/[\d.]+/g)!.map(Number);
        return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
      };

      it("follows the page's color-scheme: viewer, plan and panorama backgrounds, the plan's paper, every error panel", async function () {
        requireWebGL(this);
        for (const scheme of ['light', 'dark'] as const) {
          const container = fixtureContainer();
          container.style.colorScheme = scheme;
          const viewer = make('room-viewer', { loading: 'eager', camera: 'top' }) as RoomViewer;
          viewer.model = boxRoom();
          const viewerLoaded = modelLoaded(viewer);
          container.append(viewer);
          await viewerLoaded;
          const plan = make('room-plan', {}) as RoomPlan;
          plan.model = { plan: boxPlan(500, 400) };
          container.append(plan);
          await mountLoaded(plan);
          const panorama = make('room-panorama', {}) as RoomPanorama;
          container.append(panorama);
          await panorama.updateComplete;
          const area = plan.shadowRoot!.querySelector('.area')!;
          const colours = {
            viewer: getComputedStyle(viewer).backgroundColor,
            plan: getComputedStyle(plan).backgroundColor,
            paper: getComputedStyle(area).fill,
            panorama: getComputedStyle(panorama).backgroundColor,
          };
          for (const [what, colour] of Object.entries(colours)) {
            if (scheme === 'dark')
              expect(luminance(colour), `${what} in the dark: ${colour}`).to.be.lessThan(0.25);
            else expect(luminance(colour), `${what} in the light: ${colour}`).to.be.greaterThan(0.75);
          }
          // the viewer's canvas leaves the background to the element: its empty corner lets it through
          const canvas = viewer.shadowRoot!.querySelector('canvas')!;
          expect(getComputedStyle(canvas).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
          // a page's own colour still wins
          viewer.style.setProperty('--room-viewer-background', 'rgb(10, 200, 10)');
          expect(getComputedStyle(viewer).backgroundColor).to.equal('rgb(10, 200, 10)');
          container.remove();
        }
      });

      it('every error panel turns dark in a dark page', async () => {
        const container = fixtureContainer();
        container.style.colorScheme = 'dark';
        for (const [tag, fail] of Object.entries(ELEMENTS)) {
          await resetEmulator();
          const el = await fail('not-found', container);
          const panel = el.shadowRoot!.querySelector('[part~="error"]')!;
          expect(luminance(getComputedStyle(panel).backgroundColor), tag).to.be.lessThan(0.25);
          expect(luminance(getComputedStyle(panel).color), tag).to.be.greaterThan(0.6);
          el.remove();
        }
      });
    });

    describe('reduced motion', () => {
      afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

      it('stops the viewer turning by itself, live, and makes flights jump', async function () {
        requireWebGL(this);
        const viewer = make('room-viewer', {
          loading: 'eager',
          camera: 'orbit',
          'auto-rotate': '',
        }) as RoomViewer;
        viewer.model = boxRoom();
        fixtureContainer().append(viewer);
        await mountLoaded(viewer);
        const at = () => cameraStateOf(viewer).position.map((v) => Math.round(v));
        let before = at();
        await until(() => at().join() !== before.join(), 3000, 'auto-rotation turns');
        await emulateMedia({ reducedMotion: 'reduce' });
        // OrbitControls' damping lets the last turn run out
        await new Promise((r) => setTimeout(r, 1000));
        before = at();
        await new Promise((r) => setTimeout(r, 600));
        expect(at(), 'still under reduced motion').to.deep.equal(before);
        await emulateMedia({ reducedMotion: 'no-preference' });
        await until(() => at().join() !== before.join(), 3000, 'turning again once motion is allowed');
        // a flight under reduced motion lands at once
        viewer.autoRotate = false;
        await emulateMedia({ reducedMotion: 'reduce' });
        // OrbitControls' damping lets the last turn run out first
        await new Promise((r) => setTimeout(r, 1000));
        // where the camera is in each frame while the flight is asked: a jump is seen at two places
        // (where it was, where it goes), a 0.6 s flight at every frame's (the wall clock is no measure
        // on a busy machine: a jump once took 435 ms there)
        const seen = new Set([at().join()]);
        let flying = true;
        const sample = () => {
          // the frame asked before the flight ended comes after it, maybe after the test
          if (!flying) return;
          seen.add(at().join());
          requestAnimationFrame(sample);
        };
        requestAnimationFrame(sample);
        try {
          await viewer.flyTo('90deg 60deg 800cm');
        } finally {
          flying = false;
        }
        seen.add(at().join());
        expect(seen.size, 'a jump, not a 0.6 s flight').to.be.at.most(2);
      });

      it('stops the panorama turning by itself under the shared name auto-rotate', async function () {
        requireWebGL(this);
        await emulateMedia({ reducedMotion: 'reduce' });
        const el = await mountReady(fixtureContainer(), await plainFaces(), 128, { 'auto-rotate': '' });
        expect(el.autoRotate).to.equal(true);
        await new Promise((r) => setTimeout(r, 600));
        expect(el.yaw).to.equal(0);
        await emulateMedia({ reducedMotion: 'no-preference' });
        await until(() => el.yaw > 1, 5000, 'turning once motion is allowed');
      });
    });

    describe('right to left', () => {
      /** Whether the first character of `text` is drawn left of its last: a figure read the right way. */
      function readsLeftToRight(text: SVGTextContentElement): boolean {
        const n = text.getNumberOfChars();
        return text.getStartPositionOfChar(0).x < text.getStartPositionOfChar(n - 1).x;
      }

      it('the plan\'s figures read left to right in an Arabic page (not "m 5.50"), and would not without isolation', async () => {
        const container = fixtureContainer();
        container.dir = 'rtl';
        container.lang = 'ar';
        const plan = make('room-plan', {}) as RoomPlan;
        plan.model = { plan: boxPlan(550, 400) };
        const loaded = modelLoaded(plan);
        container.append(plan);
        await loaded;
        const root = plan.shadowRoot!;
        const figures = [
          ...root.querySelectorAll<SVGTextContentElement>(
            '.dimensions text, .scale-bar text, tspan.floor-area',
          ),
        ].filter((t) => /\d.*(m|m²|′|″)$/.test(t.textContent!.trim()));
        expect(figures.length, 'dimension, scale bar and area texts').to.be.greaterThan(2);
        for (const figure of figures) {
          expect(getComputedStyle(figure).unicodeBidi, figure.textContent!).to.equal('isolate');
          expect(getComputedStyle(figure).direction, figure.textContent!).to.equal('ltr');
          expect(readsLeftToRight(figure), `${figure.textContent} reads left to right`).to.equal(true);
        }
        // the same text without the isolation reads "m 5.50" in this page: the test can tell
        const bare = figures.find((f) => f.localName === 'text')!;
        bare.removeAttribute('direction');
        bare.removeAttribute('unicode-bidi');
        expect(readsLeftToRight(bare), `${bare.textContent} without isolation`).to.equal(false);
      });
      it("the viewer's measure label reads left to right in an Arabic page (a <bdi>), and would not without it", () => {
        const container = fixtureContainer();
        container.dir = 'rtl';
        container.lang = 'ar';
        render(measureOverlay(true, formatLength(550, 'metric', 'en')), container);
        const label = container.querySelector('[part~="measure-label"]')!;
        const bdi = label.querySelector('bdi')!;
        expect(bdi.textContent).to.equal('5.50 m');
        /** x of the first and last character as laid out */
        const order = (node: Node) => {
          const range = document.createRange();
          // Lit leaves comment markers beside the text: the text node itself
          const text = [...node.childNodes].find(
            (n) => n.nodeType === Node.TEXT_NODE && n.textContent,
          )! as Text;
          range.setStart(text, 0);
          range.setEnd(text, 1);
          const first = range.getBoundingClientRect().x;
          range.setStart(text, text.length - 1);
          range.setEnd(text, text.length);
          return first < range.getBoundingClientRect().x;
        };
        expect(order(bdi), 'isolated').to.equal(true);
        // the same text straight in the right-to-left label reads "m 5.50": the test can tell
        const bare = document.createElement('span');
        bare.textContent = '5.50 m';
        label.replaceChildren(bare);
        expect(order(bare), 'not isolated').to.equal(false);
      });
    });

    describe('one name for auto-rotation', () => {
      it('auto-rotate on both elements, autorotate kept as an alias on both', async () => {
        const panorama = make('room-panorama', { autorotate: '' }) as RoomPanorama;
        const viewer = make('room-viewer', { autorotate: '' }) as RoomViewer;
        fixtureContainer().append(panorama, viewer);
        await panorama.updateComplete;
        await viewer.updateComplete;
        expect(panorama.autoRotate).to.equal(true);
        expect(panorama.hasAttribute('auto-rotate')).to.equal(true);
        expect(viewer.autoRotate).to.equal(true);
        panorama.autoRotate = false;
        await panorama.updateComplete;
        expect([panorama.autorotate, panorama.hasAttribute('autorotate')]).to.deep.equal([false, false]);
        viewer.setAttribute('auto-rotate', '');
        viewer.removeAttribute('autorotate');
        await viewer.updateComplete;
        expect(viewer.autoRotate).to.equal(false, 'the alias changed last');
      });
    });

    describe('camera-change throttle', () => {
      it('4 key presses give a handful of camera-change events, the last with the final camera', async function () {
        requireWebGL(this);
        const viewer = make('room-viewer', { loading: 'eager', camera: 'orbit' }) as RoomViewer;
        viewer.model = boxRoom();
        fixtureContainer().append(viewer);
        await mountLoaded(viewer);
        await rafPasses(10);
        const changes: { position: number[]; target: number[] }[] = [];
        viewer.addEventListener('camera-change', (e) => changes.push((e as CustomEvent).detail));
        viewer.focus();
        const start = performance.now();
        for (let i = 0; i < 4; i++) await sendKeys({ press: 'ArrowLeft' });
        // the view settles (damping), and the trailing event goes out
        let last = '';
        await until(
          async () => {
            const now = JSON.stringify(cameraStateOf(viewer));
            const still = now === last;
            last = now;
            await new Promise((r) => setTimeout(r, VIEW_CHANGE_INTERVAL * 3));
            return still;
          },
          10000,
          'the camera at rest',
        );
        // the trailing event is sent by a timer of the thread that draws: beside other test runners a
        // worker not scheduled for a while sent it after the pose had come to rest (5 cm behind, CI);
        // it must still come, with the final camera
        const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) < 1);
        await until(
          () => {
            const final = cameraStateOf(viewer);
            const lastEvent = changes.at(-1);
            return (
              !!lastEvent && near(lastEvent.position, final.position) && near(lastEvent.target, final.target)
            );
          },
          10000,
          'a camera-change with the camera at rest',
        );
        const elapsed = performance.now() - start;
        expect(changes.length).to.be.greaterThan(0);
        // at most one every VIEW_CHANGE_INTERVAL ms, plus the first at once (a frame's event each would be
        // about 16 ms apart); a count fixed for a quiet machine (12) failed where the keys and the damping
        // took 2.7 s beside the other test runners, within the throttle
        expect(changes.length, `${changes.length} events in ${Math.round(elapsed)} ms`).to.be.at.most(
          Math.ceil(elapsed / VIEW_CHANGE_INTERVAL) + 1,
        );
        // the last event says where the camera came to rest (within a centimetre: damping's last steps
        // below OrbitControls' change threshold move it by less and fire nothing)
        const final = cameraStateOf(viewer);
        const lastEvent = changes.at(-1)!;
        for (const key of ['position', 'target'] as const)
          lastEvent[key].forEach((v, i) => expect(v, `${key}[${i}]`).to.be.closeTo(final[key][i]!, 1));
      });
    });
  });
