import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

describe('<room-viewer> without a DOM', () => {
  it('imports on a server (no document, no customElements) without throwing or registering', async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    const module = await import('../../src/elements/room-viewer/room-viewer.ts');
    assert.equal(typeof module.RoomViewer, 'function');
  });
});
