/**
 * `<room-viewer>` whose render worker stops without a word (a crash that fires no `error`, a hang): the
 * heartbeat's deadline gives it up, every question waiting for it is rejected, and the viewers draw on
 * the page's thread instead of staying frozen. Every question is answered, also one about a view the
 * worker does not hold. A file of its own: a render worker given up is not tried again on that page.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { heartbeat, renderWorker } from '../../src/elements/room-viewer/worker-view.ts';
import type { FromRenderWorker } from '../../src/three/worker/protocol.ts';
import { cleanup, mountLoaded, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, makeViewer, paintedPixels } from './room-viewer-fixtures.ts';

describe('<room-viewer> whose render worker stops answering', function () {
  this.timeout(30000);
  before(function () {
    requireWebGL(this);
    // a short heartbeat for the test: the default deadline is 10 s (1.5 s here gave a worker busy starting
    // up on a loaded machine up before the test had stopped it: the viewer drew on the page from the start)
    heartbeat.every = 100;
    heartbeat.deadline = 5000;
  });
  afterEach(cleanup);

  it('answers a question about a view it does not hold with an error', async () => {
    const viewer = makeViewer({ loading: 'eager', poster: '' });
    viewer.model = boxRoom({ components: 2 });
    await mountLoaded(viewer);
    expect(viewer.renderThread).to.equal('worker');
    const worker = renderWorker()!;
    const answered = new Promise<FromRenderWorker>((resolve) => {
      const listen = ({ data }: MessageEvent<FromRenderWorker>) => {
        if (data.type !== 'answer' || data.request !== -7) return;
        worker.removeEventListener('message', listen);
        resolve(data);
      };
      worker.addEventListener('message', listen);
    });
    worker.postMessage({ type: 'call', id: 987654, request: -7, call: { op: 'pick', x: 0, y: 0 } });
    const answer = await answered;
    expect(answer.type === 'answer' && answer.error?.name).to.equal('InvalidStateError');
  });

  it('gives a worker that stops without an error up: the viewer draws on the page, nothing waits forever', async () => {
    const viewer = makeViewer({ loading: 'eager', poster: '' });
    viewer.model = boxRoom({ components: 3 });
    await mountLoaded(viewer);
    expect(viewer.renderThread).to.equal('worker');
    const errors: unknown[] = [];
    viewer.addEventListener('model-error', (e) => errors.push(e));
    const again = waitForEvent(viewer, 'model-load', 20000);
    // stopped from outside: no `error` event, no answer ever again
    renderWorker()!.terminate();
    // a question asked now is rejected when the worker is given up, not left pending
    const snapshot = viewer.toBlob().then(
      () => 'resolved',
      (error: Error) => error.name,
    );
    expect(await snapshot).to.equal('InvalidStateError');
    await again;
    expect(viewer.renderThread).to.equal('main');
    expect(viewer.getAttribute('state')).to.equal('loaded');
    await until(() => paintedPixels(viewer) > 1000, 5000, 'drawn on the page');
    expect(viewer.shadowRoot!.querySelector('canvas.worker-canvas')).to.equal(null);
    // the page's thread took over: not an error of the room's
    expect(errors).to.have.length(0);
    // later viewers draw on the page at once
    const later = makeViewer({ loading: 'eager', poster: '' });
    later.model = boxRoom({ components: 1 });
    await mountLoaded(later);
    expect(later.renderThread).to.equal('main');
  });
});
