/** lazyModule (src/internal/lazy-module.ts): one load on success, one retry, a failure not kept. */
import { expect } from '@esm-bundle/chai';
import { lazyModule, RETRY_DELAY } from '../../src/internal/lazy-module.ts';

describe('lazyModule', () => {
  it('loads once and shares the result between callers', async () => {
    let calls = 0;
    const load = lazyModule(async () => ({ n: ++calls }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).to.equal(b);
    expect(await load()).to.equal(a);
    expect(calls).to.equal(1);
  });

  it('retries a failed import once after a short wait', async () => {
    let calls = 0;
    const load = lazyModule(async () => {
      if (++calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return 'chunk';
    });
    const start = performance.now();
    expect(await load()).to.equal('chunk');
    expect(calls).to.equal(2);
    expect(performance.now() - start).to.be.at.least(RETRY_DELAY - 20);
  });

  it('does not keep a failure: the next call (a retry button) tries again', async () => {
    let calls = 0;
    let online = false;
    const load = lazyModule(async () => {
      calls++;
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return 'chunk';
    });
    let failed: unknown;
    await load().catch((error: unknown) => (failed = error));
    expect(failed).to.be.instanceOf(TypeError);
    expect(calls).to.equal(2);
    online = true;
    expect(await load()).to.equal('chunk');
    expect(calls).to.equal(3);
  });

  it('loads a real chunk through import()', async () => {
    const load = lazyModule(() => import('../../src/internal/converters.ts'));
    expect((await load()).onUnlessFalse.fromAttribute!('off')).to.equal(false);
  });
});
