/**
 * Shared set-up of the partner tests that run partners on their own origins: the demo server as the
 * planner, N partner instances (each on its own port, talking to the planner over HTTP), a login
 * through one of them, and callbacks signed as the planner signs them.
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { Hono } from 'hono';
import { createPartner } from '../../server/partner/app.ts';
import type { PartnerOptions } from '../../server/partner/options.ts';
import { listen, startDemoServer, type Running } from './helpers/server.ts';
import { TestBrowser } from './partner-test-browser.ts';
import { hmac } from './helpers/hmac.ts';

export const PROJECT = 186997360;
/** The emulator's default client secret (PLANNER_CLIENT_SECRET unset): the partners use it too. */
export const DEMO_SECRET = 'demo-secret';

export interface Partners {
  planner: Running;
  partners: Running[];
  close(): Promise<void>;
}

/**
 * The planner and `count` partner instances. All partners use the first one's redirect URI, as
 * instances behind one origin would; the planner whitelists it.
 */
export async function startPartners(
  count: number,
  options: (index: number) => PartnerOptions = () => ({}),
): Promise<Partners> {
  const slots: { app?: Hono }[] = [];
  const partners: Running[] = [];
  for (let i = 0; i < count; i++) {
    const slot: { app?: Hono } = {};
    const shell = new Hono();
    shell.all('*', (c) => slot.app!.fetch(c.req.raw, c.env));
    slots.push(slot);
    partners.push(await listen(shell));
  }
  const redirectUri = `${partners[0]!.url}/partner/oauth/callback`;
  process.env.PLANNER_REDIRECT_URIS = redirectUri;
  let planner: Running;
  try {
    planner = await startDemoServer({ rooms: 5 });
  } finally {
    delete process.env.PLANNER_REDIRECT_URIS;
  }
  slots.forEach((slot, i) => {
    slot.app = new Hono().route(
      '/partner',
      createPartner({
        oauthBase: `${planner.url}/planning`,
        apiBase: `${planner.url}/planning/api/v2`,
        redirectUri,
        env: {},
        ...options(i),
      }),
    );
  });
  return {
    planner,
    partners,
    async close() {
      for (const partner of partners) await partner.close();
      await planner.close();
    },
  };
}

/** Signs in through `browser`'s partner (start → the planner's authorize → callback) and checks it worked. */
export async function login(browser: TestBrowser): Promise<void> {
  const start = await browser.fetch('/partner/oauth/start?return_to=/partner/session');
  assert.equal(start.status, 302);
  const granted = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  assert.equal(granted.status, 301, 'the planner grants access');
  const back = await browser.fetch(granted.headers.get('location')!);
  assert.equal(back.status, 302);
  const session = await (await browser.fetch('/partner/session')).json();
  assert.equal(session.connected, true, 'signed in');
}

export interface CallbackOptions {
  secret?: string;
  timestamp?: number;
  body?: string;
}

/**
 * The request an export callback of PROJECT is (method, headers, body), signed as the planner signs it:
 * `options.body` or a result map naming `exportId`, at `options.timestamp` (now), with `options.secret`
 * (the demo secret).
 */
export async function signedCallback(
  exportId: number,
  options: CallbackOptions = {},
): Promise<{ method: string; headers: Record<string, string>; body: string }> {
  const body =
    options.body ??
    JSON.stringify({ project: { [PROJECT]: [`http://127.0.0.1/${exportId}.png`] }, design: {} });
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signed = `${timestamp}.${exportId}.${PROJECT}.${body}`;
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Planner-Timestamp': timestamp,
      'X-Planner-Export-Id': String(exportId),
      'X-Planner-Project-Id': String(PROJECT),
      'X-Planner-Signature': await hmac(options.secret ?? DEMO_SECRET, signed),
    },
    body,
  };
}

/** POSTs a result map to `<partner>/partner/export-callback` signed as the planner signs it. */
export async function sendCallback(
  partnerUrl: string,
  exportId: number,
  options: CallbackOptions = {},
): Promise<Response> {
  return fetch(`${partnerUrl}/partner/export-callback`, await signedCallback(exportId, options));
}

/** Makes an export of PROJECT with the user's token (token mode), to the given callback; its id. */
export async function exportWithToken(
  browser: TestBrowser,
  plannerUrl: string,
  callback: string,
): Promise<number> {
  const { access_token } = await (
    await browser.fetch('/partner/token', { json: { project_id: PROJECT } })
  ).json();
  assert.ok(access_token, 'a token from the partner');
  const exported = await fetch(`${plannerUrl}/planning/api/v2/projects/${PROJECT}/export.json`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      type: '2d',
      fmt: ['png'],
      width: 40,
      height: 30,
      paper: { combine: true },
      callback,
    }),
  });
  assert.equal(exported.status, 200);
  return ((await exported.json()) as { export_id: number }).export_id;
}

/** Reads server-sent events from a streaming response until `until` says stop; the events read. */
export async function readEvents(
  response: Response,
  until: (events: { event: string; data: string }[]) => boolean,
  timeoutMs = 10_000,
): Promise<{ event: string; data: string }[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: { event: string; data: string }[] = [];
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events) && Date.now() < deadline) {
      const read = await Promise.race([
        reader.read(),
        new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), deadline - Date.now())),
      ]);
      if (read === 'late' || read.done) break;
      buffer += read.value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
        const data = /^data: (.*)$/m.exec(block)?.[1] ?? '';
        events.push({ event, data });
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return events;
}

/** What the partner says of one export, polled (every 50 ms, 2 s at most) until it is ready. */
export async function exportStatus(
  browser: TestBrowser,
  exportId: number,
): Promise<{ status: string; result?: unknown }> {
  let status: { status: string; result?: unknown } = { status: 'pending' };
  for (let i = 0; i < 40 && status.status !== 'ready'; i++) {
    status = await (await browser.fetch(`/partner/exports/${exportId}/status`)).json();
    if (status.status !== 'ready') await new Promise((r) => setTimeout(r, 50));
  }
  return status;
}

/** Passes a request on to the planner at `base` as it came (but for its Host), as a proxy in front of it would. */
export async function forwardTo(base: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.delete('host');
  return fetch(`${base}${url.pathname}${url.search}`, {
    method: request.method,
    headers,
    body: request.method === 'GET' ? undefined : await request.arrayBuffer(),
    redirect: 'manual',
  });
}

/** The demo server (the emulator and the partner on one origin) for the suite it is called in. */
export function demoServerForSuite(options: Parameters<typeof startDemoServer>[0] = { rooms: 5 }): {
  readonly url: string;
} {
  const demo = { url: '', close: async () => {} };
  before(async () => {
    const running = await startDemoServer(options);
    demo.url = running.url;
    demo.close = running.close;
  });
  after(() => demo.close());
  return demo;
}
