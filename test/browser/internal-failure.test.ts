/** The one classifier (src/api/failure.ts) and the one element error (src/internal/element-error.ts). */
import { expect } from '@esm-bundle/chai';
import * as v from 'valibot';
import { ApiError } from '../../src/api/http.ts';
import { classifyFailure } from '../../src/api/failure.ts';
import { ElementError, shortMessage } from '../../src/internal/element-error.ts';
import { toElementError } from '../../src/internal/to-element-error.ts';
import { onUnlessFalse } from '../../src/internal/converters.ts';

describe('classifyFailure and ElementError', () => {
  it('classifies service answers by status and failures by kind', () => {
    const http = (status: number) => new ApiError('x', status, 'u', 'http');
    expect([401, 403, 404, 410, 500, 503, 400, 422, 0].map((s) => classifyFailure(http(s)))).to.deep.equal([
      'forbidden',
      'forbidden',
      'not-found',
      'not-found',
      'server',
      'server',
      'refused',
      'refused',
      'network',
    ]);
    expect(classifyFailure(new ApiError('t', 0, 'u', 'timeout'))).to.equal('timeout');
    expect(classifyFailure(new ApiError('n', 0, 'u', 'network'))).to.equal('network');
    expect(classifyFailure(new ApiError('a', 0, 'u', 'abort'))).to.equal('aborted');
    expect(classifyFailure(new ApiError('i', 200, 'u', 'invalid'))).to.equal('invalid');
  });

  it('classifies what fetch, JSON and valibot throw', async () => {
    expect(classifyFailure(new DOMException('stop', 'AbortError'))).to.equal('aborted');
    expect(classifyFailure(new DOMException('slow', 'TimeoutError'))).to.equal('timeout');
    const offline = await fetch('http://127.0.0.1:1/').catch((e: unknown) => e);
    expect(classifyFailure(offline)).to.equal('network');
    const json = (() => {
      try {
        JSON.parse('{');
      } catch (e) {
        return e;
      }
    })();
    expect(classifyFailure(json)).to.equal('invalid');
    const vali = (() => {
      try {
        v.parse(v.number(), 'x');
      } catch (e) {
        return e;
      }
    })();
    expect(classifyFailure(vali)).to.equal('invalid');
    expect(classifyFailure('a thrown string')).to.equal('invalid');
  });

  it('toElementError keeps an ApiError status and message; ElementError passes through', () => {
    const error = toElementError(new ApiError('Room is private', 403, 'u', 'http'));
    expect(error).to.be.instanceOf(ElementError);
    expect([error.kind, error.status, error.message]).to.deep.equal(['forbidden', 403, 'Room is private']);
    const own = new ElementError('no id', { kind: 'invalid', reason: 'bad-id' });
    expect(toElementError(own)).to.equal(own);
  });

  it('shortMessage is one trimmed line of at most max characters', () => {
    expect(shortMessage(new Error('  a\n  b  '))).to.equal('a b');
    const long = shortMessage('x'.repeat(500), 20);
    expect(long.length).to.equal(20);
    expect(long.endsWith('…')).to.equal(true);
  });

  it('onUnlessFalse: on unless false / off / no / 0', () => {
    const from = onUnlessFalse.fromAttribute!;
    expect([null, '', 'true', 'on', 'false', 'OFF', ' no ', '0'].map((x) => from(x, Boolean))).to.deep.equal([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
