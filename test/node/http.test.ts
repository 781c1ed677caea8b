import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { createServer } from 'node:net';
import { createServer as createHttpServer } from 'node:http';
import { ApiError, joinUrl, request } from '../../src/api/http.ts';
import { MAX_SERVICE_MESSAGE } from '../../src/api/http-failure.ts';
import { listen, type Running } from './helpers/server.ts';

/** A port on 127.0.0.1 that nothing listens on (connection refused: a network error). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('http.request over real HTTP', () => {
  let running: Running;
  let hits = 0;
  let teapots = 0;
  before(async () => {
    const app = new Hono();
    app.get('/flaky', (c) => (++hits % 3 === 0 ? c.json({ ok: true }) : c.json({ error: 'busy' }, 503)));
    app.post('/flaky-post', (c) => c.json({ error: 'busy' }, 503));
    app.get('/slow', async (c) => {
      await new Promise((r) => setTimeout(r, 400));
      return c.json({ ok: true });
    });
    app.get('/teapot', (c) => {
      teapots++;
      return c.json({ error: 'Limit should be between 1 and 50' }, 422);
    });
    app.get('/html', (c) => c.html('<h1>not json</h1>'));
    // issue 22 finding 11: 100 000 errors once became a 1.99 M-character message
    app.get('/many-errors', (c) =>
      c.json({ errors: Array.from({ length: 100_000 }, (_, i) => `field ${i} is wrong`) }, 500),
    );
    app.get('/long-error', (c) => c.json({ error: 'x'.repeat(100_000) }, 400));
    app.get('/echo', (c) => c.json({ query: c.req.queries() }));
    // 64 KiB chunks without a Content-Length, for as long as the client keeps reading (bounded at 64 MiB)
    app.get('/endless', () => {
      let sent = 0;
      const chunk = new TextEncoder().encode('['.padEnd(65536, ' '));
      return new Response(
        new ReadableStream({
          pull(controller) {
            if ((sent += chunk.byteLength) > 64 * 1024 * 1024) controller.close();
            else controller.enqueue(chunk);
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    });
    app.get('/declared-large', (c) => c.body('{}', 200, { 'content-length': String(50 * 1024 * 1024) }));
    running = await listen(app);
  });
  after(() => running.close());

  it('retries a GET after 5xx with backoff, then succeeds', async () => {
    hits = 0;
    const body = await request(`${running.url}/flaky`, { retries: 2, backoff: 10 });
    assert.deepEqual(body, { ok: true });
    assert.equal(hits, 3);
  });

  it('gives up after the bounded number of retries, with the status and the service message', async () => {
    hits = 0; // the next two answers are 503, 503
    await assert.rejects(request(`${running.url}/flaky`, { retries: 1, backoff: 5 }), (error: ApiError) => {
      assert.equal(error.status, 503);
      assert.equal(error.message, 'busy');
      return true;
    });
  });

  it('cuts off a chunked body over maxBytes as it arrives: a clear error, not a hang', async () => {
    const started = Date.now();
    await assert.rejects(request(`${running.url}/endless`, { maxBytes: 1024 * 1024 }), (error: ApiError) => {
      assert.equal(error.kind, 'invalid');
      assert.match(error.message, /larger than 1048576 bytes/);
      return true;
    });
    assert.ok(Date.now() - started < 5000, 'stopped reading early');
  });

  it('refuses a body whose Content-Length is over maxBytes without reading it', async () => {
    await assert.rejects(request(`${running.url}/declared-large`, { maxBytes: 1024 }), { kind: 'invalid' });
  });

  it('a body that cannot be serialised is an ApiError, and leaves no timer behind', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    // a 60 s timeout: were its timer left set, this test file would not end for a minute
    for (const body of [cyclic, { n: 10n }]) {
      await assert.rejects(
        request(`${running.url}/echo`, { method: 'POST', body, timeout: 60_000 }),
        (error: unknown) => error instanceof ApiError && error.kind === 'invalid',
      );
    }
  });

  it('calls the fetch it is given', async () => {
    const seen: string[] = [];
    const own: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    assert.deepEqual(await request(`${running.url}/echo?a=1`, { fetch: own }), { query: { a: ['1'] } });
    assert.deepEqual(seen, [`${running.url}/echo?a=1`]);
  });

  it('never retries a POST', async () => {
    await assert.rejects(request(`${running.url}/flaky-post`, { method: 'POST', body: {} }), { status: 503 });
  });

  it('times out with status 0 and kind timeout', async () => {
    await assert.rejects(request(`${running.url}/slow`, { timeout: 100, retries: 0 }), {
      status: 0,
      kind: 'timeout',
    });
  });

  it('aborts with status 0 and kind abort', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(request(`${running.url}/slow`, { signal: controller.signal }), {
      status: 0,
      kind: 'abort',
    });
  });

  it('stops waiting between retries when aborted (kind abort, no further attempt)', async () => {
    hits = 1; // the next answer is a 503, then a wait of about 2 s before the next try
    const controller = new AbortController();
    // aborted once the first attempt was answered (not after a fixed 100 ms: on a busy machine the first
    // answer came later, and the abort fell before any attempt), then a little into the backoff
    let abortedAt = Infinity;
    const abortInBackoff = (async () => {
      while (hits < 2) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 100));
      abortedAt = performance.now();
      controller.abort();
    })();
    await assert.rejects(
      request(`${running.url}/flaky`, { retries: 2, backoff: 2000, signal: controller.signal }),
      { status: 0, kind: 'abort' },
    );
    await abortInBackoff;
    assert.ok(performance.now() - abortedAt < 1400, 'it did not sleep through the backoff');
    assert.equal(hits, 2, 'one attempt only');
  });

  it('reports a refused connection as a network error (status 0), after retrying', async () => {
    const port = await closedPort();
    await assert.rejects(request(`http://127.0.0.1:${port}/x`, { retries: 1, backoff: 5 }), {
      status: 0,
      kind: 'network',
    });
  });

  it("carries the service's own message on 4xx and refuses a body that is not JSON", async () => {
    await assert.rejects(request(`${running.url}/teapot`), {
      status: 422,
      message: 'Limit should be between 1 and 50',
    });
    await assert.rejects(request(`${running.url}/html`), { kind: 'invalid' });
  });

  it("bounds the service's message: the first few errors and how many more, a long one cut", async () => {
    await assert.rejects(request(`${running.url}/many-errors`, { retries: 0 }), (error: ApiError) => {
      assert.equal(error.status, 500);
      assert.ok(error.message.length <= MAX_SERVICE_MESSAGE, `${error.message.length} characters`);
      assert.match(error.message, /^field 0 is wrong; field 1 is wrong; .* and 99995 more$/);
      return true;
    });
    await assert.rejects(request(`${running.url}/long-error`), (error: ApiError) => {
      assert.equal(error.message.length, MAX_SERVICE_MESSAGE);
      assert.match(error.message, /^x+…$/);
      return true;
    });
  });

  it('never retries a 4xx: the service meant it', async () => {
    teapots = 0;
    await assert.rejects(request(`${running.url}/teapot`, { retries: 3, backoff: 5 }), { status: 422 });
    assert.equal(teapots, 1);
  });

  it('retries a GET after a dropped connection (network error) and succeeds; waits longer each time', async () => {
    // A server that hangs up on the first two connections without answering, then answers.
    let connections = 0;
    const times: number[] = [];
    const server = createHttpServer((req, res) => {
      times.push(performance.now());
      if (++connections <= 2) {
        req.socket.destroy();
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const body = await request(`http://127.0.0.1:${port}/`, { retries: 2, backoff: 60 });
      assert.deepEqual(body, { ok: true });
      assert.equal(connections, 3);
      // Backoff doubles (with ±25 % jitter): 45–75 ms, then 90–150 ms. Timers fire late, never early,
      // so the lower bounds hold on a loaded machine too; the second wait exceeds any first one.
      const [first, second] = [times[1]! - times[0]!, times[2]! - times[1]!];
      assert.ok(first >= 40, `first wait ${first.toFixed(0)} ms`);
      assert.ok(second >= 85, `second wait ${second.toFixed(0)} ms`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('joins roots and paths and drops empty parameters', async () => {
    const url = joinUrl(`${running.url}/`, '/echo', {
      a: 1,
      b: '',
      c: undefined,
      d: ['x', 'y'],
      Direction: 'asc',
    });
    assert.equal(url, `${running.url}/echo?a=1&d=x&d=y&Direction=asc`);
    assert.deepEqual(await request(url), { query: { a: ['1'], d: ['x', 'y'], Direction: ['asc'] } });
  });
});
