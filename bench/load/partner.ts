/**
 * One partner instance of the load run, on 127.0.0.1:$PORT, on the shared Redis (REDIS_URL), talking
 * to the planner at PLANNER_URL, with the redirect URI of the one origin in front (REDIRECT_URI).
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createPartner, resolvePartnerOptions, type PartnerOptions } from '../../server/partner/index.ts';
import { RedisStore } from '../../server/partner/redis-store.ts';
import { getHeapStatistics } from 'node:v8';
import './memory.ts';

const planner = process.env.PLANNER_URL!;
// 2 000 streams over two instances, with room to spare
const MAX_STREAMS = 1500;
const store = await RedisStore.connect(process.env.REDIS_URL!);
const options: PartnerOptions = {
  store,
  oauthBase: `${planner}/planning`,
  apiBase: `${planner}/planning/api/v2`,
  redirectUri: process.env.REDIRECT_URI,
  // only what the run sets: the verdict memory of POST /token (PARTNER_ACCESS_CACHE_S=0 turns it off)
  env: { PARTNER_ACCESS_CACHE_S: process.env.PARTNER_ACCESS_CACHE_S },
  maxStreams: MAX_STREAMS,
  // the chaos run's planner is slow on purpose: a page hears 502 after 2 s, not 30
  plannerTimeout: Number(process.env.PLANNER_TIMEOUT_MS) || undefined,
};
const resolved = resolvePartnerOptions(options);
const app = new Hono().route('/partner', createPartner(options));
serve({
  fetch: app.fetch,
  port: Number(process.env.PORT),
  hostname: '127.0.0.1',
  serverOptions: { requestTimeout: 30_000, headersTimeout: 10_000 },
});
// what this instance runs with, for the run's memory budget
process.on('message', (message: { question?: string }) => {
  if (message?.question === 'config')
    process.send?.({
      answer: 'config',
      value: {
        heapLimit: getHeapStatistics().heap_size_limit,
        maxStreams: MAX_STREAMS,
        maxBufferedBodyBytes: resolved.maxBufferedBodyBytes,
      },
    });
});
process.removeAllListeners('SIGTERM');
process.on('SIGTERM', () => {
  void store.close().finally(() => process.exit(0));
});
