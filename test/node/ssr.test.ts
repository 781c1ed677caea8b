/**
 * Server rendering: every element renders under @lit-labs/ssr in Node (no DOM, no document) without
 * throwing, to declarative shadow DOM a browser can show before any script runs. Hydration in a
 * browser is test/browser/ssr-hydrate.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderElement, TAGS, type Tag } from '../shared/ssr-render.ts';

const ATTRIBUTES: Record<Tag, Record<string, string>> = {
  'room-gallery': { limit: '6', filters: '', paging: 'more' },
  'room-panorama': { 'room-id': '6346838', loading: 'eager' },
  'room-viewer': { 'room-id': '6346838', 'auto-rotate': '', measure: '', cutaway: '' },
  'room-plan': { 'room-id': '6346838', lang: 'nl', units: 'imperial', measure: '' },
  'project-export-button': { 'project-id': '186997360', 'token-endpoint': '/partner/token' },
};

test('the server has no document: the test really renders without one', () => {
  assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
});

for (const tag of TAGS) {
  test(`<${tag}> renders on the server to declarative shadow DOM`, async () => {
    const out = await renderElement(tag, ATTRIBUTES[tag]);
    assert.match(out, new RegExp(`^(<!--lit-part [^>]*-->)+<${tag}\\b`));
    assert.match(out, /<template shadowroot="open" shadowrootmode="open"/);
    // the element's own styles travel with it (no flash of unstyled content before hydration)
    assert.match(out, /<style>[^<]*:host/);
    for (const [name, value] of Object.entries(ATTRIBUTES[tag])) {
      assert.ok(out.includes(value ? `${name}="${value}"` : ` ${name}`), `${tag} keeps ${name}`);
    }
    assert.match(out, new RegExp(`</template></${tag}>(<!--/lit-part-->|<\\?>)+$`), `${tag} closes`);
  });
}
