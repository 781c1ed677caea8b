/**
 * `npm run emulator` (server/emulator/main.ts) as a newcomer starts it: a process that listens on
 * 127.0.0.1, on PORT when given and on 4010 otherwise, and serves the room-styling root at
 * /room-styling (so `GET /room-styling/rooms` lists rooms).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../server/emulator/main.ts', import.meta.url));

/** A port nothing listens on now (or null when `wanted` is taken). */
async function freePort(wanted = 0): Promise<number | null> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(wanted, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts main.ts with `env`, resolves with the first lines it prints once it listens; stops it after `use`. */
async function withEmulator(
  env: Record<string, string | undefined>,
  use: (printed: string) => Promise<void>,
): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ROOMS: '40', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const printed = await new Promise<string>((resolve, reject) => {
      let out = '';
      // generous: tsx compiles the whole server first, which took more than 20 s at load 20 on 2 cores
      const timer = setTimeout(() => reject(new Error(`no start-up line within 120 s: ${out}`)), 120_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) {
          clearTimeout(timer);
          resolve(out);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`exited with ${code}: ${out}`)));
    });
    await use(printed);
  } finally {
    child.kill('SIGTERM');
  }
}

const listsRooms = async (root: string) => {
  const answer = await fetch(`${root}/rooms?limit=2`);
  assert.equal(answer.status, 200);
  const body = (await answer.json()) as { rooms: { url: string }[]; total: number };
  assert.equal(body.rooms.length, 2);
  assert.equal(body.total > 0, true);
  assert.ok(body.rooms[0]!.url.startsWith(`${root}/`), 'the data links back to the same root');
};

describe('npm run emulator', () => {
  // Both start at once: each start compiles the server through tsx, which is most of the time taken.
  it('listens on PORT, or on 4010 without it, and serves http://127.0.0.1:<port>/room-styling', async (t) => {
    const port = (await freePort())!;
    const defaultFree = (await freePort(4010)) !== null;
    await Promise.all([
      withEmulator({ PORT: String(port), HOST: undefined }, async (printed) => {
        const root = `http://127.0.0.1:${port}/room-styling`;
        assert.ok(printed.includes(root), printed);
        await listsRooms(root);
      }),
      defaultFree
        ? withEmulator({ PORT: undefined, HOST: undefined }, async (printed) => {
            assert.ok(printed.includes('http://127.0.0.1:4010/room-styling'), printed);
            await listsRooms('http://127.0.0.1:4010/room-styling');
          })
        : Promise.resolve(
            t.diagnostic(
              'port 4010 is in use on this machine (an emulator already running?): default not tried',
            ),
          ),
    ]);
  });
});
