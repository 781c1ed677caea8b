/**
 * src/internal/worker-start.ts from the source: how a package worker is started from the URL a bundler
 * gave it. The CDN cases (another origin, a pinned page, a changed file) are in cdn-worker.test.ts, the
 * bundlers' in test/node (next-consumer, bundler-render-worker, npm-render-worker).
 */
import { expect } from '@esm-bundle/chai';
import { configure, resetConfig } from '../../src/config.ts';
import { PackageWorker } from '../../src/internal/worker-start.ts';

/** A module worker that answers 'pong' to 'ping', as a same-origin URL. */
const PONG = URL.createObjectURL(
  new Blob(["addEventListener('message', () => postMessage('pong'));"], { type: 'text/javascript' }),
);
const answer = (worker: Worker) =>
  new Promise<unknown>((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = () => reject(new Error('the worker failed'));
    worker.postMessage('ping');
  });

describe('PackageWorker: where a package worker starts from', () => {
  let warnings: string[];
  const warn = console.warn;
  beforeEach(() => {
    warnings = [];
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  });
  afterEach(() => {
    console.warn = warn;
    resetConfig();
  });

  it('a file: URL (a bundler that did not copy the file) is refused, said once with the setting to use', () => {
    for (let i = 0; i < 3; i++) {
      expect(
        () =>
          new PackageWorker(new URL('file:///_next/static/media/render-worker-x.js'), {
            type: 'module',
            name: 'room-render',
          }),
      ).to.throw(/file: URL/);
    }
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('renderWorkerUrl');
    expect(warnings[0]).to.contain("draws on the page's thread");
  });

  it('a path (as Turbopack gives it: an object whose href is a path) is taken from the page', async () => {
    const path = '/test/browser/fixtures/pong-worker.js';
    const turbopackUrl = { href: path, toString: () => path } as unknown as URL;
    const worker = new PackageWorker(turbopackUrl, { type: 'module', name: 'room-model' });
    try {
      expect(await answer(worker)).to.equal('pong');
    } finally {
      worker.terminate();
    }
  });

  it('configure({ renderWorkerUrl }) wins over the bundled URL', async () => {
    configure({ renderWorkerUrl: PONG });
    const worker = new PackageWorker(new URL('file:///nowhere/render-worker-x.js'), {
      type: 'module',
      name: 'room-render',
    });
    try {
      expect(await answer(worker)).to.equal('pong');
    } finally {
      worker.terminate();
    }
    expect(warnings).to.deep.equal([]);
  });

  it('a folder (ending in /) keeps the bundled file name', async () => {
    // the folder this test file is served from holds no worker: the URL asked for tells the rule
    configure({ modelWorkerUrl: new URL('./assets-copy/', location.href).href });
    const worker = new PackageWorker(new URL('https://cdn.invalid/x/assets/model-worker-abc.js'), {
      type: 'module',
      name: 'room-model',
    });
    const failed = new Promise((resolve) => (worker.onerror = resolve));
    await failed;
    worker.terminate();
    expect(warnings.join('\n')).to.contain(new URL('./assets-copy/model-worker-abc.js', location.href).href);
  });
});
