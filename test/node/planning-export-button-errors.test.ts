/**
 * The export button's errors in words (src/elements/project-export-button/export-failure.ts, pure and
 * DOM-free): which sentence each failure gets, told apart by step (token endpoint or planning
 * service) and kind, so a timeout is never called "unreachable" and a bug never "the service's fault".
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError } from '../../src/api/http.ts';
import { describeExportError } from '../../src/elements/project-export-button/export-failure.ts';
import { ElementError } from '../../src/internal/element-error.ts';
import { TokenEndpointError } from '../../src/elements/project-export-button/export-flow.ts';
import { STRINGS } from '../../src/elements/project-export-button/project-export-button.strings.ts';
import nl from '../../src/i18n/nl.ts';

const http = (status: number, body?: unknown) => new ApiError(`HTTP ${status}`, status, 'u', 'http', body);
const other = (kind: 'network' | 'timeout' | 'invalid' | 'abort') => new ApiError(kind, 0, 'u', kind);

describe('<project-export-button> errors in words', () => {
  it('names the step and the kind of each failure', () => {
    const cases: [unknown, string][] = [
      [other('timeout'), 'errorTimeout'],
      [other('network'), 'errorNetwork'],
      [other('invalid'), 'errorInvalid'],
      [http(401), 'errorTokenRejected'],
      [http(403), 'errorTokenRejected'],
      [http(404), 'errorNotFound'],
      [http(422, { error: 'invalid parameters specified' }), 'errorRejected'],
      [http(503), 'errorServer'],
      [new TypeError('x is undefined'), 'errorOther'],
      ['a thrown string', 'errorOther'],
      [new TokenEndpointError(other('timeout')), 'errorTokenNetwork'],
      [new TokenEndpointError(other('network')), 'errorTokenNetwork'],
      [new TokenEndpointError(http(401, { login_url: '/partner/oauth/start' })), 'errorNotConnected'],
      [new TokenEndpointError(http(403)), 'errorTokenRefused'],
      [new TokenEndpointError(http(502)), 'errorTokenOther'],
      [new TokenEndpointError(other('invalid')), 'errorTokenOther'],
    ];
    for (const [error, key] of cases) {
      const described = describeExportError(error);
      assert.equal(described.words.key, key, String(error));
      assert.ok(described.error instanceof ElementError, 'export-error always carries an ElementError');
      // every key has both languages
      assert.ok(STRINGS.en[described.words.key] && nl.exportButton[described.words.key], key);
    }
  });

  it("lists the service's own problems for a 422, as text, at most 8 and each cut short", () => {
    const details = Array.from({ length: 12 }, (_, i) => (i === 0 ? 'x'.repeat(500) : `problem ${i}`));
    const { words } = describeExportError(http(422, { error: 'invalid parameters specified', details }));
    assert.equal(words.details!.length, 8);
    assert.ok(words.details![0]!.length <= 160);
    assert.equal(words.details![1], 'problem 1');
    assert.equal(describeExportError(http(422, { details: 'not a list' })).words.details, undefined);
  });

  it('offers no login link without a page origin to check it against', () => {
    // in a page, only a same-origin http(s) login_url becomes the link (browser test); here there is no location
    const { words } = describeExportError(
      new TokenEndpointError(http(401, { login_url: 'javascript:alert(1)' })),
    );
    assert.equal(words.loginUrl, undefined);
  });
});
