/**
 * The loader's head start (src/cdn/head-start.ts) on its Node-testable side: the URLs it builds are the
 * ones the elements ask (else its answers would never be taken), and the store of early answers
 * (src/api/head-start.ts) is bounded, taken once, and read by http.ts instead of asking again, over
 * real HTTP on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { configure, resetConfig } from '../../src/config.ts';
import { clearEarly, earlyCount, MAX_EARLY, startEarly, takeEarly } from '../../src/api/head-start.ts';
import { request } from '../../src/api/http.ts';
import { listRoomsUrl } from '../../src/api/room-styling/list-urls.ts';
import type { IndexRoomsParams } from '../../src/api/room-styling/params.ts';
import { buildGalleryRequest, type GalleryFilters } from '../../src/elements/room-gallery/query.ts';
import { firstPageUrl, plainListUrl } from '../../src/elements/room-gallery/first-page.ts';
import { serviceRoot } from '../../src/elements/room-gallery/service-root.ts';
import { getRoomRender, roomRenderUrl } from '../../src/api/room-styling/room-render.ts';

/** An element as the loader sees it before its code: attributes only. */
const tag = (attributes: Record<string, string>) => ({
  getAttribute: (name: string) => attributes[name] ?? null,
  hasAttribute: (name: string) => name in attributes,
});

const sorted = (url: string) => {
  const parsed = new URL(url);
  parsed.searchParams.sort();
  return parsed.href;
};

/** What the gallery element asks for its first page with these attributes (room-gallery.ts, service.ts). */
function elementUrl(attributes: Record<string, string>): string {
  const filters: GalleryFilters = {
    source: attributes.source,
    limit:
      attributes.limit === undefined || attributes.limit.trim() === '' ? undefined : Number(attributes.limit),
    whitelabel: attributes.whitelabel,
    skipTotal: 'skip-total' in attributes,
  };
  const request = buildGalleryRequest(filters, Number(attributes.page ?? 1));
  assert.equal(request.operation, 'listRooms');
  const service = {
    base: attributes['api-base'] || undefined,
    whitelabel: attributes.whitelabel || undefined,
  };
  return listRoomsUrl({ ...service, base: serviceRoot(service) }, request.params as never);
}

test("the gallery's first URL from its attributes is the one the element asks (query order aside)", () => {
  configure({ apiBase: 'http://127.0.0.1:9/room-styling' });
  try {
    const cases: Record<string, string>[] = [
      {},
      { limit: '12' },
      { limit: '6', page: '3' },
      { limit: '99' },
      { limit: 'x' },
      { limit: '' },
      { 'skip-total': '' },
      { whitelabel: 'acme' },
      { source: 'rooms', 'api-base': 'http://127.0.0.1:9/other/' },
      { page: '0' },
    ];
    for (const attributes of cases) {
      assert.equal(
        sorted(firstPageUrl(tag(attributes) as Element)!),
        sorted(elementUrl(attributes)),
        JSON.stringify(attributes),
      );
    }
    configure({ whitelabel: 'configured' });
    assert.equal(sorted(firstPageUrl(tag({}) as Element)!), sorted(elementUrl({})));
    assert.match(firstPageUrl(tag({}) as Element)!, /whitelabel=configured/);
  } finally {
    resetConfig();
  }
});

test("the CDN gallery finds the loader's answer under the URL its client would ask (plainListUrl, query order aside)", () => {
  // gallery-list.cdn.ts builds the first page's URL without the client's parameter builders (params.ts)
  const check = (filters: GalleryFilters, page: number, service: { base?: string; whitelabel?: string }) => {
    const request = buildGalleryRequest(filters, page);
    assert.equal(request.operation, 'listRooms');
    const params = request.params as IndexRoomsParams;
    assert.equal(
      sorted(plainListUrl(service, params)),
      sorted(listRoomsUrl({ ...service, base: serviceRoot(service) }, params)),
      JSON.stringify([filters, page, service]),
    );
  };
  configure({ apiBase: 'http://127.0.0.1:9/room-styling' });
  try {
    for (const page of [1, 2, 7]) {
      check({}, page, {});
      check({ limit: 6, skipTotal: true }, page, {});
      check({ limit: 80 }, page, { base: 'http://127.0.0.1:9/other/' });
      check({ whitelabel: ' acme ' }, page, { whitelabel: ' acme ' });
    }
    configure({ whitelabel: 'configured' });
    check({}, 1, {});
    check({ whitelabel: 'own' }, 2, { whitelabel: 'own' });
  } finally {
    resetConfig();
  }
});

test('the gallery head start leaves alone what it does not write out (filters, other sources, history)', () => {
  for (const attributes of <Record<string, string>[]>[
    { category: 'kitchen' },
    { source: 'search' },
    { history: '' },
    { order: 'created' },
  ]) {
    assert.equal(firstPageUrl(tag(attributes) as Element), undefined, JSON.stringify(attributes));
  }
});

let server: Server;
let origin = '';
const hits = new Map<string, number>();
before(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ id: 7, image_url: 'images/7.png', hq_image_url: 'images/7-hq.png' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  clearEarly();
  server.close();
});

test("an answer started early is the element's: one request reaches the service, and it is taken once", async () => {
  hits.clear();
  const base = `${origin}/api`;
  const url = roomRenderUrl({ base }, '7');
  assert.ok(startEarly(url));
  assert.equal(startEarly(url), undefined, 'asked once');
  assert.equal(earlyCount(), 1);
  const render = await getRoomRender({ base }, '7');
  assert.deepEqual(render, { image: `${origin}/images/7.png`, hq: `${origin}/images/7-hq.png` });
  assert.equal(hits.get('/api/rooms/7?skip_model=true'), 1, 'the element took the early answer');
  assert.equal(earlyCount(), 0);
  await getRoomRender({ base }, '7');
  assert.equal(hits.get('/api/rooms/7?skip_model=true'), 2, 'the next call asks again');
});

test('the early answer is matched whatever the order of its parameters; a call with its own headers asks itself', async () => {
  hits.clear();
  startEarly(`${origin}/list?b=2&a=1`);
  await request(`${origin}/list?a=1&b=2`);
  assert.equal(hits.get('/list?b=2&a=1'), 1);
  assert.equal(hits.get('/list?a=1&b=2'), undefined);
  startEarly(`${origin}/own`);
  await request(`${origin}/own`, { headers: { 'X-Own': '1' } });
  assert.equal(hits.get('/own'), 2, 'not taken: the early request did not carry the header');
  clearEarly();
});

test('the store is bounded, and an aborted call lets the early answer go', async () => {
  for (let i = 0; i < MAX_EARLY + 3; i++) startEarly(`${origin}/many/${i}`);
  assert.equal(earlyCount(), MAX_EARLY);
  clearEarly();
  assert.equal(earlyCount(), 0);
  startEarly(`${origin}/abort`);
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(request(`${origin}/abort`, { signal: controller.signal }), { kind: 'abort' });
  assert.ok(takeEarly(`${origin}/abort`), 'an already-aborted call takes nothing');
  clearEarly();
});
