/** `npm run emulator`: the emulator and the partner back end on http://127.0.0.1:$PORT (default 4010). */
import { serve } from '@hono/node-server';
import { createDemoServer } from '../demo-server.ts';
import { applyServerLimits, serverLimitsFromEnv, serverOptions } from './options.ts';

const port = Number(process.env.PORT) || 4010;
const host = process.env.HOST ?? '127.0.0.1';
const server = createDemoServer();
// bounded: connections, slow headers and slow bodies (options.ts; EMULATOR_* in the environment)
const limits = serverLimitsFromEnv();
const http = serve(
  { fetch: server.app.fetch, port, hostname: host, serverOptions: serverOptions(limits) },
  (info) => {
    const base = `http://${host}:${info.port}`;
    console.log(`emulator: room-styling ${base}/room-styling, planning ${base}/planning/api/v2`);
    console.log(
      `emulator: ${server.options.rooms} rooms, seed ${server.options.seed}, real samples: ${server.options.realdataDir ?? 'none (generated data only)'}`,
    );
  },
);
applyServerLimits(http as unknown as { maxConnections: number }, limits);
