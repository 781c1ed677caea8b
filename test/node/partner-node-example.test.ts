/**
 * The Node deployment examples of docs/partner.md, run as they are written (issue 22, finding 18;
 * issue 34: the "several instances (Redis)" one kept Node's defaults, and slow headers held 84 s):
 * each example is taken from the guide (the first `ts` block under its heading), its package imports
 * pointed at this checkout, and started as a process on a free port (the Redis one with a real
 * redis-server). Sockets that never finish their headers must be closed by the server within its
 * header timeout, a flood of them must meet the connection cap, and a normal request must still be
 * answered meanwhile.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort, spawnRedis } from './helpers/processes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The guide's example under `heading`, importing this checkout instead of the published package. */
function guideExample(heading: string): string {
  const guide = readFileSync(`${root}docs/partner.md`, 'utf8');
  const at = guide.indexOf(`\n${heading}\n`);
  assert.ok(at >= 0, `docs/partner.md has "${heading}"`);
  const code = /```ts\n([\s\S]*?)```/.exec(guide.slice(at))?.[1];
  assert.ok(code, `docs/partner.md has a ts block under "${heading}"`);
  return code
    .replace("'room-elements/partner'", `'${root}server/partner/index.ts'`)
    .replace("'room-elements/partner/redis'", `'${root}server/partner/redis-store.ts'`);
}

/** A socket that sends the start of a request and never the end of its headers. */
function slowHeaders(port: number): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /partner/session HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      socket.resume(); // read what the server sends (its 408), so its close is seen
      resolve({ socket, closed });
    });
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.on('error', () => {});
    socket.once('error', reject);
  });
}

/** A throwaway redis-server for the Redis example; stopped by the returned function. */
async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = await spawnRedis(port);
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

for (const heading of ['### Node', '### Several instances (Redis)']) {
  describe(`docs/partner.md: the example under "${heading}" as written`, () => {
    // inside the checkout, so the example's imports (hono, @hono/node-server, redis) resolve
    const dir = `${root}node_modules/.cache/partner-example-${process.pid}-${heading.length}`;
    let child: ChildProcess;
    let port: number;
    let redis: { url: string; stop: () => void } | undefined;
    before(async () => {
      mkdirSync(dir, { recursive: true });
      // .mts: an ES module in a folder without a package.json (the Redis example awaits at top level)
      writeFileSync(`${dir}/server.mts`, guideExample(heading));
      port = await freePort();
      const env: Record<string, string> = { PATH: process.env.PATH!, PORT: String(port) };
      if (heading.includes('Redis')) {
        redis = await startRedis();
        env.REDIS_URL = redis.url;
      }
      let output = '';
      child = spawn(process.execPath, ['--import', 'tsx', `${dir}/server.mts`], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (output += d));
      child.stderr!.on('data', (d) => (output += d));
      await waitForPort(port, child, 'the example', () => output);
    });
    after(() => {
      child?.kill('SIGKILL');
      redis?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('closes slow-header sockets, caps connections and keeps answering', async () => {
      const opened = Date.now();
      const sockets = await Promise.all(Array.from({ length: 1_050 }, () => slowHeaders(port)));
      // over the cap: the last ones are closed at once by the server
      await new Promise((r) => setTimeout(r, 2000));
      const closedSoon = sockets.filter((s) => s.socket.destroyed || s.socket.readableEnded).length;
      assert.ok(closedSoon >= 50, `${closedSoon} of 1 050 refused at once (cap 1 000)`);
      // every slow socket is closed by the server well before Node's default 60 s header timeout (a
      // generous guard over the example's 10 s)
      const all = await Promise.race([
        Promise.all(sockets.map((s) => s.closed)),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), 30_000)),
      ]);
      const open = sockets.filter((s) => !s.socket.destroyed).length;
      sockets.forEach((s) => s.socket.destroy());
      assert.ok(all, `${open} slow-header sockets still open after 30 s`);
      console.log(`  1 050 slow-header sockets all closed after ${Math.max(...all) - opened} ms`);
      // and it still serves
      const response = await fetch(`http://127.0.0.1:${port}/partner/session`);
      assert.equal(response.status, 200);
    });
  });
}
