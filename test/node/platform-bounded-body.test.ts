/**
 * src/platform/bounded-body.ts over real HTTP on 127.0.0.1: the one bounded body reader of the client,
 * the mesh loader and the emulator. A body within the cap comes whole and exact; one over it is refused
 * by its Content-Length before a byte is read, or, sent chunked without one, cut off where it passes
 * the cap, and the rest of the stream is not pulled.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { readBoundedText } from '../../src/platform/bounded-body.ts';
import { readBoundedBytes } from '../../src/platform/bounded-bytes.ts';
import { listen, type Running } from './helpers/server.ts';

class TooLarge extends Error {}
const tooLarge = () => new TooLarge('too large');

describe('platform/bounded-body over real HTTP', () => {
  let running: Running;
  /** Chunks of the endless body the server was asked for (it stops once the reader cancels). */
  let endlessChunks = 0;
  before(async () => {
    const app = new Hono();
    // 3 chunks of 1 000 bytes each, no Content-Length; "é" (2 bytes in UTF-8) split across the first two
    app.get('/chunked', () => {
      const bytes = new TextEncoder().encode('é'.repeat(1500));
      return new Response(
        new ReadableStream({
          start(controller) {
            for (let at = 0; at < bytes.length; at += 1001) controller.enqueue(bytes.slice(at, at + 1001));
            controller.close();
          },
        }),
      );
    });
    app.get('/declared', (c) => c.body('x'.repeat(5000), 200, { 'content-length': '5000' }));
    app.get('/endless', () => {
      endlessChunks = 0;
      return new Response(
        new ReadableStream({
          pull(controller) {
            endlessChunks++;
            controller.enqueue(new Uint8Array(64 * 1024));
          },
        }),
      );
    });
    app.get('/empty', () => new Response(null, { status: 204 }));
    running = await listen(app);
  });
  after(() => running.close());

  it('reads a chunked body within the cap whole: the text decoded across chunks, the bytes exact', async () => {
    const text = await readBoundedText(await fetch(`${running.url}/chunked`), 3000, tooLarge);
    assert.equal(text, 'é'.repeat(1500));
    const bytes = await readBoundedBytes(await fetch(`${running.url}/chunked`), 3000, tooLarge);
    assert.equal(bytes.byteLength, 3000);
    assert.equal(bytes.buffer.byteLength, 3000, 'a buffer of its own, not a view into a larger one');
    assert.equal(new TextDecoder().decode(bytes), 'é'.repeat(1500));
  });

  it('refuses a body whose Content-Length passes the cap before reading it', async () => {
    await assert.rejects(readBoundedBytes(await fetch(`${running.url}/declared`), 4999, tooLarge), TooLarge);
    assert.equal(
      (await readBoundedText(await fetch(`${running.url}/declared`), 5000, tooLarge)).length,
      5000,
    );
  });

  it('cuts a chunked body off where it passes the cap, one byte over is enough', async () => {
    await assert.rejects(readBoundedText(await fetch(`${running.url}/chunked`), 2999, tooLarge), TooLarge);
    await assert.rejects(readBoundedBytes(await fetch(`${running.url}/chunked`), 2999, tooLarge), TooLarge);
  });

  it('stops pulling an endless body once it is over the cap', async () => {
    await assert.rejects(
      readBoundedBytes(await fetch(`${running.url}/endless`), 256 * 1024, tooLarge),
      TooLarge,
    );
    const pulled = endlessChunks;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // the server may have a few chunks queued ahead; it does not go on for ever
    assert.ok(endlessChunks - pulled < 64, `${endlessChunks - pulled} more chunks after the cancel`);
    assert.ok(pulled < 256, `${pulled} chunks pulled for a cap of 4`);
  });

  it('reads no body as empty', async () => {
    assert.equal(await readBoundedText(await fetch(`${running.url}/empty`), 10, tooLarge), '');
    assert.equal((await readBoundedBytes(await fetch(`${running.url}/empty`), 10, tooLarge)).byteLength, 0);
    // a Request too: what a server receives
    const request = new Request('http://127.0.0.1/', { method: 'POST', body: 'x'.repeat(11) });
    await assert.rejects(readBoundedText(request, 10, tooLarge), TooLarge);
  });
});
