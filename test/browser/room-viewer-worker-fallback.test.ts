/**
 * `<room-viewer renderer="worker">` where the worker cannot draw: the room is drawn on the page's thread
 * instead, and the visitor sees it all the same. A file of its own: a render worker that failed to start
 * is not tried again on that page.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, mountLoaded } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, makeViewer, paintedPixels } from './room-viewer-fixtures.ts';

describe('<room-viewer renderer="worker"> without a worker that draws', function () {
  this.timeout(30000);
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('draws on the page in a browser whose canvases cannot be handed to a worker', async () => {
    const transfer = Object.getOwnPropertyDescriptor(
      HTMLCanvasElement.prototype,
      'transferControlToOffscreen',
    )!;
    delete (HTMLCanvasElement.prototype as Partial<HTMLCanvasElement>).transferControlToOffscreen;
    try {
      const viewer = makeViewer({ loading: 'eager', renderer: 'worker', poster: '' });
      viewer.model = boxRoom({ components: 2 });
      await mountLoaded(viewer);
      expect(viewer.renderThread).to.equal('main');
      expect(paintedPixels(viewer)).to.be.greaterThan(1000);
    } finally {
      Object.defineProperty(HTMLCanvasElement.prototype, 'transferControlToOffscreen', transfer);
    }
  });

  it('draws on the page when the render worker cannot start, and says nothing failed', async () => {
    const RealWorker = window.Worker;
    // a worker whose script cannot load (a 404, a CSP without worker-src): it fires `error`
    window.Worker = class extends EventTarget {
      onerror: ((event: Event) => void) | null = null;
      onmessage = null;
      onmessageerror = null;
      constructor() {
        super();
        setTimeout(() => this.onerror?.(new Event('error', { cancelable: true })), 20);
      }
      postMessage(): void {}
      terminate(): void {}
    } as unknown as typeof Worker;
    try {
      const viewer = makeViewer({ loading: 'eager', renderer: 'worker', poster: '' });
      const errors: unknown[] = [];
      viewer.addEventListener('model-error', (e) => errors.push(e));
      viewer.model = boxRoom({ components: 2 });
      await mountLoaded(viewer);
      expect(viewer.renderThread).to.equal('main');
      expect(viewer.shadowRoot!.querySelector('canvas.worker-canvas')).to.equal(null);
      expect(paintedPixels(viewer)).to.be.greaterThan(1000);
      expect(errors).to.have.length(0);
    } finally {
      window.Worker = RealWorker;
    }
  });
});
