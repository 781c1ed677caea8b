// <project-export-button> in real Chromium against the planning emulator and the partner back end,
// both mounted on the test page's origin. The partner's token endpoint needs a logged-in session,
// so the suite first walks the OAuth flow (partner start -> emulator authorize -> partner callback)
// with fetch, which follows the redirects and keeps the session cookie.
import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/project-export-button/project-export-button.ts';
import type {
  ExportDoneDetail,
  ExportErrorDetail,
  ProjectExportButton,
} from '../../src/elements/project-export-button/project-export-button.ts';
import type { ExportRequest } from '../../src/api/planning/export-tables.ts';
import type { ExportIssue } from '../../src/api/planning/export-issues.ts';
import { ElementError } from '../../src/internal/element-error.ts';
import { armFault, PLANNING, receivedRequests, resetEmulator } from './helpers/emulator.ts';
import { axeViolations } from './helpers/axe.ts';
import { describeStrictCsp } from './helpers/csp.ts';
import { CALLBACK, connectPartner, TOKEN_ENDPOINT } from './helpers/partner.ts';
import { cleanup, until, waitForEvent } from './helpers/wait.ts';
import {
  EXPORT_PATH,
  exportButton,
  exportCalls,
  press,
  PROJECT_ID,
} from './project-export-button.helpers.ts';

/** A button for PROJECT_ID on the emulator (planner-base set), `attributes` over the defaults. */
const button = (attributes: Record<string, string>, lang?: string) =>
  exportButton({ 'planner-base': PLANNING, ...attributes }, lang);

const inner = (el: ProjectExportButton) => el.shadowRoot!.querySelector('button')!;
const part = (el: ProjectExportButton, name: string) => el.shadowRoot!.querySelector(`[part~="${name}"]`);
/**
 * Every URL the page fetched, counted by a wrapper around window.fetch (resource timing would stop
 * counting silently once its buffer of 250 entries is full).
 */
const fetched: string[] = [];
const pageFetch = window.fetch;
const tokenFetches = () => fetched.filter((url) => url === TOKEN_ENDPOINT).length;

describe('<project-export-button>', function () {
  let ready = false;

  before(async function () {
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      fetched.push(new URL(url, location.href).href);
      return pageFetch(input, init);
    };
    ready = await connectPartner().catch(() => false);
  });

  after(() => {
    window.fetch = pageFetch;
  });

  beforeEach(async function () {
    await resetEmulator();
  });

  afterEach(cleanup);

  it('is accessible (axe): a real, focusable button with a live status region, idle and in error', async function () {
    const el = await button({ 'project-id': '' });
    await el.updateComplete;
    el.focus();
    expect(el.shadowRoot!.activeElement).to.equal(inner(el));
    expect(inner(el).type).to.equal('button');
    expect(part(el, 'status')!.getAttribute('role')).to.equal('status');
    expect(await axeViolations(el)).to.deep.equal([]);
    // the error state too
    const failed = waitForEvent(el, 'export-error');
    inner(el).click();
    await failed;
    await el.updateComplete;
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  /** Cases that need the emulator's planning part and the partner back end. */
  function needsServers(_context: Mocha.Context) {
    // the test server always mounts both: their absence is a failure, never a skip that hides one
    if (!ready) throw new Error('the partner back end or the planning emulator does not answer');
  }

  it('exports a 2D PDF: token from the partner, bearer header, body as the table says, file links', async function () {
    needsServers(this);
    const el = await button({ 'paper-size': 'A4', orientation: 'portrait', scale: '100', visuals: 'BW' });
    await el.updateComplete;
    const start = waitForEvent<ExportRequest>(el, 'export-start');
    const done = press<ExportDoneDetail>(el, 'export-done');
    await el.updateComplete;
    expect(inner(el).getAttribute('aria-busy')).to.equal('true');
    expect(el.getAttribute('state')).to.equal('busy');
    const sent = (await start).detail;
    const detail = (await done).detail;

    const calls = await exportCalls();
    expect(calls).to.have.length(1);
    expect(calls[0]!.headers.authorization).to.match(/^Bearer \S+$/);
    expect(calls[0]!.body).to.deep.equal({
      fmt: ['pdf'],
      width: 800,
      height: 600,
      type: '2d',
      paper: { combine: false, orientation: 'portrait', size: 'A4', scale: 100, visuals: 'BW' },
      callback: CALLBACK,
    });
    expect(sent).to.deep.equal(calls[0]!.body);

    expect(detail.queued).to.equal(false);
    expect(detail.exportId).to.be.a('number');
    const urls = [...Object.values(detail.project), ...Object.values(detail.design)].flat();
    expect(urls.length).to.be.greaterThan(0);
    await el.updateComplete;
    const links = [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[part="file"]')];
    expect(links.map((a) => a.href).sort()).to.deep.equal(
      urls.map((u) => new URL(u, location.href).href).sort(),
    );
    // the links lead to real files
    const file = await fetch(links[0]!.href);
    expect(file.ok).to.equal(true);
    expect(file.headers.get('content-type')).to.contain('pdf');
    expect(el.getAttribute('state')).to.equal('done');
    expect(inner(el).getAttribute('aria-busy')).to.equal('false');
    expect(part(el, 'status')!.textContent).to.match(/Export ready/);
    expect(await axeViolations(el)).to.deep.equal([]);
    // on a dark page the links stay readable (axe checks their contrast against the page)
    const container = el.parentElement!;
    container.style.colorScheme = 'dark';
    container.style.background = '#111';
    container.style.color = '#eee';
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('exports 3D views as png and jpg, with views nested as objects', async function () {
    needsServers(this);
    const el = await button({ type: '3d', formats: 'png, jpg', views: 'top,ne,tilted', combine: 'combine' });
    const done = press<ExportDoneDetail>(el, 'export-done');
    const detail = (await done).detail;
    const calls = await exportCalls();
    expect(calls).to.have.length(1);
    expect(calls[0]!.body).to.deep.equal({
      fmt: ['png', 'jpg'],
      width: 800,
      height: 600,
      type: '3d',
      paper: { combine: true },
      callback: CALLBACK,
      views: [{ type: 'top' }, { type: 'ne' }, { type: 'tilted' }],
    });
    expect(detail.queued).to.equal(false);
    await el.updateComplete;
    const links = el.shadowRoot!.querySelectorAll('a[part="file"]');
    expect(links.length).to.be.greaterThan(0);
    for (const a of links) expect((a as HTMLAnchorElement).protocol).to.match(/^https?:$/);
  });

  it('a success without a result map means queued: the files go to the callback', async function () {
    needsServers(this);
    const el = await button({});
    // the document leaves open whether the 200 carries the result map; an empty 200 is the other case
    await armFault({ match: EXPORT_PATH, method: 'POST', body: 'empty' });
    const done = press<ExportDoneDetail>(el, 'export-done');
    const detail = (await done).detail;
    expect(detail).to.deep.equal({ project: {}, design: {}, queued: true });
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('queued');
    expect(part(el, 'status')!.textContent).to.contain(`queued; the files will be delivered to ${CALLBACK}`);
    expect(part(el, 'files')).to.equal(null);
  });

  it('only http(s) file URLs become links; anything else is shown as text, never as markup', async function () {
    needsServers(this);
    // No real service sends such an answer, so this one case stands in for the planning service by
    // answering the export POST from a wrapped fetch; the token still comes from the partner.
    const crafted = `${location.origin}/crafted-planner/api/v2`;
    const realFetch = window.fetch;
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (!url.startsWith(crafted)) return realFetch(input, init);
      const files = ['javascript:alert(1)', 'https://files.example/plan.pdf', '<img src=x onerror=alert(1)>'];
      return new Response(
        JSON.stringify({ project: { [PROJECT_ID]: files }, design: { 7: [42, 'data:text/html,x'] } }),
        {
          headers: { 'Content-Type': 'application/json' },
        },
      );
    };
    try {
      const el = await button({ 'planner-base': crafted });
      const done = press<ExportDoneDetail>(el, 'export-done');
      await done;
      await el.updateComplete;
      const links = [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[part="file"]')];
      expect(links.map((a) => a.href)).to.deep.equal(['https://files.example/plan.pdf']);
      expect(links[0]!.rel).to.contain('noopener');
      const texts = [...el.shadowRoot!.querySelectorAll('span[part="file"]')].map((span) => span.textContent);
      expect(texts).to.have.length(3);
      expect(texts.join(' '))
        .to.contain('javascript:alert(1)')
        .and.to.contain('<img src=x onerror=alert(1)>');
      expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    } finally {
      window.fetch = realFetch;
    }
  });

  it('the options property is merged over the attributes', async function () {
    needsServers(this);
    const el = await button({ 'paper-size': 'A3' });
    el.options = { paper: { margins: { top: 30 }, stamp_names: false }, fmt: ['pdf', 'png'] };
    // a framework sets properties, numbers as numbers (React 19: width={640})
    el.width = 640;
    const done = waitForEvent(el, 'export-done');
    inner(el).click();
    await done;
    const [call] = await exportCalls();
    expect(call!.body).to.deep.include({ fmt: ['pdf', 'png'], width: 640 });
    expect((call!.body as ExportRequest).paper).to.deep.equal({
      combine: false,
      size: 'A3',
      margins: { top: 30 },
      stamp_names: false,
    });
  });

  it('when the token is rejected (401) it fetches a token once more and succeeds', async function () {
    needsServers(this);
    const el = await button({});
    await armFault({ match: EXPORT_PATH, method: 'POST', status: 401 });
    const before = tokenFetches();
    const done = press<ExportDoneDetail>(el, 'export-done');
    await done;
    expect(await exportCalls()).to.have.length(2);
    expect(tokenFetches() - before).to.equal(2);
  });

  it('an expired token: the planner refuses it, the button fetches the new one once and succeeds', async function () {
    needsServers(this);
    const el = await button({});
    let done = press<ExportDoneDetail>(el, 'export-done');
    await done; // the button now holds the session's token
    // the token expires at the planner (every OAuth token: the session's too); the visitor connects again
    const expired = (await (await fetch('/planning/emulator/expire-token', { method: 'POST' })).json()) as {
      expired: number;
    };
    expect(expired.expired).to.be.greaterThan(0);
    ready = await connectPartner();
    expect(ready).to.equal(true);
    await resetEmulator();
    const before = tokenFetches();
    done = press<ExportDoneDetail>(el, 'export-done');
    expect((await done).detail.queued).to.equal(false);
    const calls = await exportCalls();
    expect(calls).to.have.length(2, 'the refused one with the expired token, then the fresh one');
    expect(calls[0]!.headers.authorization).to.not.equal(calls[1]!.headers.authorization);
    expect(tokenFetches() - before).to.equal(1);
  });

  it('reuses a token while it lives, and fetches a new one once its expires_in has passed', async function () {
    needsServers(this);
    const el = await button({});
    let done = waitForEvent(el, 'export-done');
    inner(el).click();
    await done;
    const before = tokenFetches();
    done = waitForEvent(el, 'export-done');
    inner(el).click();
    await done;
    expect(tokenFetches() - before).to.equal(0, 'the second export reuses the token');
    // three hours later by the page's clock: past the partner's expires_in (at most 2 hours here)
    const realNow = Date.now;
    Date.now = () => realNow() + 3 * 3600_000;
    try {
      done = waitForEvent(el, 'export-done');
      inner(el).click();
      await done;
    } finally {
      Date.now = realNow;
    }
    expect(tokenFetches() - before).to.equal(1, 'a new token before sending');
    expect(await exportCalls()).to.have.length(3, 'and no request with the old token was refused');
  });

  it("shows the partner's login_url as a link only when it stays on the page's origin", async function () {
    // no partner sends such an answer: a wrapped fetch stands in for a token endpoint that does
    const standIn = `${location.origin}/crafted-partner/token`;
    const wrapped = window.fetch;
    let loginUrl = '';
    window.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url !== standIn) return wrapped(input, init);
      return new Response(JSON.stringify({ error: 'login_required', login_url: loginUrl }), {
        status: 401,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    try {
      const el = await button({ 'token-endpoint': standIn });
      for (const [given, shown] of [
        ['/partner/oauth/start?return_to=/x', `${location.origin}/partner/oauth/start?return_to=/x`],
        ['https://evil.example/login', null],
        ['javascript:alert(1)', null],
        [`//evil.example${location.pathname}`, null],
      ] as const) {
        loginUrl = given;
        const failed = waitForEvent(el, 'export-error');
        inner(el).click();
        await failed;
        await el.updateComplete;
        expect(part(el, 'error')!.textContent).to.contain('not connected');
        const link = part(el, 'login') as HTMLAnchorElement | null;
        expect(link?.href ?? null).to.equal(shown, given);
      }
    } finally {
      window.fetch = wrapped;
    }
  });

  it('a token endpoint that answers something else, cannot be reached or is not a URL: an error in words', async function () {
    const standIn = `${location.origin}/room-styling/token-stand-in`;
    await armFault({ match: '/room-styling/token-stand-in', method: 'POST', body: 'wrong-shape' });
    const el = await button({ 'token-endpoint': standIn });
    let failed = press<ExportErrorDetail>(el, 'export-error');
    let { error } = (await failed).detail;
    expect(error).to.be.instanceOf(ElementError);
    expect((error as ElementError).kind).to.equal('invalid');
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('No access token could be obtained');
    expect(el.getAttribute('state')).to.equal('error');

    // a token endpoint that cannot be reached at all
    el.tokenEndpoint = 'http://127.0.0.1:9/partner/token';
    failed = press<ExportErrorDetail>(el, 'export-error');
    ({ error } = (await failed).detail);
    expect((error as ElementError).status).to.equal(0);
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('Could not reach the token endpoint');

    el.tokenEndpoint = 'http://[::1';
    failed = press<ExportErrorDetail>(el, 'export-error');
    ({ error } = (await failed).detail);
    expect(error).to.be.instanceOf(ElementError);
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('No access token could be obtained');
    expect(await exportCalls()).to.have.length(0);
  });

  it('a token the service really revoked: the 403 leads to one fresh token and success', async function () {
    needsServers(this);
    const el = await button({});
    let done = press<ExportDoneDetail>(el, 'export-done');
    await done; // the button now holds the session's token
    // revoke it at the planner (through the partner) and connect again: the partner gets a new token,
    // the button still holds the old one
    expect(
      (await fetch('/partner/oauth/revoke', { method: 'POST', credentials: 'same-origin' })).ok,
    ).to.equal(true);
    ready = await connectPartner();
    expect(ready).to.equal(true);
    await resetEmulator();
    done = press<ExportDoneDetail>(el, 'export-done');
    await done;
    const calls = await exportCalls();
    expect(calls).to.have.length(2);
    const [first, second] = calls.map((c) => c.headers.authorization);
    expect(first).to.not.equal(second);
  });

  it('a token the planner stopped accepting behind the partner’s back: the recheck says "not connected", never the dead token again', async function () {
    needsServers(this);
    const el = await button({});
    let done = press<ExportDoneDetail>(el, 'export-done');
    await done; // the button holds the session's token; the partner remembers the planner's yes for it
    // the planner stops accepting it, the partner is not told: its session still holds the token
    const expired = (await (await fetch('/planning/emulator/expire-token', { method: 'POST' })).json()) as {
      expired: number;
    };
    expect(expired.expired).to.be.greaterThan(0);
    await resetEmulator();
    const sent: Headers[] = [];
    const wrapped = window.fetch;
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (new URL(url, location.href).href === TOKEN_ENDPOINT) sent.push(new Headers(init?.headers));
      return wrapped(input, init);
    };
    // the partner answers one forced check per token and project every forcedCheckInterval (2 s by
    // default, docs/partner.md): the test before forced one for this session's token
    await new Promise((resolve) => setTimeout(resolve, 2100));
    try {
      const before = tokenFetches();
      const failed = press<ExportErrorDetail>(el, 'export-error');
      const { error } = (await failed).detail;
      expect((error as ElementError).status).to.equal(401, 'the partner checked with the planner');
      expect(tokenFetches() - before).to.equal(1, 'one fresh token request after the refusal');
      expect(sent.map((h) => h.get('cache-control'))).to.deep.equal(['no-cache']);
      expect(await exportCalls()).to.have.length(1, 'the dead token was not sent a second time');
      await el.updateComplete;
      expect(part(el, 'error')!.textContent).to.contain('not connected to the planning service (401)');
    } finally {
      window.fetch = wrapped;
      ready = await connectPartner();
    }
    done = press<ExportDoneDetail>(el, 'export-done');
    await done;
  });

  it('gives up after one fresh token: a second 403 is an error in words', async function () {
    needsServers(this);
    const el = await button({});
    await armFault({ match: EXPORT_PATH, method: 'POST', status: 403, times: 2 });
    const failed = press<ExportErrorDetail>(el, 'export-error');
    const { error } = (await failed).detail;
    expect(error).to.be.instanceOf(ElementError);
    expect((error as ElementError).status).to.equal(403);
    expect(await exportCalls()).to.have.length(2);
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain(
      'refused the export (403), also with a fresh access token',
    );
  });

  it("another account's public project: the partner hands out a token, the planner refuses the export, in words", async function () {
    needsServers(this);
    // 29200002 is public (so the partner's check that the user can see it passes) but not this user's
    const el = await button({ 'project-id': '29200002' });
    const failed = press<ExportErrorDetail>(el, 'export-error');
    const { error } = (await failed).detail;
    expect((error as ElementError).status).to.equal(403);
    const calls = (await receivedRequests('/planning/api/v2/projects/29200002/export.json')).filter(
      (r) => r.method === 'POST',
    );
    expect(calls).to.have.length(2, 'one more try with a fresh token, then no more');
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('may not export this project');
  });

  it('a 422 from the service is shown in words, with the service message', async function () {
    needsServers(this);
    // design 1 is not a design of this project: only the service can know that
    const el = await button({ designs: '1' });
    const failed = press<ExportErrorDetail>(el, 'export-error');
    const { error } = (await failed).detail;
    expect((error as ElementError).status).to.equal(422);
    await el.updateComplete;
    const text = part(el, 'error')!.textContent!;
    expect(text).to.contain('rejected the export (422)');
    expect(text).to.contain('invalid parameters specified');
    // the service's own list of problems, as text
    const details = [...part(el, 'error')!.querySelectorAll('li')].map((li) => li.textContent);
    expect(details.some((d) => d!.includes('designs'))).to.equal(true, details.join(' | '));
    expect(el.getAttribute('state')).to.equal('error');
    expect(part(el, 'files')).to.equal(null);
  });

  it('a network failure is shown in words and the button works again afterwards', async function () {
    needsServers(this);
    const el = await button({ 'planner-base': 'http://127.0.0.1:9/planning/api/v2' });
    // a planner the page itself trusts from script, so the request is made and fails on the network
    el.trustedPlannerBases = ['http://127.0.0.1:9'];
    const failed = press<ExportErrorDetail>(el, 'export-error');
    const { error } = (await failed).detail;
    expect((error as ElementError).status).to.equal(0);
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('could not be reached');
    el.plannerBase = PLANNING;
    const done = waitForEvent(el, 'export-done');
    inner(el).click();
    await done;
    await el.updateComplete;
    expect(part(el, 'error')).to.equal(null);
  });

  it('a 5xx and an unreadable answer are errors in words', async function () {
    needsServers(this);
    const el = await button({});
    await armFault({ match: EXPORT_PATH, method: 'POST', status: 503 });
    let failed = press<ExportErrorDetail>(el, 'export-error');
    expect(((await failed).detail.error as ElementError).status).to.equal(503);
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('had a problem (503)');

    await armFault({ match: EXPORT_PATH, method: 'POST', body: 'malformed' });
    failed = press<ExportErrorDetail>(el, 'export-error');
    expect(((await failed).detail.error as ElementError).kind).to.equal('invalid');
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('cannot be read');
  });

  it('a double click sends one export', async function () {
    needsServers(this);
    const el = await button({});
    await armFault({ match: EXPORT_PATH, method: 'POST', delay: 300 });
    const done = waitForEvent(el, 'export-done');
    let starts = 0;
    el.addEventListener('export-start', () => starts++);
    inner(el).click();
    inner(el).click();
    inner(el).dispatchEvent(new MouseEvent('dblclick', { bubbles: true }));
    await until(() => el.busy, 2000, 'busy');
    inner(el).click();
    await done;
    expect(starts).to.equal(1);
    expect(await exportCalls()).to.have.length(1);
    // once the outcome is out, the next click is a new export (not swallowed as part of the first)
    const again = waitForEvent(el, 'export-done');
    inner(el).click();
    expect(starts).to.equal(2);
    await again;
  });

  it('an invalid request sends nothing and says what is wrong', async function () {
    const el = await button({ type: '3d', formats: 'pdf,gif', width: 'wide', scale: '100' });
    const failed = waitForEvent<ExportErrorDetail>(el, 'export-error');
    const before = tokenFetches();
    inner(el).click();
    const { error } = (await failed).detail;
    expect(error).to.be.instanceOf(ElementError);
    expect(error.reason).to.equal('invalid-request');
    const issues = (error.problems as ExportIssue[]).map((i) => `${i.code} ${i.path}`);
    expect(issues).to.have.members([
      'one-of fmt[1]',
      'positive-integer width',
      'only-2d paper[scale]',
      'required views',
    ]);
    await el.updateComplete;
    const text = part(el, 'error')!.textContent!;
    expect(text).to.contain('not sent');
    expect(text).to.contain('fmt[1] must be one of png, pdf, jpg (not gif)');
    expect(text).to.contain('views is required');
    expect(el.getAttribute('state')).to.equal('error');
    expect(tokenFetches()).to.equal(before);
    expect(await receivedRequests('/planning')).to.have.length(0);
  });

  it('speaks Dutch under lang="nl"', async function () {
    const el = await button({ 'project-id': 'abc', callback: '' }, 'nl');
    // Dutch is downloaded when an element first speaks it, but the label the loader's box holds is
    // Dutch from the first render on (issue 35: the box must not change width when the words arrive)
    expect(inner(el).textContent!.trim()).to.equal('Plattegrond exporteren');
    const failed = waitForEvent(el, 'export-error');
    inner(el).click();
    await failed;
    await until(() => part(el, 'error')?.textContent?.includes('niet verstuurd'), 5000, 'Dutch words');
    const text = part(el, 'error')!.textContent!;
    expect(text).to.contain('niet verstuurd');
    expect(text).to.contain('project-id moet een geheel getal boven 0 zijn (niet abc)');
    expect(text).to.contain('callback is verplicht');
    // and follows a change of language after the first render
    el.parentElement!.lang = 'en';
    await until(() => inner(el).textContent!.trim() === 'Export plan', 2000, 'the English label');
    await el.updateComplete;
    expect(part(el, 'error')!.textContent).to.contain('callback is required');
  });

  it('works from the keyboard: Tab reaches the button, Enter and Space start an export', async function () {
    // an invalid request (no project id): each key press gives export-error, nothing is sent
    const el = await button({ 'project-id': '' });
    const first = document.createElement('button');
    first.textContent = 'before';
    el.before(first);
    first.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(el);
    expect(el.shadowRoot!.activeElement).to.equal(inner(el));
    let errors = 0;
    el.addEventListener('export-error', () => errors++);
    await sendKeys({ press: 'Enter' });
    await until(() => errors === 1, 3000, 'export-error after Enter');
    await sendKeys({ press: 'Space' });
    await until(() => errors === 2, 3000, 'export-error after Space');
    await el.updateComplete;
    // the alert says why; focus stays on the button, so pressing again is one key away
    expect(part(el, 'error')!.getAttribute('role')).to.equal('alert');
    expect(el.shadowRoot!.activeElement).to.equal(inner(el));
  });

  it('a label can be slotted, and never throws into the page when taken away mid-export', async function () {
    needsServers(this);
    const el = await button({});
    el.textContent = 'Download PDF';
    await armFault({ match: EXPORT_PATH, method: 'POST', delay: 300 });
    let events = 0;
    el.addEventListener('export-done', () => events++);
    el.addEventListener('export-error', () => events++);
    inner(el).click();
    await until(async () => (await exportCalls()).length === 1, 3000, 'the export call');
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(events).to.equal(0);
    expect(el.busy).to.equal(false);
  });

  it('proxy mode: the partner adds the token and the callback; the browser never fetches a token', async function () {
    needsServers(this);
    const el = await button({
      'token-endpoint': '',
      'planner-base': '',
      callback: '',
      'proxy-base': `${location.origin}/partner/proxy`,
      formats: 'png',
    });
    el.removeAttribute('token-endpoint');
    el.removeAttribute('callback');
    const before = tokenFetches();
    const done = press<ExportDoneDetail>(el, 'export-done');
    const detail = (await done).detail;
    expect(detail.queued).to.equal(false);
    expect(tokenFetches()).to.equal(before);
    const calls = await exportCalls();
    expect(calls).to.have.length(1);
    // what reached the planning service: the session's token and the partner's own callback
    expect(calls[0]!.headers.authorization).to.match(/^Bearer \S+$/);
    expect((calls[0]!.body as ExportRequest).callback).to.equal(CALLBACK);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('a[part="file"]').length).to.be.greaterThan(0);
  });

  it('after the account is disconnected: "not connected" in words with a connect link, in both modes', async function () {
    needsServers(this);
    const revoked = await fetch('/partner/oauth/revoke', { method: 'POST', credentials: 'same-origin' });
    expect(revoked.ok).to.equal(true);
    try {
      const modes: Record<string, string>[] = [{}, { 'proxy-base': `${location.origin}/partner/proxy` }];
      for (const attributes of modes) {
        const el = await button(attributes);
        const failed = press<ExportErrorDetail>(el, 'export-error');
        const { error } = (await failed).detail;
        expect((error as ElementError).status).to.equal(401);
        await el.updateComplete;
        expect(part(el, 'error')!.textContent).to.contain('not connected to the planning service (401)');
        const link = part(el, 'login') as HTMLAnchorElement;
        expect(new URL(link.href).pathname).to.equal('/partner/oauth/start');
        expect(await exportCalls()).to.have.length(0);
      }
    } finally {
      ready = await connectPartner();
    }
  });
});

describeStrictCsp('project-export-button', 'error');
