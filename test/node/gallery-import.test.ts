/**
 * Importing <room-gallery> is safe without a DOM (server-side rendering frameworks import it on the
 * server): nothing at module level touches document, window or customElements.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

describe('room-gallery module without a DOM', () => {
  it('imports and exports the class with its attributes', async () => {
    for (const name of ['document', 'window', 'customElements', 'location']) {
      assert.equal(typeof (globalThis as Record<string, unknown>)[name], 'undefined', name);
    }
    const module = await import('../../src/elements/room-gallery/room-gallery.ts');
    assert.equal(typeof module.RoomGallery, 'function');
    const attributes = module.RoomGallery.observedAttributes;
    for (const name of ['style', 'room-style', 'lang', 'user-id', 'api-base', 'link-target', 'skip-total']) {
      assert.ok(attributes.includes(name), name);
    }
  });
});
