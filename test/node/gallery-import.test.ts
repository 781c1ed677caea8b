/** Importing <room-gallery> is safe without a DOM (server-side rendering frameworks import it on the server). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

describe('room-gallery module without a DOM', () => {
  it('imports, exports the class and registers nothing', async () => {
    assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined');
    const module = await import('../../src/elements/room-gallery/room-gallery.ts');
    assert.equal(typeof module.RoomGallery, 'function');
    assert.ok(module.RoomGallery.observedAttributes.includes('style'));
    assert.ok(module.RoomGallery.observedAttributes.includes('user-id'));
  });
});
