import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, mountLoaded, until } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { boxRoom, makeViewer } from './room-viewer-fixtures.ts';
import { THREADS } from './helpers/threads.ts';

// A visitor's first drag comes before the camera's controls: in the render worker they are a later stage
// (a second after the first frame, or at the first input), and a quick swipe can end before they arrive.
// The drag is handed to them when they come, whole: it turns the camera. This file is the first in its
// page to load the controls (src/three/controls.ts), which the test server answers late once, so the
// swipe really ends before they are there.

async function swipe(viewer: RoomViewer): Promise<void> {
  const rect = viewer.getBoundingClientRect();
  const cx = Math.round(rect.left + rect.width / 2);
  const cy = Math.round(rect.top + rect.height / 2);
  await sendMouse({ type: 'move', position: [cx, cy] });
  await sendMouse({ type: 'down', button: 'left' });
  await sendMouse({ type: 'move', position: [cx + 40, cy + 5] });
  await sendMouse({ type: 'move', position: [cx + 80, cy + 10] });
  await sendMouse({ type: 'up', button: 'left' });
}

for (const renderer of THREADS)
  describe(`<room-viewer> a drag before the controls came (${renderer} thread)`, function () {
    this.timeout(30000);
    before(function () {
      requireWebGL(this);
    });
    afterEach(cleanup);

    it('turns the camera once they are there, though the drag ended before', async () => {
      const slow = await fetch('/__slow-once?path=three/controls.ts&ms=1500', { method: 'POST' });
      expect(slow.status).to.equal(204);
      const viewer = makeViewer({ loading: 'eager', camera: 'orbit', renderer, poster: '' }, [320, 240]);
      viewer.model = boxRoom({ components: 4 });
      await mountLoaded(viewer);
      expect(viewer.renderThread).to.equal(renderer);
      const changes: unknown[] = [];
      viewer.addEventListener('camera-change', (e) => changes.push((e as CustomEvent).detail));
      const started = performance.now();
      await swipe(viewer);
      const swiped = performance.now() - started;
      await until(() => changes.length > 0, 15000, 'camera-change from the early drag');
      console.log(
        `early drag (${renderer}): swipe took ${swiped.toFixed(0)} ms, ${changes.length} camera-change`,
      );
    });
  });
