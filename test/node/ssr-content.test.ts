/**
 * room-elements/ssr (src/ssr/): the elements rendered in Node with the room's data. The plan's SVG is in
 * the HTML (project 186997360's ground floor within 40 KB gzip; the hand-made sample always), the
 * gallery's cards are links, the posters and the room's description are there, the JSON-LD parses and
 * speaks only schema.org, and hostile room names stay text everywhere. What the browser does with it is
 * test/browser/ssr-content.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { renderGallery, renderPlan, renderPoster, roomSchema } from '../../src/ssr/index.ts';
import { readModel } from '../../src/model/read-model.ts';
import { planGeometry } from '../../src/model/plan-geometry.ts';
import {
  API_BASE,
  HOSTILE,
  pageBodies,
  realFml,
  REAL_FML_PATH,
  sampleModel,
  sampleRooms,
  SHOP_PRODUCTS,
  showcaseRoom,
  showcaseSchema,
} from '../shared/ssr-pages.ts';

const svgOf = (html: string) => html.slice(html.indexOf('<svg'), html.indexOf('</svg>') + 6);

/** The HTML as a browser would see it with markup stripped from text: no hostile tag or attribute got in. */
function assertNoInjection(html: string) {
  assert.doesNotMatch(html, /<img src=x/i, 'the hostile <img> stayed text');
  assert.doesNotMatch(html, /onerror="globalThis/, 'no hostile attribute');
  // every <script> in the output is one of ours: JSON islands and JSON-LD, each parsing whole
  for (const match of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    assert.match(match[1]!, /type="application\/(ld\+)?json"/);
    assert.doesNotThrow(() => JSON.parse(match[2]!), 'a script body parses as JSON');
  }
}

test('the hand-made plan: its SVG (walls, opening, areas with names and m², dimensions) is in the HTML', async () => {
  const html = await renderPlan({ model: sampleModel(), roomId: '900001', lang: 'en' });
  const svg = svgOf(html);
  assert.match(html, /^(<!--[^>]*-->)*<room-plan\b/);
  assert.match(html, /<template shadowroot="open" shadowrootmode="open">/);
  assert.match(svg, /part="wall"/);
  assert.match(svg, /part="opening door"|part="door|part="opening/);
  assert.match(svg, /Living room/);
  assert.match(svg, /m²/);
  assert.match(svg, /part="dimension"/);
  // the island the browser hydrates from
  assert.match(html, /<script type="application\/json" data-room-plan>/);
  assertNoInjection(html);
  assert.ok(html.includes('&lt;/script&gt;&lt;img src=x'), 'the hostile area name is in the SVG as text');
});

test('project 186997360: its ground floor plan is in the HTML, within 40 KB gzip', async (t) => {
  const fml = realFml();
  if (!fml)
    return t.skip(`${REAL_FML_PATH.pathname} is absent (../shared/realdata): the real project is not tested`);
  const html = await renderPlan({ fml, floor: 0, projectId: 186997360, lang: 'en' });
  const svg = svgOf(html);
  assert.match(svg, /part="wall"/);
  assert.ok((svg.match(/part="area/g) ?? []).length >= 5, 'its areas');
  assert.match(svg, /m²/);
  const gzip = gzipSync(svg).length;
  console.log(
    `# project 186997360 ground floor: SVG ${svg.length} B, ${gzip} B gzip; whole element ${gzipSync(html).length} B gzip`,
  );
  assert.ok(gzip <= 40 * 1024, `SVG ${gzip} B gzip`);
});

test('the gallery: every card is a link with its picture and name; a hostile name is text', async () => {
  const html = await renderGallery({ rooms: sampleRooms() as never, apiBase: API_BASE, limit: 4 });
  const links = [...html.matchAll(/<a\b[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a\s*>/g)];
  assert.equal(links.length, 4);
  for (const [i, link] of links.entries()) {
    assert.equal(link[1], `https://rooms.example.com/rooms/${700 + i}`);
    assert.match(link[2]!, /<img\b[^>]*src="https:\/\/rooms\.example\.com\/renders\/\d+\.jpg"[^>]*alt=""/);
    assert.match(link[2]!, /part="name"/);
  }
  assert.match(html, /Scandinavian living room/);
  assert.match(html, /<room-gallery[^>]* data-ssr/);
  assertNoInjection(html);
});

test('an unsafe room URL gives no link and no image', async () => {
  const rooms = [
    {
      id: 1,
      name: 'x',
      url: 'javascript:alert(1)',
      image_url: 'data:image/png;base64,AA',
      has_panorama: false,
    },
  ];
  const html = await renderGallery({ rooms: rooms as never, apiBase: API_BASE });
  // the island keeps the service's answer as data (the element checks its URLs itself): the markup has none
  const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, '');
  assert.ok(!/javascript:|data:image/.test(markup), 'no unsafe URL in the markup');
  assert.match(markup, /<button part="card"/, 'the card is a button, not a link');
});

test('the viewer and the panorama: the poster and the room described (products with the shop’s names and links)', async () => {
  const room = showcaseRoom();
  for (const tag of ['room-viewer', 'room-panorama'] as const) {
    const html = renderPoster(tag, {
      room: { ...room, name: HOSTILE },
      apiBase: API_BASE,
      products: SHOP_PRODUCTS,
    });
    assert.match(html, new RegExp(`^<${tag} room-id="900001"`));
    assert.match(html, /<img part="poster"[^>]*src="https:\/\/rooms\.example\.com\/renders\/900001\.jpg"/);
    assert.match(html, /<li><a href="https:\/\/shop\.example\.com\/p\/oslo-sofa">Oslo sofa/);
    assertNoInjection(html);
  }
});

test('every element of a page renders (the export button with its button)', async () => {
  const bodies = await pageBodies();
  assert.match(bodies.button!, /<button[^>]*part="button"[\s\S]*Export plan/);
  for (const body of Object.values(bodies)) assertNoInjection(body);
});

/**
 * The schema.org terms this JSON-LD may use, from the vocabulary's pages (schema.org/<Type>, version
 * 29): each type with the properties it has there (its own and inherited ones used here).
 */
const VOCABULARY: Record<string, string[]> = {
  ImageObject: ['contentUrl', 'url', 'name', 'caption', 'mentions'],
  '3DModel': ['name', 'image', 'encoding', 'mentions'],
  MediaObject: ['contentUrl', 'encodingFormat'],
  FloorPlan: ['name', 'numberOfRooms', 'floorSize'],
  QuantitativeValue: ['value', 'unitCode', 'unitText'],
  Product: ['name', 'url', 'image', 'sku', 'productID', 'category'],
};

function checkNode(node: unknown, path: string): void {
  if (Array.isArray(node)) return node.forEach((n, i) => checkNode(n, `${path}[${i}]`));
  if (!node || typeof node !== 'object') return;
  const { '@type': type, '@id': _id, ...rest } = node as Record<string, unknown>;
  if (type === undefined) {
    assert.deepEqual(Object.keys(rest), [], `${path}: a reference holds only @id`);
    return;
  }
  const allowed = VOCABULARY[type as string];
  assert.ok(allowed, `${path}: ${String(type)} is a schema.org type used here`);
  for (const [key, value] of Object.entries(rest)) {
    assert.ok(allowed.includes(key), `${path}: ${key} is a property of ${String(type)}`);
    checkNode(value, `${path}.${key}`);
  }
}

test('the showcase room’s JSON-LD parses, uses only schema.org types and properties, lists its products', () => {
  const script = showcaseSchema();
  const body = script.replace(/^<script type="application\/ld\+json">/, '').replace(/<\/script>$/, '');
  assert.ok(!body.includes('</script'), 'no hostile name closes the script');
  const data = JSON.parse(body) as { '@context': string; '@graph': Record<string, unknown>[] };
  assert.equal(data['@context'], 'https://schema.org');
  data['@graph'].forEach((node, i) => checkNode(node, `@graph[${i}]`));
  const types = data['@graph'].map((n) => n['@type']);
  assert.deepEqual(types, ['ImageObject', '3DModel', 'FloorPlan', 'Product']);
  const product = data['@graph'][3]!;
  assert.equal(product.name, SHOP_PRODUCTS['sofa-hash-1'].name, 'the shop’s name, hostile text kept as data');
  assert.equal(product.url, 'https://shop.example.com/p/oslo-sofa');
  const plan = data['@graph'][2]!;
  assert.deepEqual(plan.floorSize, {
    '@type': 'QuantitativeValue',
    value: 20,
    unitCode: 'MTK',
    unitText: 'm²',
  });
  assert.deepEqual(data['@graph'][0]!.mentions, [{ '@id': product['@id'] }]);
});

test('JSON-LD without a page name or a safe URL: products named by category, unsafe URLs left out', () => {
  const read = readModel(sampleModel());
  const data = roomSchema({
    image: 'javascript:alert(1)',
    model: read.model,
    plan: planGeometry(read.model),
    products: { 'sofa-hash-1': { name: ' ', url: 'javascript:alert(1)' } },
  }) as { '@graph': Record<string, unknown>[] };
  assert.deepEqual(
    data['@graph'].map((n) => n['@type']),
    ['FloorPlan', 'Product'],
  );
  assert.equal(data['@graph'][1]!.name, 'sofas');
  assert.equal(data['@graph'][1]!.url, undefined);
});

test('data that cannot be drawn renders the empty element, never a throw', async () => {
  for (const bad of [
    { model: 'garbage' },
    { model: { plan: { walls: 5 } } },
    { fml: '<not fml' },
    { fml: 42 },
    {},
  ]) {
    const html = await renderPlan({ ...bad, roomId: '1' });
    assert.match(html, /<room-plan\b[^>]*room-id="1"/);
    assert.doesNotMatch(html, /<svg/, 'no plan drawn');
    assert.doesNotMatch(html, /data-room-plan/, 'no island: the browser loads the room itself');
  }
});
