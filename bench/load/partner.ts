/**
 * One partner instance of the load run, on 127.0.0.1:$PORT, on the shared Redis (REDIS_URL), talking
 * to the planner at PLANNER_URL, with the redirect URI of the one origin in front (REDIRECT_URI).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createPartner } from '../../server/partner/index.ts';
import { RedisStore } from '../../server/partner/redis-store.ts';
import './memory.ts';

const planner = process.env.PLANNER_URL!;
const store = await RedisStore.connect(process.env.REDIS_URL!);
const app = new Hono().route(
  '/partner',
  createPartner({
    store,
    oauthBase: `${planner}/planning`,
    apiBase: `${planner}/planning/api/v2`,
    redirectUri: process.env.REDIRECT_URI,
    env: {},
    // 2 000 streams over two instances, with room to spare
    maxStreams: 1500,
    // the chaos run's planner is slow on purpose: a page hears 502 after 2 s, not 30
    plannerTimeout: Number(process.env.PLANNER_TIMEOUT_MS) || undefined,
  }),
);
serve({
  fetch: app.fetch,
  port: Number(process.env.PORT),
  hostname: '127.0.0.1',
  serverOptions: { requestTimeout: 30_000, headersTimeout: 10_000 },
});
process.removeAllListeners('SIGTERM');
process.on('SIGTERM', () => {
  void store.close().finally(() => process.exit(0));
});
