/**
 * What every bench scenario gets: a server on 127.0.0.1 that serves the built files, the bench pages
 * and the emulator on one origin, and headless Chromium (puppeteer-core) to load them in.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createDemoServer } from '../server/demo-server.ts';
// @ts-expect-error plain JS module shared with the test runner
import { CHROMIUM_ARGS, findChromium, HOW_TO_GET_CHROMIUM } from '../scripts/chromium.mjs';

/** `x` rounded to `digits` decimals: how every figure is written. */
export const round = (x: number, digits = 1): number => Math.round(x * 10 ** digits) / 10 ** digits;

export interface Figure {
  value: number;
  unit: string;
  /** What the figure is measured against, e.g. "goal ≤ 16384" or "raw PSV: 812". */
  note?: string;
}

export type Figures = Record<string, Figure>;

export interface BenchContext {
  /** Origin of the bench server, e.g. http://127.0.0.1:41234 */
  origin: string;
  browser: Browser;
  /** A fresh page of the given size; closed by the harness at the end. */
  newPage(width?: number, height?: number): Promise<Page>;
}

export interface Scenario {
  name: string;
  run(ctx: BenchContext): Promise<Figures>;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.json': 'application/json',
  '.map': 'application/json',
};

/**
 * Static files as a CDN serves them: gzip (level 9, as precompressed files are) to a browser that
 * accepts it, and `no-store`, so every page load fetches every file and Resource Timing's
 * `encodedBodySize` is the gzip size as transferred. Only the folders bench pages load.
 */
function gzipStatic(): (path: string, acceptsGzip: boolean) => Promise<Response | undefined> {
  const cache = new Map<string, Buffer>();
  return async (path, acceptsGzip) => {
    const file = normalize(join('.', decodeURIComponent(path)));
    if (!/^(dist|bench|node_modules)\//.test(file) || !TYPES[extname(file)]) return undefined;
    const body = await readFile(file).catch(() => undefined);
    if (!body) return undefined;
    const headers: Record<string, string> = {
      'content-type': TYPES[extname(file)]!,
      'cache-control': 'no-store',
    };
    if (!acceptsGzip) return new Response(new Uint8Array(body), { headers });
    const key = `${file}:${body.length}`;
    if (!cache.has(key)) cache.set(key, gzipSync(body, { level: 9 }));
    return new Response(new Uint8Array(cache.get(key)!), {
      headers: { ...headers, 'content-encoding': 'gzip' },
    });
  };
}

/**
 * The bench server: the emulator and the partner back end (createDemoServer) and the repo's files
 * (dist/, bench/pages/, bench/.tmp/, node_modules/ for raw PSV) on one origin. `gzip: true` serves
 * the files gzipped and uncacheable (see gzipStatic), for scenarios that count bytes as transferred.
 */
export async function startBenchServer(
  options: { gzip?: boolean } = {},
): Promise<{ origin: string; close(): void }> {
  const demo = createDemoServer({ rooms: 1000 });
  const app = new Hono();
  if (options.gzip) {
    const gzipped = gzipStatic();
    app.get('/*', async (c, next) => {
      const response = await gzipped(c.req.path, /\bgzip\b/.test(c.req.header('accept-encoding') ?? ''));
      return response ?? next();
    });
  }
  app.route('/', demo.app);
  app.use('/*', serveStatic({ root: './' }));
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ origin: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(HOW_TO_GET_CHROMIUM);
  return puppeteer.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}
