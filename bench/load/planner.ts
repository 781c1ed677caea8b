/** The load run's planner: the planning emulator alone (no partner), on 127.0.0.1:$PORT. */
import { serve } from '@hono/node-server';
import { createEmulator } from '../../server/emulator/app.ts';
import './memory.ts';

const emulator = createEmulator({ rooms: 5, realdataDir: null });
serve({ fetch: emulator.app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
