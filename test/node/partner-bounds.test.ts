/**
 * The partner back end against hostile volume, over real HTTP: bodies cut off as they arrive (a
 * chunked 200 MB upload answered 413 after about 1 MB), slow bodies, a flood of anonymous sign-in
 * starts from many addresses that must lock no one out and push no one out, event streams capped per session and in total,
 * a start-up that refuses a missing secret, and Secure cookies everywhere but on loopback.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { Hono } from 'hono';
import { createPartner } from '../../server/partner/app.ts';
import { PartnerConfigError } from '../../server/partner/options.ts';
import { MemoryStore } from '../../server/partner/store.ts';
import { chunkedPost, chunkedUpload, type UploadOptions } from './helpers/chunked-upload.ts';
import { listen } from './helpers/server.ts';
import { TestBrowser } from './partner-test-browser.ts';
import {
  exportWithToken,
  login,
  readEvents,
  sendCallback,
  startPartners,
  type Partners,
} from './partner-setup.ts';

/**
 * A chunked upload until its answer is read. The partner answers a body over its limit and closes the
 * connection once it has dropped what follows (node-server: 500 ms); a client too busy to read the
 * answer within that (load 12-27) gets EPIPE on its next write instead, cut off all the same: it is sent
 * again (three times at most), so the answer itself is what the test reads.
 */
async function answeredUpload(url: string, path: string, total: number, options: UploadOptions = {}) {
  for (let attempt = 1; ; attempt++) {
    const result = await chunkedUpload(url, path, total, { ...options, errorIsRefusal: true });
    if (result.status !== 0 || attempt === 3) return result;
  }
}

describe('partner back end: request bodies are bounded as they arrive', () => {
  let partners: Partners;
  before(async () => {
    // the default body clock (10 s): with the 500 ms the slow-body tests below use, four 1 MB bodies read
    // at once on a loaded machine (load 12-27) were not all in within it and one was answered 408
    partners = await startPartners(1);
  });
  after(() => partners.close());

  it('a chunked 200 MB callback is answered 413 after about 1 MB, four at once too, without the memory', async () => {
    const url = partners.partners[0]!.url;
    const rssBefore = process.memoryUsage().rss;
    const upload = async () => {
      const result = await answeredUpload(url, '/partner/export-callback', 200 * 1024 * 1024);
      assert.ok(result.sent < 80 * 1024 * 1024, `stopped after ${result.sent} bytes, not 200 MB`);
      return result;
    };
    const one = await upload();
    assert.equal(one.status, 413);
    assert.equal(JSON.parse(one.body).error, 'too_large');
    const four = await Promise.all([1, 2, 3, 4].map(upload));
    assert.deepEqual(
      four.map((r) => r.status),
      [413, 413, 413, 413],
    );
    const grew = process.memoryUsage().rss - rssBefore;
    assert.ok(grew < 150 * 1024 * 1024, `memory grew by ${Math.round(grew / 1048576)} MB`);
    // still serving
    assert.equal((await fetch(`${url}/partner/session`)).status, 200);
  });

  it('small limits on the token and proxy routes, by declared length or as the body arrives', async () => {
    const url = partners.partners[0]!.url;
    const headers = { 'Content-Type': 'application/json', Origin: url };
    const declared = await fetch(`${url}/partner/token`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ project_id: 1, pad: 'x'.repeat(5000) }),
    });
    assert.equal(declared.status, 413);
    const streamed = await answeredUpload(url, '/partner/token', 1024 * 1024, { headers: { Origin: url } });
    assert.equal(streamed.status, 413);
    const proxy = await answeredUpload(url, '/partner/proxy/projects/1/export.json', 1024 * 1024, {
      headers: { Origin: url },
    });
    assert.equal(proxy.status, 413);
    // within the limit the route answers as usual (here: no session)
    const small = await fetch(`${url}/partner/token`, { method: 'POST', headers, body: '{"project_id":1}' });
    assert.equal(small.status, 401);
    const callback = await fetch(`${url}/partner/export-callback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': '2000000' },
      body: 'x'.repeat(2_000_000),
    });
    assert.equal(callback.status, 413);
  });
});

describe('partner back end: a body that does not arrive in time is answered 408', () => {
  let partners: Partners;
  before(async () => {
    // a short clock, so the bodies below (that never arrive) are answered at once
    partners = await startPartners(1, () => ({ bodyTimeout: 500 }));
  });
  after(() => partners.close());

  it('a body that trickles in is answered 408', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = chunkedPost(partners.partners[0]!.url, '/partner/export-callback', (res) => {
        res.resume();
        resolve(res.statusCode!);
        req.destroy();
      });
      req.on('error', reject);
      req.write('{"project":');
      // and then nothing more
    });
    assert.equal(status, 408);
  });

  it('a body with a declared length that never arrives in full is answered 408 too', async () => {
    const { hostname, port } = new URL(partners.partners[0]!.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: hostname,
          port,
          path: '/partner/export-callback',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('{"project":');
      // and then nothing more
    });
    assert.equal(status, 408);
  });
});

describe('partner back end: the bodies of all uploads together are bounded (maxBufferedBodyBytes)', () => {
  let partners: Partners;
  const budget = 1536 * 1024; // room for one callback-sized body and a half
  const holding = { end: () => {} };
  before(async () => {
    partners = await startPartners(1, () => ({ bodyTimeout: 10_000, maxBufferedBodyBytes: budget }));
  });
  after(() => partners.close());

  it('while one upload holds most of it, another is answered 503; afterwards the room is back', async () => {
    const url = partners.partners[0]!.url;
    // upload 1: 960 kB (under the callback's 1 MB limit) and then it waits, holding them
    const first = { status: 0 };
    const firstDone = new Promise<void>((resolve, reject) => {
      const req = chunkedPost(url, '/partner/export-callback', (res) => {
        first.status = res.statusCode!;
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      for (let i = 0; i < 15; i++) req.write(Buffer.alloc(64 * 1024, 'a'));
      holding.end = () => req.end();
    });
    // upload 2, as soon as the partner holds upload 1's bytes: refused for the shared room, not the size
    let second = { status: 0, sent: 0, body: '' };
    const deadline = Date.now() + 10_000;
    while (second.status !== 503) {
      assert.ok(Date.now() < deadline, `no 503 while upload 1 is held (last: ${second.status})`);
      second = await chunkedUpload(url, '/partner/export-callback', 200 * 1024 * 1024, {
        errorIsRefusal: true,
      });
      assert.ok(second.status === 503 || second.status === 413 || second.status === 0, String(second.status));
    }
    assert.equal(JSON.parse(second.body).error, 'busy');
    assert.ok(second.sent < budget + 8 * 1024 * 1024, `refused after ${second.sent} bytes`);
    holding.end();
    await firstDone;
    assert.notEqual(first.status, 503, 'the upload that held the room is answered by its route');
    assert.notEqual(first.status, 413);
    // the room is given back: a big upload meets the per-body limit again, not the shared one
    const third = await chunkedUpload(url, '/partner/export-callback', 200 * 1024 * 1024);
    assert.equal(third.status, 413);
  });
});

describe('partner back end: a flood of anonymous sign-ins', () => {
  let partners: Partners;
  // a small state lane: used-state marks are the only thing sign-ins write, and only when completed
  const store = new MemoryStore({ state: 2_000 });
  before(async () => {
    // the starts come as through the recommended reverse proxy, each with the address it appended
    // (issue 34 measured a lock-out of everyone behind a proxy after 20 abandoned starts, and of every
    // new visitor after 5 300 starts from 265 addresses, with the per-address count then in place)
    partners = await startPartners(1, () => ({ store }));
  });
  after(() => partners.close());

  /** Starts a sign-in at the partner: the planner's page the browser is sent to, not yet opened. */
  const startSignIn = async (browser: TestBrowser) => {
    const start = await browser.fetch('/partner/oauth/start?return_to=/partner/session');
    assert.equal(start.status, 302);
    return start.headers.get('location')!;
  };
  /** The planner's grant: the URL the browser is sent back to, not yet opened. */
  const grant = async (planner: string) => {
    const granted = await fetch(planner, { redirect: 'manual' });
    assert.equal(granted.status, 301, 'the planner grants access');
    return granted.headers.get('location')!;
  };

  it('5 000 starts from 265 addresses (one IPv6 /64 and one proxy) keep nothing and lock no one out', async () => {
    const url = partners.partners[0]!.url;
    const user = new TestBrowser(url);
    await login(user);
    assert.equal(store.sizeOf('session'), 1);
    const statesBefore = store.sizeOf('state');
    // a visitor half-way through signing in when the flood starts (issue 22, finding 4: it got a 400)
    const midway = new TestBrowser(url);
    // (the visitor is at the planner during the flood; the planner's code is granted after it: a code lives
    // 120 s, and the flood took 200 s on a loaded machine)
    const atPlanner = await startSignIn(midway);

    let next = 0;
    // issue 34: 5 300 starts from 265 addresses refused every new sign-in for about 10 minutes
    const total = 5_000;
    const statuses = new Map<number, number>();
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 25 }, async () => {
        while (next < total) {
          const i = next++;
          const response = await fetch(`${url}/partner/oauth/start`, {
            redirect: 'manual',
            headers: { 'x-forwarded-for': `2001:db8:1:2::${(i % 265).toString(16)}` },
          });
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          await response.arrayBuffer();
        }
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    // every start is answered (a signed state each), and none of them is kept anywhere
    assert.deepEqual(Object.fromEntries(statuses), { 302: total });
    assert.equal(store.sizeOf('session'), 1, 'no session for anonymous visitors');
    assert.equal(store.sizeOf('state'), statesBefore, 'a start writes nothing to the store');

    // a new visitor from one of the flooding addresses, and one from elsewhere, both sign in
    for (const address of ['2001:db8:1:2::7', '198.51.100.9']) {
      const visitor = new TestBrowser(url);
      visitor.headers = { 'x-forwarded-for': address };
      await login(visitor);
    }
    const back = await midway.fetch(await grant(atPlanner));
    assert.equal(back.status, 302, 'the sign-in under way completes');
    assert.equal(
      ((await (await midway.fetch('/partner/session')).json()) as { connected: boolean }).connected,
      true,
    );
    const session = await (await user.fetch('/partner/session')).json();
    assert.equal(session.connected, true, 'still logged in after the flood');
    const token = await user.fetch('/partner/token', { json: { project_id: 186997360 } });
    assert.equal(token.status, 200);
    console.log(`  ${total} anonymous starts in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s)`);
  });
});

describe('partner back end: event streams are capped', () => {
  let partners: Partners;
  before(async () => {
    partners = await startPartners(1, () => ({ maxStreamsPerSession: 3, maxStreams: 4 }));
  });
  after(() => partners.close());

  it('per session and in total; a callback wakes a waiting stream at once; a closed stream frees its place', async () => {
    const { planner } = partners;
    const url = partners.partners[0]!.url;
    const ann = new TestBrowser(url);
    const bob = new TestBrowser(url);
    await login(ann);
    await login(bob);
    // exports the callback does not reach (an address nobody listens on), so they stay pending
    const nowhere = 'http://127.0.0.1:9/nowhere';
    const annExport = await exportWithToken(ann, planner.url, nowhere);
    const bobExport = await exportWithToken(bob, planner.url, nowhere);
    const open = (browser: TestBrowser, id: number, signal: AbortSignal) =>
      fetch(`${url}/partner/exports/${id}/events`, { headers: { Cookie: browser.cookieHeader() }, signal });

    const annStreams = new AbortController();
    const first = await open(ann, annExport, annStreams.signal);
    assert.equal(first.status, 200);
    const more = [
      await open(ann, annExport, annStreams.signal),
      await open(ann, annExport, annStreams.signal),
    ];
    assert.deepEqual(
      more.map((r) => r.status),
      [200, 200],
    );
    const fourth = await open(ann, annExport, new AbortController().signal);
    assert.equal(fourth.status, 429);
    assert.equal((await fourth.json()).error, 'too_many_streams');
    assert.equal(fourth.headers.get('retry-after'), '5');

    const bobStreams = new AbortController();
    assert.equal((await open(bob, bobExport, bobStreams.signal)).status, 200, 'the fourth in total');
    const fifth = await open(bob, bobExport, bobStreams.signal);
    assert.equal(fifth.status, 503, 'over the total');
    assert.equal((await fifth.json()).error, 'busy');

    // the callback arrives: a waiting stream hears it at once (no 5 s re-check needed)
    const started = Date.now();
    const heard = readEvents(first, (events) => events.length >= 2);
    assert.equal((await sendCallback(url, annExport)).status, 200);
    const events = await heard;
    assert.equal(events.at(-1)!.event, 'status');
    assert.equal(JSON.parse(events.at(-1)!.data).status, 'ready');
    assert.ok(Date.now() - started < 2000, `woken after ${Date.now() - started} ms`);

    // closing streams frees their places
    annStreams.abort();
    bobStreams.abort();
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const response = await open(bob, bobExport, new AbortController().signal);
      again = response.status;
      await response.body?.cancel();
    }
    assert.equal(again, 200);
  });
});

describe('partner back end: start-up and cookies', () => {
  it('refuses to start without a secret when the planner is not the local emulator', () => {
    assert.throws(
      () =>
        createPartner({
          oauthBase: 'https://planner.example',
          apiBase: 'https://planner.example/api/v2',
          env: {},
        }),
      (error: unknown) =>
        error instanceof PartnerConfigError &&
        /PLANNER_CLIENT_ID and PLANNER_CLIENT_SECRET not set/.test(error.message) &&
        /planner\.example/.test(error.message),
    );
    assert.throws(
      () =>
        createPartner({
          env: { PLANNER_OAUTH_BASE: 'https://planner.example', PLANNER_CLIENT_ID: 'portal' },
          apiBase: 'https://planner.example/api/v2',
        }),
      /PLANNER_CLIENT_SECRET not set/,
    );
    // a real planner also needs the redirect URI: derived, it would follow the Host header (issue 22, finding 12)
    assert.throws(
      () =>
        createPartner({
          env: { PLANNER_CLIENT_ID: 'portal', PLANNER_CLIENT_SECRET: 's3cret' },
          oauthBase: 'https://planner.example',
          apiBase: 'https://planner.example/api/v2',
        }),
      (error: unknown) =>
        error instanceof PartnerConfigError && /PARTNER_REDIRECT_URI not set/.test(error.message),
    );
    // with all three, or against the local emulator, it starts
    createPartner({
      env: {
        PLANNER_CLIENT_ID: 'portal',
        PLANNER_CLIENT_SECRET: 's3cret',
        PARTNER_REDIRECT_URI: 'https://portal.example/partner/oauth/callback',
      },
      oauthBase: 'https://planner.example',
      apiBase: 'https://planner.example/api/v2',
    });
    createPartner({ env: {}, oauthBase: 'http://127.0.0.1:4010/planning' });
    createPartner({ env: {} });
  });

  it('a process started with a real planner and no secret exits with the reason', () => {
    const script = `
      import { createPartner } from './server/partner/index.ts';
      createPartner();
      console.log('started');`;
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: {
        PATH: process.env.PATH,
        PLANNER_OAUTH_BASE: 'https://floorplanner.example',
        PLANNER_API_BASE: 'https://floorplanner.example/api/v2',
      },
      encoding: 'utf8',
    });
    assert.notEqual(result.status, 0);
    assert.doesNotMatch(result.stdout, /started/);
    assert.match(
      result.stderr,
      /PartnerConfigError: partner back end: PLANNER_CLIENT_ID and PLANNER_CLIENT_SECRET not set/,
    );
  });

  it('cookies are Secure unless the host is loopback (a TLS-terminating proxy in front included)', async () => {
    const partner = await listen(
      new Hono().route(
        '/partner',
        createPartner({
          env: { PLANNER_CLIENT_ID: 'portal', PLANNER_CLIENT_SECRET: 's3cret' },
          oauthBase: 'https://planner.example',
          apiBase: 'https://planner.example/api/v2',
          redirectUri: 'https://portal.example/partner/oauth/callback',
        }),
      ),
    );
    try {
      const port = new URL(partner.url).port;
      const cookieFor = (host: string) =>
        new Promise<string>((resolve, reject) => {
          const req = httpRequest(
            { host: '127.0.0.1', port, path: '/partner/oauth/start', headers: { Host: host } },
            (res) => {
              res.resume();
              resolve(String(res.headers['set-cookie']));
            },
          );
          req.on('error', reject);
          req.end();
        });
      assert.match(await cookieFor('portal.example'), /; Secure/, 'plain http behind a proxy, public host');
      assert.doesNotMatch(await cookieFor(`127.0.0.1:${port}`), /Secure/);
      assert.doesNotMatch(await cookieFor(`localhost:${port}`), /Secure/);
    } finally {
      await partner.close();
    }
  });
});
