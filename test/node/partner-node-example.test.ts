/**
 * The Node example of docs/partner.md, run as it is written (issue 22, finding 18): the example is
 * taken from the guide (the first `ts` block under "### Node"), its package import pointed at this
 * checkout, and started as a process on a free port. Sockets that never finish their headers must be
 * closed by the server within its header timeout, a flood of them must meet the connection cap, and
 * a normal request must still be answered meanwhile.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { freePort, waitForPort } from './helpers/processes.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The guide's Node example, importing this checkout instead of the published package. */
function nodeExample(): string {
  const guide = readFileSync(`${root}docs/partner.md`, 'utf8');
  const section = guide.slice(guide.indexOf('### Node'));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(code, 'docs/partner.md has a ts block under "### Node"');
  return code.replace("'room-elements/partner'", `'${root}server/partner/index.ts'`);
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

describe('docs/partner.md: the Node example as written', () => {
  // inside the checkout, so the example's imports (hono, @hono/node-server) resolve
  const dir = `${root}node_modules/.cache/partner-example-${process.pid}`;
  let child: ChildProcess;
  let port: number;
  before(async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(`${dir}/server.ts`, nodeExample());
    port = await freePort();
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', `${dir}/server.ts`], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await waitForPort(port, child, 'the Node example', () => output);
  });
  after(() => {
    child?.kill('SIGKILL');
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
