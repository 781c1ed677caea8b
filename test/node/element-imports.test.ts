/**
 * Importing the elements on a server (Node: no document). lit's Node build brings its own small
 * custom-element registry (for server-side rendering), so importing a module does register its tag
 * there: these tests check that each module registers exactly its own tag (and nothing it does not
 * need), that src/index.ts registers all five, and that a second copy of an element warns instead of
 * throwing. Each file runs in its own process, so the registry starts empty.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ELEMENT_TAGS } from '../shared/element-tags.ts';

const TAGS = ELEMENT_TAGS;
const registry = () => (globalThis as { customElements?: CustomElementRegistry }).customElements;
const registered = () => TAGS.filter((tag) => registry()?.get(tag) !== undefined);

describe('importing the elements on a server', () => {
  it('starts with no document and nothing registered', () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    assert.deepEqual(registered(), []);
  });

  it('<room-viewer> registers itself and only itself', async () => {
    const module = await import('../../src/elements/room-viewer/room-viewer.ts');
    assert.equal(registry()!.get('room-viewer'), module.RoomViewer);
    assert.deepEqual(registered(), ['room-viewer']);
  });

  it('<room-plan> registers itself', async () => {
    const module = await import('../../src/elements/room-plan/room-plan.ts');
    assert.equal(registry()!.get('room-plan'), module.RoomPlan);
    assert.deepEqual(registered(), ['room-viewer', 'room-plan']);
  });

  it('<project-export-button> registers itself', async () => {
    const module = await import('../../src/elements/project-export-button/project-export-button.ts');
    assert.equal(registry()!.get('project-export-button'), module.ProjectExportButton);
    assert.deepEqual(registered(), ['room-viewer', 'room-plan', 'project-export-button']);
  });

  it('src/index.ts registers all five and exports their classes and the error types', async () => {
    const index = await import('../../src/index.ts');
    assert.deepEqual(registered(), TAGS);
    assert.equal(registry()!.get('room-gallery'), index.RoomGallery);
    assert.equal(registry()!.get('room-panorama'), index.RoomPanorama);
    assert.equal(registry()!.get('room-viewer'), index.RoomViewer);
    assert.equal(typeof index.ElementError, 'function');
    assert.equal(index.classifyFailure(new index.ApiError('gone', 404, 'u', 'http')), 'not-found');
  });

  it('a second copy of an element (another bundle on the page) warns instead of throwing', async (t) => {
    const { defineElement } = await import('../../src/internal/define.ts');
    const { RoomPlan } = await import('../../src/elements/room-plan/room-plan.ts');
    const warn = t.mock.method(console, 'warn', () => undefined);
    defineElement('room-plan', class SecondCopy extends RoomPlan {});
    assert.equal(warn.mock.callCount(), 1);
    assert.match(String(warn.mock.calls[0]!.arguments[0]), /<room-plan> is already defined/);
    assert.equal(registry()!.get('room-plan'), RoomPlan);
  });
});
