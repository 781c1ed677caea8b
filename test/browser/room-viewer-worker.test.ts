import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, mountLoaded, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

function viewer(attributes: Record<string, string> = {}): RoomViewer {
  const el = document.createElement('room-viewer');
  el.style.width = '240px';
  el.style.height = '180px';
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

describe('<room-viewer renderer="worker">', function () {
  this.timeout(30000);
  beforeEach(function () {
    requireWebGL(this);
  });
  afterEach(cleanup);

  it('draws the room in the render worker', async () => {
    const el = viewer({ renderer: 'worker', loading: 'eager' });
    el.model = boxRoom({ components: 4 }) as never;
    await mountLoaded(el);
    expect(el.renderThread).to.equal('worker');
    const layer = el.shadowRoot!.querySelector('canvas.worker-canvas') as HTMLCanvasElement;
    const copy = document.createElement('canvas');
    copy.width = 240;
    copy.height = 180;
    const ctx = copy.getContext('2d')!;
    ctx.drawImage(layer, 0, 0);
    const data = ctx.getImageData(0, 0, 240, 180).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    console.log('painted', n, layer.width, layer.height);
  });
});
