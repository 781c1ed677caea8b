// Browser tests in real headless Chromium. The emulator and the partner back end are mounted in the
// test server itself, so pages and services share one origin (as in the demo).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { getRequestListener } from '@hono/node-server';
import { plainSummaryReporter } from './scripts/plain-summary-reporter.mjs';
import { findChromium, CHROMIUM_ARGS, HOW_TO_GET_CHROMIUM } from './scripts/chromium.mjs';
import { createDemoServer } from './server/demo-server.ts';
import { testOriginsMiddleware } from './test/browser/helpers/test-origins.mjs';
import { wheelPlugin } from './test/browser/helpers/wheel-plugin.mjs';
import { memoryPlugin } from './test/browser/helpers/memory-plugin.mjs';
import { cachePlugin } from './test/browser/helpers/cache-plugin.mjs';
import { screenshotPlugin } from './test/browser/helpers/screenshot-plugin.mjs';
import { cpuPlugin } from './test/browser/helpers/cpu-plugin.mjs';
// AR: the partner's upload route with a short expiry and https URLs (room-viewer-ar-*.test.ts)
import { arPartnerMiddleware } from './test/browser/helpers/ar-partner.mjs';
// the render worker's three.js as its build trims it (worker-trims.test.ts)
import { workerThreePlugin } from './test/browser/helpers/worker-three-plugin.mjs';

const executablePath = findChromium();
if (!executablePath) {
  console.error(HOW_TO_GET_CHROMIUM);
  process.exit(1);
}

const server = createDemoServer({ rooms: 500 });
const listener = getRequestListener(server.app.fetch);
const SERVICE_PATHS = /^\/(room-styling|planning|partner|emulator)(\/|$)/;

/** Hands service paths to the emulator (Koa middleware; the emulator answers on the raw response). */
const emulatorMiddleware = async (ctx, next) => {
  if (!SERVICE_PATHS.test(ctx.path)) return next();
  ctx.respond = false;
  await listener(ctx.req, ctx.res);
};

/**
 * `/__ssr/<tag>?name=value…`: the element rendered by @lit-labs/ssr in this Node process, as a
 * framework's server would (test/shared/ssr-render.ts), for the hydration test. Loaded on first use:
 * it registers the elements with Lit's server-side registry.
 */
const ssrMiddleware = async (ctx, next) => {
  if (ctx.path.startsWith('/__ssr-page/')) {
    // a page's element rendered with its data by room-elements/ssr (test/shared/ssr-pages.ts); 404 without realdata
    const { ssrFragment } = await import('./test/shared/ssr-pages.ts');
    const body = await ssrFragment(ctx.path.slice('/__ssr-page/'.length), ctx.query.base);
    ctx.type = 'text/html';
    ctx.status = body === undefined ? 404 : 200;
    ctx.body = body ?? '';
    return;
  }
  if (!ctx.path.startsWith('/__ssr/')) return next();
  const { renderElement } = await import('./test/shared/ssr-render.ts');
  ctx.type = 'text/html';
  ctx.body = await renderElement(ctx.path.slice('/__ssr/'.length), Object.fromEntries(ctx.URL.searchParams));
};

/**
 * For the CDN loader's retry test. `/__cdn/<run>/...` serves dist/cdn/... under URLs no other test
 * used (a browser keeps a module that loaded, or failed, under its URL, even across frames), and
 * `POST /__fail-once?path=<part>` makes the next request whose path contains `<part>` answer 503 (a
 * CDN hiccup); the requests after it pass. `POST /__tamper?path=<part>` serves the files of such a
 * copy whose path contains `<part>` changed (for the integrity test); `GET /__tamper-ran` lists those whose
 * changed code ran.
 */
const failOnce = new Set();
/** `POST /__tamper?path=<part>`: every later request whose path contains `<part>` gets the file with a byte changed. */
const tampered = new Set();
/** The paths of changed files whose code ran (each reports itself, see below). */
const ran = [];
const CDN_COPY = /^\/__cdn\/[\w-]+\//;
// the CDN loader's order (issue 33): `POST /__slow-once?path=<part>&ms=<n>` answers the next request whose
// path contains `<part>` n ms late (an element's chunk that arrives after another's)
const slowOnce = new Map();
const cdnTestMiddleware = async (ctx, next) => {
  if (ctx.path === '/__slow-once') {
    if (ctx.query.path) slowOnce.set(String(ctx.query.path), Math.min(Number(ctx.query.ms) || 0, 5000));
    ctx.status = ctx.query.path ? 204 : 400;
    return;
  }
  for (const [part, ms] of slowOnce) {
    if (!ctx.path.includes(part)) continue;
    slowOnce.delete(part);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
  if (ctx.path === '/__tamper-ran') {
    if (ctx.method === 'POST') ran.push(String(ctx.query.path));
    ctx.set('access-control-allow-origin', '*');
    ctx.body = ctx.method === 'POST' ? '' : ran;
    return;
  }
  if (ctx.path === '/__fail-once' || ctx.path === '/__tamper') {
    if (ctx.query.path) (ctx.path === '/__tamper' ? tampered : failOnce).add(String(ctx.query.path));
    ctx.status = ctx.query.path ? 204 : 400;
    return;
  }
  for (const part of failOnce) {
    if (ctx.path.includes(part)) {
      failOnce.delete(part);
      ctx.status = 503;
      ctx.body = 'failure injected by the test';
      return;
    }
  }
  const copy = CDN_COPY.exec(ctx.path);
  if (!copy) return next();
  // the file's bytes as a CDN serves them (the dev server's own transforms would break their
  // integrity), changed on the way when asked: what a compromised CDN or a proxy would serve
  const file = ctx.path.replace(copy[0], 'dist/cdn/');
  if (!existsSync(file)) return next();
  ctx.type = file.endsWith('.js') ? 'text/javascript' : 'application/json';
  ctx.set('access-control-allow-origin', '*');
  const bytes = readFileSync(file);
  const changed = [...tampered].some((part) => ctx.path.includes(part));
  // the change reports itself when it runs (`GET /__tamper-ran`), as a hostile script would phone home
  const report = `\n/* changed on the way */\n;try{fetch(${JSON.stringify(`${ctx.origin}/__tamper-ran?path=${ctx.path}`)},{method:'POST',mode:'no-cors'})}catch{}\n`;
  ctx.body = changed ? Buffer.concat([bytes, Buffer.from(report)]) : bytes;
};

/**
 * One group per element (`npm run test:browser -- --group room-plan`): a test file belongs to the
 * element its name starts with (room-plan.test.ts, room-plan-csp.test.ts...), other files to the word
 * before their first dash (internal-*.test.ts: `internal`, cdn-*.test.ts: `cdn`). Without --group every
 * group runs, each file once.
 */
const TEST_DIR = 'test/browser';
const ELEMENT_TAGS = ['room-gallery', 'room-panorama', 'room-viewer', 'room-plan', 'project-export-button'];
function testGroups() {
  const groups = new Map();
  const files = readdirSync(TEST_DIR, { recursive: true }).filter((path) => path.endsWith('.test.ts'));
  for (const path of files.sort()) {
    const file = path.split('/').pop();
    const name =
      ELEMENT_TAGS.find((tag) => file.startsWith(`${tag}.`) || file.startsWith(`${tag}-`)) ??
      file.split(/[-.]/)[0];
    groups.set(name, [...(groups.get(name) ?? []), `${TEST_DIR}/${path}`]);
  }
  return [...groups].map(([name, files]) => ({ name, files }));
}

/**
 * `WTR_SHARD=i/n` (scripts/test.mjs runs the shards side by side, each its own wtr process with its own
 * server, emulator and Chromium, so no test sees another's armed faults, request logs or files): this
 * shard's share of the files, balanced by each file's last measured time (scripts/browser-test-times.json,
 * a new file counts as the median) by giving each file, slowest first, to the shard with the least time.
 */
function shardFiles(shard) {
  const [index, count] = shard.split('/').map(Number);
  if (!(count >= 1 && index >= 1 && index <= count))
    throw new Error(`WTR_SHARD=${shard}: want i/n, 1 <= i <= n`);
  const times = JSON.parse(readFileSync('scripts/browser-test-times.json', 'utf8'));
  const known = Object.values(times).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 1;
  const files = testGroups()
    .flatMap((group) => group.files)
    .map((file) => [file, times[file] ?? median])
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const load = Array.from({ length: count }, () => ({ ms: 0, files: [] }));
  for (const [file, ms] of files) {
    const least = load.reduce((best, shard) => (shard.ms < best.ms ? shard : best));
    least.ms += ms;
    least.files.push(file);
  }
  return load[index - 1].files;
}

/** serve `import css from 'x.css?inline'` as a JS string module, as Vite does */
const cssInline = {
  name: 'css-inline',
  resolveMimeType(ctx) {
    if (ctx.path.endsWith('.css') && ctx.URL.searchParams.has('inline')) return 'js';
  },
  transform(ctx) {
    if (ctx.path.endsWith('.css') && ctx.URL.searchParams.has('inline')) {
      return { body: `export default ${JSON.stringify(ctx.body)};` };
    }
  },
};

export default {
  // FILES=... or --files: just those files (the groups would run every file beside them)
  ...(process.env.FILES
    ? { files: process.env.FILES }
    : process.argv.includes('--files')
      ? {}
      : process.env.WTR_SHARD
        ? { files: shardFiles(process.env.WTR_SHARD) }
        : { groups: testGroups() }),
  // shards started at once must not race for wtr's default port (it takes the first free from 8000)
  ...(process.env.WTR_PORT ? { port: Number(process.env.WTR_PORT) } : {}),
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  middleware: [
    cdnTestMiddleware,
    ssrMiddleware,
    testOriginsMiddleware,
    arPartnerMiddleware,
    emulatorMiddleware,
  ],
  plugins: [
    cssInline,
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' }),
    // a real mouse wheel (the page scrolls unless the element takes it): test/browser/helpers/wheel-plugin.mjs
    wheelPlugin(),
    // DOM nodes, listeners and JS heap after a forced GC, through CDP: test/browser/helpers/memory-plugin.mjs
    memoryPlugin(),
    // the browser's HTTP cache emptied, for tests that time a download: test/browser/helpers/cache-plugin.mjs
    cachePlugin(),
    // an element's pixels as the page paints them, through CDP: test/browser/helpers/screenshot-plugin.mjs
    screenshotPlugin(),
    // the page's CPU slowed, for a layout shift a busy machine shows: test/browser/helpers/cpu-plugin.mjs
    cpuPlugin(),
    // three.js as the workers' builds carry it (scripts/worker-trims.ts): test/browser/helpers/worker-three-plugin.mjs
    workerThreePlugin(),
  ],
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS } })],
  reporters: [defaultReporter(), plainSummaryReporter()],
  // a test that hangs fails after this; on a busy machine (two shards beside the node tests, or a
  // newcomer's laptop building something) correct work took longer than the 30 s this was
  testFramework: { config: { timeout: 90000 } },
  testsFinishTimeout: 600000,
  browserStartTimeout: 60000,
};
