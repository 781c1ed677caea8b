/**
 * The upload route for Scene Viewer (issue 36), over real HTTP, with the in-memory store and a real
 * redis-server: a page posts the GLB or USDZ it exported and gets an unguessable URL that serves the
 * file with its type, CORS for the page's origin, for `uploadTtl` and then 404; bounded in size, in
 * kind, and in count per page session, with a Retry-After that says when there is room again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { toBase64 } from '../../server/partner/base64.ts';
import { RedisStore } from '../../server/partner/redis-store.ts';
import { MemoryStore, type PartnerStore } from '../../server/partner/store.ts';
import { freePort, redisArgs, REDIS_SERVER, waitForPort } from './helpers/processes.ts';
import { TestBrowser } from './partner-test-browser.ts';
import { login, startPartners, type Partners } from './partner-setup.ts';

/** A minimal valid GLB: its 12-byte header and one JSON chunk, `size` bytes in all (a multiple of 4). */
function glb(size = 1024): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x46546c67, true); // glTF
  view.setUint32(4, 2, true);
  view.setUint32(8, size, true);
  const json = new TextEncoder().encode('{"asset":{"version":"2.0"}}');
  view.setUint32(12, size - 20, true);
  view.setUint32(16, 0x4e4f534a, true); // JSON
  bytes.set(json, 20);
  bytes.fill(0x20, 20 + json.length);
  return bytes;
}

/** The start of a zip (a USDZ is one): a local file header. */
function usdz(size = 512): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  bytes.fill(7, 30);
  return bytes;
}

const post = (
  browser: TestBrowser,
  body: Uint8Array<ArrayBuffer>,
  type: string,
  headers: Record<string, string> = {},
) =>
  browser.fetch('/partner/uploads', {
    method: 'POST',
    body,
    headers: { 'Content-Type': type, ...headers },
  });

async function startRedis(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child: ChildProcess = spawn(REDIS_SERVER, redisArgs(port), { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await waitForPort(port, child, 'redis-server', () => output, { timeoutMs: 10_000, pollMs: 50 });
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

describe('partner back end: uploads for AR, under load', () => {
  it('encodes a file as base64 as btoa() would, 15 MiB in well under the time btoa() took', () => {
    for (let n = 0; n < 7; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => 250 - i * 37);
      assert.equal(toBase64(bytes), Buffer.from(bytes).toString('base64'), `${n} bytes`);
    }
    const big = glb(15 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4093) big[i] = i & 255;
    // the way it was done before (btoa() over a binary string) on a fifth of it, timed here: a baseline
    // that a loaded machine slows as much as the table
    const fifth = big.subarray(0, 3 * 1024 * 1024);
    let started = performance.now();
    let binary = '';
    for (let i = 0; i < fifth.length; i += 0x8000)
      binary += String.fromCharCode(...fifth.subarray(i, i + 0x8000));
    assert.equal(btoa(binary), toBase64(fifth));
    const before = performance.now() - started;
    started = performance.now();
    const encoded = toBase64(big);
    const took = performance.now() - started;
    assert.equal(encoded, Buffer.from(big).toString('base64'));
    // quiet: 15 MiB 0.3 s here, 1.5 s before (5 to 8 s on a loaded machine, and the upload answered 503)
    assert.ok(
      took < 5 * before,
      `${took.toFixed(0)} ms for 15 MiB, ${before.toFixed(0)} ms for 3 MiB before`,
    );
  });

  it("gives a big value time to cross to Redis beyond the command timeout (it is for Redis's answer)", async () => {
    const redis = await startRedis();
    // a command timeout far below what 20 MiB takes to write and read on any machine
    const store = await RedisStore.connect(redis.url, { commandTimeout: 50 });
    try {
      const value = { data: 'x'.repeat(20 * 1024 * 1024) };
      await store.set('big', value, 10);
      // read back with the default clock (a read's size is not known before it arrives)
      const reader = await RedisStore.connect(redis.url);
      assert.equal((await reader.get<typeof value>('big'))?.data.length, value.data.length);
      await reader.close();
    } finally {
      await store.close();
      redis.stop();
    }
  });
});

for (const storeKind of ['memory', 'redis'] as const) {
  describe(`partner back end: uploads for AR (${storeKind} store)`, () => {
    let partners: Partners;
    let store: PartnerStore;
    let redis: { url: string; stop: () => void } | undefined;
    before(async () => {
      if (storeKind === 'redis') {
        redis = await startRedis();
        store = await RedisStore.connect(redis.url);
      } else store = new MemoryStore();
      partners = await startPartners(1, () => ({ store, uploadTtl: 2, maxUploadsPerSession: 3 }));
    });
    after(async () => {
      await partners.close();
      if (store instanceof RedisStore) await store.close();
      redis?.stop();
    });

    it('keeps a GLB and a USDZ under unguessable URLs, served with their type and CORS, then 404', async () => {
      const url = partners.partners[0]!.url;
      const page = new TestBrowser(url); // anonymous: a page cookie stands for its session
      const file = glb(4096);
      const made = await post(page, file, 'model/gltf-binary');
      assert.equal(made.status, 201);
      const answer = (await made.json()) as { url: string; expires_in: number; content_type: string };
      assert.equal(answer.content_type, 'model/gltf-binary');
      assert.equal(answer.expires_in, 2);
      assert.match(answer.url, new RegExp(`^${url}/partner/uploads/[A-Za-z0-9_-]{43}\\.glb$`));
      const served = await fetch(answer.url, { headers: { Origin: url } });
      assert.equal(served.status, 200);
      assert.equal(served.headers.get('content-type'), 'model/gltf-binary');
      assert.equal(served.headers.get('access-control-allow-origin'), url);
      assert.equal(served.headers.get('x-content-type-options'), 'nosniff');
      assert.match(served.headers.get('content-security-policy') ?? '', /sandbox/);
      assert.deepEqual(new Uint8Array(await served.arrayBuffer()), file);
      // another origin gets the file (Scene Viewer fetches without one) but no CORS grant
      const elsewhere = await fetch(answer.url, { headers: { Origin: 'https://evil.example' } });
      assert.equal(elsewhere.headers.get('access-control-allow-origin'), null);
      await elsewhere.arrayBuffer();

      const model = await post(page, usdz(), 'model/vnd.usdz+zip');
      assert.equal(model.status, 201);
      const usdzUrl = ((await model.json()) as { url: string }).url;
      assert.match(usdzUrl, /\.usdz$/);
      const usdzServed = await fetch(usdzUrl);
      assert.equal(usdzServed.headers.get('content-type'), 'model/vnd.usdz+zip');
      await usdzServed.arrayBuffer();
      // the same id under the other extension, or another id, is not there
      assert.equal((await fetch(answer.url.replace(/\.glb$/, '.usdz'))).status, 404);
      assert.equal((await fetch(answer.url.replace(/\/[^/]+\.glb$/, `/${'A'.repeat(43)}.glb`))).status, 404);
      // after uploadTtl (2 s here) it is gone
      await new Promise((r) => setTimeout(r, 2200));
      const gone = await fetch(answer.url);
      assert.equal(gone.status, 404);
      assert.equal(((await gone.json()) as { error: string }).error, 'unknown_upload');
    });

    it('refuses other kinds, files that are not what they say, over 15 MB, and other origins', async () => {
      const page = new TestBrowser(partners.partners[0]!.url);
      const html = new TextEncoder().encode('<script>alert(1)</script>');
      const wrongType = await post(page, html, 'text/html');
      assert.equal(wrongType.status, 415);
      const disguised = await post(page, html, 'model/gltf-binary');
      assert.equal(disguised.status, 422);
      assert.equal(((await disguised.json()) as { error: string }).error, 'invalid_model');
      const lying = glb(1024);
      new DataView(lying.buffer).setUint32(8, 4096, true); // a header that claims more than is sent
      assert.equal((await post(page, lying, 'model/gltf-binary')).status, 422);
      const big = await post(page, glb(15 * 1024 * 1024 + 4), 'model/gltf-binary');
      assert.equal(big.status, 413);
      const edge = await post(page, glb(15 * 1024 * 1024), 'model/gltf-binary');
      assert.equal(edge.status, 201, `exactly 15 MiB is taken (${edge.status}: ${await edge.text()})`);
      const crossSite = await post(page, glb(), 'model/gltf-binary', { Origin: 'https://evil.example' });
      assert.equal(crossSite.status, 403);
    });

    it('counts per page session, with a Retry-After that says when a file expires', async () => {
      const url = partners.partners[0]!.url;
      const page = new TestBrowser(url);
      for (let i = 0; i < 3; i++) assert.equal((await post(page, glb(), 'model/gltf-binary')).status, 201);
      const refused = await post(page, glb(), 'model/gltf-binary');
      assert.equal(refused.status, 429);
      assert.equal(((await refused.json()) as { error: string }).error, 'too_many_uploads');
      const retry = Number(refused.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 2, `Retry-After ${retry} (the files expire within 2 s)`);
      // another page, and a signed-in session, have their own share
      assert.equal((await post(new TestBrowser(url), glb(), 'model/gltf-binary')).status, 201);
      const user = new TestBrowser(url);
      await login(user);
      assert.equal((await post(user, glb(), 'model/gltf-binary')).status, 201);
      // once the first files expire there is room again, as Retry-After said
      await new Promise((r) => setTimeout(r, retry * 1000 + 200));
      assert.equal((await post(page, glb(), 'model/gltf-binary')).status, 201);
    });
  });
}
