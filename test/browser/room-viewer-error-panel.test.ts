/**
 * The error panel comes on the way to an error (issue 33, src/features/error-panel/panel-later.ts): a
 * viewer's first frame, on either thread, requests none of its modules (its words, template and looks);
 * a room that cannot be loaded shows the whole panel (its title, its message, its styles adopted) with
 * the error state, when `model-error` fires, as before. The element is imported once the page's resource
 * timing buffer can hold every module (wtr serves each as its own file), so what the page requested is
 * what the element asked for.
 */
import { expect } from '@esm-bundle/chai';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

const THREADS = ['worker', 'main'] as const;
let configure: typeof import('../../src/config.ts').configure;
let resetConfig: typeof import('../../src/config.ts').resetConfig;

/** The panel's modules, by their path under src/. */
const PANEL = [
  'features/error-panel/panel-chunk.ts',
  'features/error-panel/error-panel.ts',
  'features/error-panel/error-panel.styles.ts',
  'features/error-panel/error-panel.strings.ts',
];

/** Which of `paths` the page has requested so far. */
function requested(paths: readonly string[]): string[] {
  const seen = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name).pathname.replace(/^\/__wds-outside-root__\/\d+/, ''));
  return paths.filter((path) => seen.some((url) => url.endsWith(`/src/${path}`)));
}

function viewer(attributes: Record<string, string>): RoomViewer {
  const element = document.createElement('room-viewer');
  element.style.width = '240px';
  element.style.height = '180px';
  for (const [name, value] of Object.entries({ loading: 'eager', ...attributes }))
    element.setAttribute(name, value);
  return element;
}

describe('<room-viewer> error panel: on the way to an error, not with the first frame', function () {
  this.timeout(60000);
  before(async () => {
    performance.setResourceTimingBufferSize(100_000);
    performance.clearResourceTimings();
    await import('../../src/elements/room-viewer/room-viewer.ts');
    ({ configure, resetConfig } = await import('../../src/config.ts'));
  });
  after(() => resetConfig());
  afterEach(() => cleanup());

  // first, while no viewer on this page has failed
  for (const renderer of THREADS)
    it(`a room drawn on the ${renderer} thread requests none of the panel's modules`, async function () {
      requireWebGL(this);
      configure({ viewerRenderer: renderer });
      const room = viewer({});
      room.model = boxRoom();
      const loaded = waitForEvent(room, 'model-load', 30000);
      fixtureContainer().append(room);
      await loaded;
      expect(room.renderThread).to.equal(renderer);
      expect(requested(PANEL), 'requested by a first frame').to.deep.equal([]);
    });

  for (const renderer of THREADS)
    it(`a room that does not exist shows the whole panel with model-error (${renderer} thread)`, async () => {
      configure({ viewerRenderer: renderer });
      const room = viewer({ 'room-id': '987654321', 'api-base': ROOM_STYLING });
      const error = waitForEvent<{ fatal: boolean }>(room, 'model-error', 30000);
      fixtureContainer().append(room);
      expect((await error).detail.fatal).to.equal(true);
      await room.updateComplete;
      expect(room.getAttribute('state')).to.equal('error');
      const panel = room.shadowRoot!.querySelector<HTMLElement>('[part~=error]')!;
      expect(panel.querySelector('[part~=error-title]')?.textContent).to.equal('Not found');
      expect(panel.querySelector('[part~=error-icon]'), 'the panel itself, not its stand-in').to.not.equal(
        null,
      );
      // its looks came with it: the panel's grid, centred over the viewer
      expect(getComputedStyle(panel).display).to.equal('grid');
      expect(requested(PANEL)).to.include('features/error-panel/panel-chunk.ts');
    });
});
