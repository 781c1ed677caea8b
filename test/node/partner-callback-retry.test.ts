/**
 * A callback the partner could not take must not leave its replay mark behind (issue 22, finding 10):
 * XML the parser refuses (nesting too deep, a reserved name such as `<__proto__>`) is a 400 with the
 * reason, never a 500, and the planner's retry of the same delivery is judged again (400 again, or
 * 200 once the partner can keep it), never answered 409 `replayed_callback`. Over real HTTP.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hmac } from './helpers/hmac.ts';
import {
  exportStatus,
  exportWithToken,
  login,
  PROJECT,
  sendCallback,
  startPartners,
  type Partners,
} from './partner-setup.ts';
import { TestBrowser } from './partner-test-browser.ts';

const API_KEY = `ak-${crypto.randomUUID()}`;
const NS = 'xmlns="https://planner.example/export/result" xmlns:xlink="http://www.w3.org/1999/xlink"';
const LINK = '<link xlink:href="http://127.0.0.1/files/a.zip" type="application/zip"/>';

describe('partner back end: callbacks it could not take can be sent again', () => {
  let partners: Partners;
  before(async () => {
    partners = await startPartners(1, () => ({ callbackKeys: [API_KEY] }));
  });
  after(() => partners.close());

  /** One signed XML delivery, sent as many times as called (the planner's retries). */
  const xmlDelivery = async (exportId: number, xml: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'Content-Type': 'application/xml',
      'X-Planner-Timestamp': timestamp,
      'X-Planner-Export-Id': String(exportId),
      'X-Planner-Project-Id': String(PROJECT),
      'X-Planner-Signature': await hmac(API_KEY, `${timestamp}.${exportId}.${PROJECT}.${xml}`),
    };
    return async () => {
      const response = await fetch(`${partners.partners[0]!.url}/partner/export-callback-xml`, {
        method: 'POST',
        headers,
        body: xml,
      });
      const text = await response.text();
      return { status: response.status, error: (JSON.parse(text) as { error?: string }).error, text };
    };
  };

  it('XML the parser refuses is a 400 with the reason, and its retry is not a replay', async () => {
    const bodies = {
      proto: `<result ${NS}><__proto__><polluted>yes</polluted></__proto__>${LINK}</result>`,
      constructor: `<result ${NS}><constructor/>${LINK}</result>`,
      deep: `<result ${NS}>${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}${LINK}</result>`,
    };
    let exportId = 7100;
    for (const [name, xml] of Object.entries(bodies)) {
      const send = await xmlDelivery(++exportId, xml);
      const first = await send();
      assert.equal(first.status, 400, `${name}: ${first.text}`);
      assert.equal(first.error, 'not_an_export_result', name);
      assert.doesNotMatch(first.text, /\n\s+at /, `${name}: no stack trace`);
      const retry = await send();
      assert.deepEqual([retry.status, retry.error], [400, 'not_an_export_result'], `${name}: the retry`);
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype pollution');
    // and a good delivery is still taken once, and refused as a replay the second time
    const good = await xmlDelivery(7200, `<result ${NS}>${LINK}</result>`);
    assert.equal((await good()).status, 200);
    assert.deepEqual((await good()).status, 409);
  });

  it('a v2 callback refused for its body keeps no replay mark either', async () => {
    const url = partners.partners[0]!.url;
    const timestamp = Math.floor(Date.now() / 1000);
    const notAMap = JSON.stringify({ project: { [PROJECT]: ['javascript:alert(1)'] }, design: {} });
    const first = await sendCallback(url, 7300, { body: notAMap, timestamp });
    assert.equal(first.status, 400);
    const retry = await sendCallback(url, 7300, { body: notAMap, timestamp });
    assert.deepEqual(
      [retry.status, ((await retry.json()) as { error: string }).error],
      [400, 'not_a_result_map'],
    );
  });

  it("an export whose callback never arrived is read from the planner's record (no export lost)", async () => {
    const browser = new TestBrowser(partners.partners[0]!.url);
    await login(browser);
    // the planner's callback goes to a port nobody listens on: it gives up after its retries
    const exportId = await exportWithToken(browser, partners.planner.url, 'http://127.0.0.1:9/lost');
    const status = await exportStatus(browser, exportId);
    assert.equal(status.status, 'ready');
    assert.ok(JSON.stringify(status.result).includes('http'), JSON.stringify(status.result));
  });
});
