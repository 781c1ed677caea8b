/**
 * The partner's /token answer names the planner root the partner itself uses for the session
 * (`planner_base`), beside the token and its lifetime: <project-export-button> sends the token to
 * that origin and nowhere the page did not trust from script. Over real HTTP, with the planner on its
 * own origin (configured bases) and with the demo's derived base (the emulator on the partner's origin).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer, type Running } from './helpers/server.ts';
import { TestBrowser } from './partner-test-browser.ts';
import { login, PROJECT, startPartners, type Partners } from './partner-setup.ts';

async function tokenAnswer(browser: TestBrowser): Promise<Record<string, unknown>> {
  const response = await browser.fetch('/partner/token', { json: { project_id: PROJECT } });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('cache-control'), 'no-store');
  return (await response.json()) as Record<string, unknown>;
}

describe('partner /token answer: the planner it vouches for', () => {
  let setup: Partners;
  let demo: Running;
  before(async () => {
    setup = await startPartners(1);
    demo = await startDemoServer({ rooms: 5 });
  });
  after(async () => {
    await setup.close();
    await demo.close();
  });

  it('a configured planner: planner_base is its API root, the other members stay', async () => {
    const browser = new TestBrowser(setup.partners[0]!.url);
    await login(browser);
    const answer = await tokenAnswer(browser);
    assert.deepEqual(Object.keys(answer).sort(), ['access_token', 'expires_in', 'planner_base']);
    assert.equal(answer.planner_base, `${setup.planner.url}/planning/api/v2`);
    assert.equal(typeof answer.access_token, 'string');
    assert.ok((answer.access_token as string).length > 0);
    assert.ok(Number.isInteger(answer.expires_in) && (answer.expires_in as number) > 0);
    // the token really belongs to that root: the planner accepts it there
    const project = await fetch(`${answer.planner_base as string}/projects/${PROJECT}.json`, {
      headers: { Authorization: `Bearer ${answer.access_token as string}` },
    });
    assert.equal(project.status, 200);
    await project.body?.cancel();
  });

  it("the demo's derived planner: planner_base is the emulator on the partner's own origin", async () => {
    const browser = new TestBrowser(demo.url);
    const start = await browser.fetch('/partner/oauth/start?return_to=/partner/session');
    assert.equal(start.status, 302);
    const granted = await fetch(new URL(start.headers.get('location')!, demo.url), { redirect: 'manual' });
    const back = await browser.fetch(granted.headers.get('location')!);
    assert.equal(back.status, 302);
    const answer = await tokenAnswer(browser);
    assert.equal(answer.planner_base, `${demo.url}/planning/api/v2`);
  });

  it('no planner_base (nor any token) without a login', async () => {
    const browser = new TestBrowser(setup.partners[0]!.url);
    const response = await browser.fetch('/partner/token', { json: { project_id: PROJECT } });
    assert.equal(response.status, 401);
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(body.planner_base, undefined);
    assert.equal(body.access_token, undefined);
  });
});
