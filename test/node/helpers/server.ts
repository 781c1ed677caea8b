/** Starts a Hono app on 127.0.0.1 with a free port, over real HTTP. */
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { createDemoServer, type DemoServer } from '../../../server/demo-server.ts';
import type { EmulatorOptions } from '../../../server/emulator/options.ts';

export interface Running {
  url: string;
  close(): Promise<void>;
}

export function listen(app: Hono): Promise<Running> {
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      // longer than the test's fetch keeps an idle connection (undici: 4 s): a test whose thread was busy for
      // seconds (decoding images on a loaded machine) reuses its pooled connection at the very moment the
      // server's 5 s default closed it, and the fetch failed with ECONNRESET
      (server as unknown as { keepAliveTimeout: number }).keepAliveTimeout = 60_000;
      resolve({
        url: `http://127.0.0.1:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
  });
}

/** The demo server (emulator + partner back end) on a free port. */
export async function startDemoServer(
  options: EmulatorOptions = {},
): Promise<Running & { server: DemoServer }> {
  const server = createDemoServer(options);
  const running = await listen(server.app);
  return { ...running, server };
}

/**
 * In the suite it is called in: the demo server, started before the suite's tests and closed after
 * them. Read `url` and `server` inside the tests (they are there once `before` has run).
 */
export function useDemoServer(options: EmulatorOptions = {}): Running & { server: DemoServer } {
  let running: (Running & { server: DemoServer }) | undefined;
  before(async () => {
    running = await startDemoServer(options);
  });
  after(() => running?.close());
  const started = () => {
    if (!running) throw new Error('the demo server is not started yet (use it inside a test)');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get server() {
      return started().server;
    },
    close: () => started().close(),
  };
}
