/** Importing <room-panorama> is safe without a DOM (server-side rendering frameworks import it on the server). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';

describe('<room-panorama> without a DOM', () => {
  it('imports on a server (no document, no customElements) and exports the class and its error type', async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    assert.equal(typeof (globalThis as { customElements?: unknown }).customElements, 'undefined');
    const module = await import('../../src/elements/room-panorama/room-panorama.ts');
    const { ElementError } = await import('../../src/internal/element-error.ts');
    assert.equal(typeof module.RoomPanorama, 'function');
    // the navbar converter is the shared one: `off` turns it off as `controls="off"` does on the viewer
    assert.ok(module.RoomPanorama.observedAttributes.includes('navbar'));
    assert.ok(module.RoomPanorama.observedAttributes.includes('lang'));
    const error = new module.PanoramaError('no WebGL 2', 'no-webgl');
    assert.ok(error instanceof ElementError, 'pages that test instanceof ElementError see it');
    assert.equal(error.reason, 'no-webgl');
    assert.equal(error.kind, 'refused');
  });
});
