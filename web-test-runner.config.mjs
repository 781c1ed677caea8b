// Browser tests in real headless Chromium. The emulator and the partner back end are mounted in the
// test server itself, so pages and services share one origin (as in the demo).
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { getRequestListener } from '@hono/node-server';
import { plainSummaryReporter } from './scripts/plain-summary-reporter.mjs';
import { findChromium, CHROMIUM_ARGS, HOW_TO_GET_CHROMIUM } from './scripts/chromium.mjs';
import { createDemoServer } from './server/demo-server.ts';

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
  files: process.env.FILES ?? 'test/browser/**/*.test.ts',
  nodeResolve: { exportConditions: ['production'] },
  concurrency: 1,
  middleware: [emulatorMiddleware],
  plugins: [cssInline, esbuildPlugin({ ts: true, target: 'es2022', tsconfig: './tsconfig.json' })],
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROMIUM_ARGS } })],
  reporters: [defaultReporter(), plainSummaryReporter()],
  testFramework: { config: { timeout: 30000 } },
  testsFinishTimeout: 600000,
  browserStartTimeout: 60000,
};
