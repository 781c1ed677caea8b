/** LatestRequestController (src/internal/latest-request.ts): the newest run wins, older ones are aborted. */
import { expect } from '@esm-bundle/chai';
import { LitElement } from 'lit';
import { ApiError } from '../../src/api/http.ts';
import { ElementError } from '../../src/internal/element-error.ts';
import { LatestRequestController } from '../../src/internal/latest-request.ts';
import { cleanup, fixtureContainer } from './helpers/wait.ts';

class RequestProbe extends LitElement {
  request = new LatestRequestController(this);
}
customElements.define('request-probe', RequestProbe);

/** A task that answers `value` after `ms`, or rejects with the abort reason. */
const answer =
  <T>(value: T, ms: number, log?: AbortSignal[]) =>
  (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      log?.push(signal);
      const timer = setTimeout(() => resolve(value), ms);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('LatestRequestController', () => {
  afterEach(cleanup);

  it('aborts the previous run and lets only the newest resolve done', async () => {
    const el = document.createElement('request-probe') as RequestProbe;
    fixtureContainer().append(el);
    const signals: AbortSignal[] = [];
    const first = el.request.run(answer('old', 50, signals));
    expect(el.request.pending).to.equal(true);
    const second = el.request.run(answer('new', 10, signals));
    expect(signals[0]!.aborted).to.equal(true);
    expect(await first).to.deep.equal({ status: 'superseded' });
    expect(await second).to.deep.equal({ status: 'done', value: 'new' });
    expect(el.request.pending).to.equal(false);
  });

  it('never shows a stale answer, even from a task that ignores its signal', async () => {
    const el = document.createElement('request-probe') as RequestProbe;
    fixtureContainer().append(el);
    const slow = el.request.run(() => pause(60).then(() => 'stale'));
    const fast = el.request.run(() => pause(5).then(() => 'fresh'));
    expect(await fast).to.deep.equal({ status: 'done', value: 'fresh' });
    expect(await slow).to.deep.equal({ status: 'superseded' });
  });

  it('resolves failed with an ElementError (never rejects); a stale failure is superseded', async () => {
    const el = document.createElement('request-probe') as RequestProbe;
    fixtureContainer().append(el);
    const outcome = await el.request.run(() => Promise.reject(new ApiError('gone', 404, 'u', 'http')));
    expect(outcome.status).to.equal('failed');
    const error = (outcome as { error: ElementError }).error;
    expect(error).to.be.instanceOf(ElementError);
    expect(error.kind).to.equal('not-found');
    expect(error.status).to.equal(404);
    const stale = el.request.run(() => pause(30).then(() => Promise.reject(new Error('late'))));
    const fresh = el.request.run(() => Promise.resolve(1));
    expect(await stale).to.deep.equal({ status: 'superseded' });
    expect((await fresh).status).to.equal('done');
  });

  it('classifies a thrown error with the classifier it loads on the first failure', async () => {
    const el = document.createElement('request-probe') as RequestProbe;
    fixtureContainer().append(el);
    const real = el.request.loadClassifier;
    let loads = 0;
    el.request.loadClassifier = () => {
      loads++;
      return real();
    };
    const done = await el.request.run(() => Promise.resolve('fine'));
    expect(done).to.deep.equal({ status: 'done', value: 'fine' });
    expect(loads, 'a run that succeeds loads nothing').to.equal(0);
    const thrown = new ApiError('gone', 404, 'u', 'http');
    const outcome = await el.request.run(async () => {
      throw thrown;
    });
    expect(loads).to.equal(1);
    const error = (outcome as { error: ElementError }).error;
    expect(error).to.be.instanceOf(ElementError);
    expect(error.kind).to.equal('not-found');
    expect(error.status).to.equal(404);
    expect(error.message).to.equal('gone');
    expect(error.cause).to.equal(thrown);
    const offline = await el.request.run(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((offline as { error: ElementError }).error.kind).to.equal('network');
    // an ElementError needs no classifier: it is passed on as it is
    const own = new ElementError('no model', { kind: 'invalid', reason: 'no-model' });
    expect(await el.request.run(() => Promise.reject(own))).to.deep.equal({ status: 'failed', error: own });
    expect(loads).to.equal(2);
  });

  it("fails with kind 'network' and the original message when the classifier cannot load", async () => {
    const el = document.createElement('request-probe') as RequestProbe;
    fixtureContainer().append(el);
    // what a browser rejects an import() with when the chunk's request fails (offline)
    el.request.loadClassifier = () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: element-error.js'));
    const thrown = new ApiError('Service Unavailable', 503, 'u', 'http');
    const outcome = await el.request.run(() => Promise.reject(thrown));
    expect(outcome.status).to.equal('failed');
    const error = (outcome as { error: ElementError }).error;
    expect(error).to.be.instanceOf(ElementError);
    expect(error.kind).to.equal('network');
    expect(error.message).to.equal('Service Unavailable');
    expect(error.cause).to.equal(thrown);
    expect(el.request.pending).to.equal(false);
    const text = await el.request.run(() => Promise.reject('plain text'));
    expect((text as { error: ElementError }).error.message).to.equal('plain text');
  });

  it('a failure whose classifier is still loading when a newer run starts is superseded', async () => {
    const el = document.createElement('request-probe') as RequestProbe;
    fixtureContainer().append(el);
    const real = el.request.loadClassifier;
    el.request.loadClassifier = () => pause(40).then(real);
    const failing = el.request.run(() => Promise.reject(new Error('old')));
    await pause(10);
    const newer = el.request.run(() => Promise.resolve('new'));
    expect(await failing).to.deep.equal({ status: 'superseded' });
    expect(await newer).to.deep.equal({ status: 'done', value: 'new' });
  });

  it('aborts when the host is removed, but keeps the request when it is only moved', async () => {
    const box = fixtureContainer();
    const other = fixtureContainer();
    const el = document.createElement('request-probe') as RequestProbe;
    box.append(el);
    const signals: AbortSignal[] = [];
    const moved = el.request.run(answer('kept', 40, signals));
    other.append(el); // a move: disconnected and connected in the same task
    expect(await moved).to.deep.equal({ status: 'done', value: 'kept' });
    const removed = el.request.run(answer('lost', 40, signals));
    el.remove();
    expect(await removed).to.deep.equal({ status: 'superseded' });
    expect(signals[1]!.aborted).to.equal(true);
  });

  it('abort() supersedes the current run', async () => {
    const el = document.createElement('request-probe') as RequestProbe;
    fixtureContainer().append(el);
    const run = el.request.run(answer(1, 50));
    el.request.abort();
    expect(await run).to.deep.equal({ status: 'superseded' });
    expect(el.request.pending).to.equal(false);
  });
});
