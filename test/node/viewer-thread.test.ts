import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { renderThreadFor, type ThreadInputs } from '../../src/elements/room-viewer/thread.ts';

const base: ThreadInputs = { pageLoader: false, supported: true, workerFailed: false };

describe('<room-viewer> thread rule', () => {
  it('draws in the render worker by default', () => {
    assert.equal(renderThreadFor(base), 'worker');
    assert.equal(renderThreadFor({ ...base, renderer: 'worker' }), 'worker');
  });

  it('draws on the page when asked, by the attribute or configure(); the attribute wins', () => {
    assert.equal(renderThreadFor({ ...base, renderer: 'main' }), 'main');
    assert.equal(renderThreadFor({ ...base, configured: 'main' }), 'main');
    assert.equal(renderThreadFor({ ...base, configured: 'main', renderer: 'worker' }), 'worker');
    assert.equal(renderThreadFor({ ...base, configured: 'worker', renderer: 'main' }), 'main');
  });

  it('falls back to the page where the worker cannot draw', () => {
    assert.equal(renderThreadFor({ ...base, supported: false }), 'main');
    assert.equal(renderThreadFor({ ...base, workerFailed: true }), 'main');
    assert.equal(renderThreadFor({ ...base, pageLoader: true }), 'main');
  });

  it('an unknown renderer value is the default', () => {
    assert.equal(renderThreadFor({ ...base, renderer: 'gpu' }), 'worker');
  });
});
