/**
 * room-elements/ssr on a fetch-only edge runtime: the SSR entry bundled for a Cloudflare Worker with no
 * Node built-in (esbuild, platform `neutral`: an import of one fails the bundle), run in Cloudflare's own
 * runtime `workerd` (the npm package, its Linux binary from @cloudflare/workerd-linux-64), and asked over
 * HTTP on 127.0.0.1 to render what Node renders here: the output is byte for byte the same.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { renderKind, type EdgeKind } from '../edge/ssr-worker.ts';
import {
  API_BASE,
  realFml,
  sampleModel,
  sampleRooms,
  SHOP_PRODUCTS,
  showcaseRoom,
} from '../shared/ssr-pages.ts';

const dir = mkdtempSync(join(tmpdir(), 'room-ssr-edge-'));
let workerd: ChildProcess | undefined;
let origin = '';
let log = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

before(async () => {
  const result = await build({
    entryPoints: ['test/edge/ssr-worker.ts'],
    bundle: true,
    format: 'esm',
    // no Node built-in is known to the bundle: importing one (node:fs, node:stream...) fails here
    platform: 'neutral',
    conditions: ['node', 'import', 'module', 'default'],
    mainFields: ['module', 'main'],
    outfile: join(dir, 'ssr-worker.js'),
    target: 'es2022',
    logLevel: 'silent',
    metafile: true,
  });
  const builtins = Object.keys(result.metafile.inputs).filter((p) => p.startsWith('node:'));
  assert.deepEqual(builtins, [], 'no Node built-in in the bundle');
  const port = await freePort();
  writeFileSync(
    join(dir, 'config.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .ssrWorker) ],
  sockets = [ ( name = "http", address = "127.0.0.1:${port}", http = (), service = "main" ) ]
);
const ssrWorker :Workerd.Worker = (
  modules = [ (name = "worker", esModule = embed "ssr-worker.js") ],
  compatibilityDate = "2024-09-23",
);
`,
  );
  workerd = spawn('node_modules/.bin/workerd', ['serve', join(dir, 'config.capnp')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workerd.stdout!.on('data', (d) => (log += d));
  workerd.stderr!.on('data', (d) => (log += d));
  origin = `http://127.0.0.1:${port}`;
  const start = Date.now();
  for (;;) {
    try {
      if ((await fetch(origin)).status === 405) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - start > 30_000) throw new Error(`workerd did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
});

after(() => {
  workerd?.kill();
  rmSync(dir, { recursive: true, force: true });
});

async function edge(kind: EdgeKind, options: Record<string, unknown>): Promise<string> {
  const response = await fetch(origin, { method: 'POST', body: JSON.stringify({ kind, options }) });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return text;
}

const room = showcaseRoom();
const CASES: [string, EdgeKind, () => Record<string, unknown> | undefined][] = [
  ['the hand-made plan', 'plan', () => ({ model: sampleModel(), roomId: '900001', lang: 'en' })],
  [
    'project 186997360, ground floor',
    'plan',
    () => {
      const fml = realFml();
      return fml ? { fml, floor: 0, projectId: 186997360, lang: 'en' } : undefined;
    },
  ],
  ['the gallery', 'gallery', () => ({ rooms: sampleRooms(), apiBase: API_BASE, limit: 4, lang: 'en' })],
  ['the viewer poster', 'viewer', () => ({ room, apiBase: API_BASE, products: SHOP_PRODUCTS })],
  ['the panorama poster', 'panorama', () => ({ room, apiBase: API_BASE })],
  ['the export button', 'button', () => ({ projectId: 186997360, tokenEndpoint: '/partner/token' })],
  [
    'the JSON-LD',
    'schema',
    () => ({ name: room.name, image: room.image_url, model: room.model, products: SHOP_PRODUCTS }),
  ],
];

for (const [name, kind, options] of CASES) {
  test(`${name}: workerd renders byte for byte what Node renders`, async (t) => {
    const given = options();
    if (!given) return t.skip('../shared/realdata is absent: the real project is not rendered');
    // through JSON both ways, as the edge handler gets it
    const input = JSON.parse(JSON.stringify(given)) as Record<string, unknown>;
    const [node, worker] = [await renderKind(kind, input), await edge(kind, input)];
    assert.ok(node.length > 200, 'something was rendered');
    assert.equal(worker.length, node.length);
    assert.ok(worker === node, 'byte-identical');
  });
}
