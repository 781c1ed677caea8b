/**
 * `<room-viewer>` whose render worker fails after it built the room (its GPU process went, say): the room
 * is drawn on the page's thread, and the features that had the worker's view (selection) follow it there.
 * A file of its own: a render worker that failed is not tried again on that page.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, mountLoaded, rafPasses, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, makeViewer, pictureOf } from './room-viewer-fixtures.ts';

describe('<room-viewer> whose render worker fails after building', function () {
  this.timeout(30000);
  before(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('draws on the page when the worker fails after building, and outlines the selection there', async () => {
    const RealWorker = window.Worker;
    // a worker that says it built the view, then fails (its GPU process went, say)
    window.Worker = class extends EventTarget {
      onerror: ((event: Event) => void) | null = null;
      onmessage: ((event: MessageEvent) => void) | null = null;
      onmessageerror = null;
      postMessage(message: { type: string; id?: number }): void {
        if (message.type !== 'start') return;
        setTimeout(
          () => this.onmessage?.(new MessageEvent('message', { data: { type: 'built', id: message.id } })),
          10,
        );
        setTimeout(() => this.onerror?.(new Event('error', { cancelable: true })), 60);
      }
      terminate(): void {}
    } as unknown as typeof Worker;
    try {
      const viewer = makeViewer({ loading: 'eager', renderer: 'worker', poster: '', camera: 'top' });
      viewer.model = boxRoom({ components: 4, kinds: 2 });
      await mountLoaded(viewer);
      expect(viewer.renderThread).to.equal('main');
      await rafPasses(4);
      const plain = pictureOf(viewer).getContext('2d')!.getImageData(0, 0, 240, 180).data.slice();
      // the selection, which had the worker's view, outlines on the page's now
      viewer.selected = ['model-1'];
      await until(
        () => {
          const now = pictureOf(viewer).getContext('2d')!.getImageData(0, 0, 240, 180).data;
          let changed = 0;
          for (let i = 0; i < now.length; i += 4) if (Math.abs(now[i + 2]! - plain[i + 2]!) > 24) changed++;
          return changed > 20;
        },
        5000,
        'the outline on the page',
      );
    } finally {
      window.Worker = RealWorker;
    }
  });
});
