/**
 * The signed sign-in state (server/partner/login-state.ts, issue 34): a sign-in under way lives in
 * its `state`, so what the partner verifies is the signature, the browser's login cookie, the
 * redirect URI, the expiry and single use. Checked on the class itself and over real HTTP.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LoginStates } from '../../server/partner/login-state.ts';
import { MemoryStore } from '../../server/partner/store.ts';
import { demoServerForSuite } from './partner-setup.ts';
import { TestBrowser } from './partner-test-browser.ts';

const BINDING = 'b'.repeat(43);
const REDIRECT = 'https://portal.example/partner/oauth/callback';

/** The state with part `index` (0 expiry, 1 nonce, 2 return path, 3 signature) replaced. */
const withPart = (state: string, index: number, value: string) =>
  state
    .split('.')
    .map((part, i) => (i === index ? value : part))
    .join('.');

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('partner back end: the signed sign-in state', () => {
  const states = new LoginStates('a-secret', 600);

  it('opens for the browser and redirect URI it was issued to, with its return path', async () => {
    const state = await states.issue(BINDING, '/shop?x=1', REDIRECT);
    const opened = await states.open(state, BINDING, REDIRECT);
    assert.equal(opened?.returnTo, '/shop?x=1');
    assert.ok(opened!.expiresAt > Date.now() / 1000 + 590);
    assert.ok(!state.includes(BINDING), 'the login cookie is not in the state');
    // two starts of one browser are two states
    assert.notEqual(await states.issue(BINDING, '/shop?x=1', REDIRECT), state);
  });

  it('refuses another browser, another redirect URI, another secret and every altered part', async () => {
    const state = await states.issue(BINDING, '/shop', REDIRECT);
    assert.equal(await states.open(state, 'c'.repeat(43), REDIRECT), undefined, 'another browser');
    assert.equal(await states.open(state, BINDING, 'https://evil.example/cb'), undefined, 'redirect URI');
    assert.equal(await new LoginStates('other', 600).open(state, BINDING, REDIRECT), undefined, 'secret');
    const later = String(Number(state.split('.')[0]) + 60);
    const altered = [
      withPart(state, 0, later),
      withPart(state, 1, 'A'.repeat(22)),
      withPart(state, 2, b64('//evil.example/')),
      withPart(state, 3, 'A'.repeat(43)),
      `${state}.x`,
      state.slice(0, -1),
      '',
      'x'.repeat(5000),
      'not-a-state',
    ];
    for (const bad of altered) assert.equal(await states.open(bad, BINDING, REDIRECT), undefined, bad);
  });

  it('expires after its lifetime, and a state from further ahead is refused', async () => {
    const state = await states.issue(BINDING, '/', REDIRECT);
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 599_000;
      assert.ok(await states.open(state, BINDING, REDIRECT), 'valid just before it ends');
      Date.now = () => realNow() + 601_000;
      assert.equal(await states.open(state, BINDING, REDIRECT), undefined, 'expired');
      // issued with a clock far ahead: more than its lifetime away now
      Date.now = () => realNow() + 3_600_000;
      const ahead = await states.issue(BINDING, '/', REDIRECT);
      Date.now = realNow;
      assert.equal(await states.open(ahead, BINDING, REDIRECT), undefined, 'from the future');
    } finally {
      Date.now = realNow;
    }
  });

  it('is used once: the mark stays until the state expires, in a bounded lane', async () => {
    const store = new MemoryStore({ state: 50 });
    const opened = (await states.open(await states.issue(BINDING, '/', REDIRECT), BINDING, REDIRECT))!;
    assert.equal(await states.useOnce(store, opened), true);
    assert.equal(await states.useOnce(store, opened), false, 'the second use');
    const realNow = Date.now;
    try {
      Date.now = () => realNow() + 590_000;
      assert.equal(await states.useOnce(store, opened), false, 'still remembered near its end');
    } finally {
      Date.now = realNow;
    }
    for (let i = 0; i < 200; i++) {
      const each = (await states.open(await states.issue(BINDING, '/', REDIRECT), BINDING, REDIRECT))!;
      await states.useOnce(store, each);
    }
    assert.ok(store.sizeOf('state') <= 50, `${store.sizeOf('state')} marks kept`);
  });
});

describe('partner back end: a signed state over HTTP', () => {
  const demo = demoServerForSuite();

  it('a state whose return path was changed is refused; the one issued signs in once', async () => {
    const browser = new TestBrowser(demo.url);
    const start = await browser.fetch('/partner/oauth/start?return_to=/partner/session');
    const granted = await browser.fetch(start.headers.get('location')!);
    const callback = new URL(granted.headers.get('location')!);
    const state = callback.searchParams.get('state')!;
    const forged = new URL(callback);
    forged.searchParams.set('state', withPart(state, 2, b64('/partner/login?evil=1')));
    const refused = await browser.fetch(forged.pathname + forged.search);
    assert.equal(refused.status, 400);
    assert.match(await refused.text(), /could not be verified/);
    const done = await browser.fetch(callback.pathname + callback.search);
    assert.equal(done.status, 302);
    assert.equal(done.headers.get('location'), '/partner/session');
    assert.equal((await browser.fetch(callback.pathname + callback.search)).status, 400, 'used once');
  });
});
