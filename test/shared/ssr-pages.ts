/**
 * Server-rendered pages for the SSR tests, built with room-elements/ssr (src/ssr/) in Node: the hand-made
 * sample (always there) and project 186997360's ground floor from ../shared/realdata (undefined when that
 * folder is absent). Served to the browser tests by web-test-runner.config.mjs (`/__ssr-page/<name>`) and
 * used as they are by the node tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFileSync as read } from 'node:fs';
import {
  renderExportButton,
  renderGallery,
  renderPlan,
  renderPoster,
  roomSchemaScript,
} from '../../src/ssr/index.ts';
import { readModel } from '../../src/model/read-model.ts';
import { planGeometry } from '../../src/model/plan-geometry.ts';
import { boxPlan, doorComponent } from './fixtures.ts';

/** A room name no page should ever run: it tries to close the island, a tag and an attribute. */
export const HOSTILE = `</script><img src=x onerror="globalThis.__pwned=1">"'&<!--`;

export const REAL_FML_PATH = new URL(
  '../../../shared/realdata/floorplanner/fml-json-v3/project-186997360-amstelveenseweg-1092a.fml.json',
  import.meta.url,
);

/** The real project's FML JSON, or undefined when ../shared/realdata is absent. */
export function realFml(): unknown {
  return existsSync(REAL_FML_PATH) ? JSON.parse(readFileSync(REAL_FML_PATH, 'utf8')) : undefined;
}

/** A 5 m × 4 m room with a door, two areas (one with a hostile name) and a sofa. */
export function sampleModel(): Record<string, unknown> {
  const plan = boxPlan(500, 400);
  plan.points.push([300, 0], [300, 400]);
  plan.areas = {
    area0: { indices: [0, 4, 5, 3], name: 'Living room' },
    area1: { indices: [4, 1, 2, 5], name: HOSTILE },
  };
  return {
    version: 2,
    plan,
    components: [
      doorComponent({ ID: 'door1', parentID: 'wall0', position: [150, 0, 0] }),
      {
        type: 'Component',
        ID: 'sofa1',
        component_id: 'sofa-hash-1',
        category: 'sofas',
        position: [120, 200, 0],
        rotation: [0, 0, 0],
        bounding_box: [
          [-90, -45, 0],
          [90, 45, 80],
        ],
      },
    ],
  };
}

/** The room-styling service the sample rooms come from (absolute, as a page's server knows it). */
export const API_BASE = 'https://rooms.example.com/api';

/** A page of rooms as GET /rooms answers (one with a hostile name). */
export function sampleRooms(): Record<string, unknown>[] {
  return ['Scandinavian living room', 'Blue kitchen', HOSTILE, 'Loft bedroom'].map((name, i) => ({
    id: 700 + i,
    name,
    category: 'Living',
    url: `https://rooms.example.com/rooms/${700 + i}`,
    image_url: `https://rooms.example.com/renders/${700 + i}.jpg`,
    has_panorama: i % 2 === 0,
  }));
}

/** The showcase room: the sample model, its render, and the shop's own names for its products. */
export function showcaseRoom() {
  return {
    id: 900001,
    name: 'Showcase living room',
    url: 'https://rooms.example.com/rooms/900001',
    image_url: 'https://rooms.example.com/renders/900001.jpg',
    has_panorama: true,
    tags: [],
    model: sampleModel(),
  };
}

export const SHOP_PRODUCTS = {
  'sofa-hash-1': { name: `Oslo sofa ${HOSTILE}`, url: 'https://shop.example.com/p/oslo-sofa' },
};

export type PageName = 'plan-sample' | 'plan-real' | 'gallery' | 'viewer' | 'panorama' | 'button';

/** A room-styling answer from the service at `base` (the emulator, in the browser tests). */
async function getJson(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * The element's server HTML for a page (undefined: the real data is absent). `base`: the room-styling
 * service the page's server fetched from (the gallery, viewer and panorama pages).
 */
export async function ssrFragment(name: PageName, base?: string): Promise<string | undefined> {
  if (name === 'gallery' || name === 'viewer' || name === 'panorama') {
    if (!base) throw new Error(`${name}: the service's base URL is needed`);
    if (name === 'gallery') {
      const list = await getJson(`${base}/rooms?limit=4&skip_last_updated=true`);
      const total = typeof list.total === 'number' ? list.total : undefined;
      return renderGallery({ rooms: list.rooms as never, total, apiBase: base, limit: 4, lang: 'en' });
    }
    const room = await getJson(`${base}/rooms/6346838`);
    const tag = name === 'viewer' ? 'room-viewer' : 'room-panorama';
    return renderPoster(tag, {
      room: room as never,
      apiBase: base,
      lang: 'en',
      attributes: { loading: 'lazy' },
    });
  }
  if (name === 'button') return renderExportButton({ projectId: 'abc', lang: 'en' });
  if (name === 'plan-sample') return renderPlan({ model: sampleModel(), roomId: '900001', lang: 'en' });
  const fml = realFml();
  if (!fml) return undefined;
  return renderPlan({ fml, floor: 0, projectId: 186997360, lang: 'en' });
}

/** The showcase room's JSON-LD script. */
export function showcaseSchema(): string {
  const room = showcaseRoom();
  const read = readModel(room.model);
  return roomSchemaScript({
    name: room.name,
    pageUrl: 'https://shop.example.com/rooms/showcase',
    image: room.image_url,
    modelUrl: 'https://rooms.example.com/models/900001.glb',
    model: read.model,
    plan: planGeometry(read.model),
    products: SHOP_PRODUCTS,
  });
}

export const LOADER_CSS = new URL('../../src/loader.css', import.meta.url);

/** Every element of a page, server-rendered, keyed by what the page shows. */
export async function pageBodies(): Promise<Record<string, string>> {
  const room = showcaseRoom();
  return {
    plan: await renderPlan({ model: room.model, roomId: room.id, lang: 'en' }),
    gallery: await renderGallery({ rooms: sampleRooms() as never, apiBase: API_BASE, limit: 4, lang: 'en' }),
    viewer: renderPoster('room-viewer', { room, apiBase: API_BASE, lang: 'en', products: SHOP_PRODUCTS }),
    panorama: renderPoster('room-panorama', { room, apiBase: API_BASE, lang: 'en' }),
    button: await renderExportButton({ projectId: 186997360, tokenEndpoint: '/partner/token', lang: 'en' }),
  };
}

/** A whole page as a shop's server sends it: the element, the loader stylesheet, the room's JSON-LD. */
export function fullPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} – Example shop</title>
<meta name="description" content="${title}: the room, its floor plan and its products, at the Example shop.">
<link rel="canonical" href="https://shop.example.com/rooms/showcase">
<style>${read(LOADER_CSS, 'utf8')}</style>
${showcaseSchema()}
</head><body><main><h1>${title}</h1>${body}<p><a href="https://shop.example.com/rooms">All rooms of the shop</a></p></main></body></html>`;
}
