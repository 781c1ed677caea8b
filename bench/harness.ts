/**
 * What every bench scenario gets: a server on 127.0.0.1 that serves the built files, the bench pages
 * and the emulator on one origin, and headless Chromium (puppeteer-core) to load them in.
 */
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { createDemoServer } from '../server/demo-server.ts';
// @ts-expect-error plain JS module shared with the test runner
import { CHROMIUM_ARGS, findChromium, HOW_TO_GET_CHROMIUM } from '../scripts/chromium.mjs';

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

export async function startBenchServer(): Promise<{ origin: string; close(): void }> {
  const demo = createDemoServer({ rooms: 1000 });
  const app = new Hono();
  // everything in the repo that a bench page may load: dist/, bench/pages/, node_modules/ (raw PSV)
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
