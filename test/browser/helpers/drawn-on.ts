/**
 * A viewer suite's run on one thread (the suites loop over both: `for (const drawnOn of VIEWER_THREADS)`):
 * every viewer it makes draws there, and the suite needs WebGL. No three.js here, so the suites that count
 * what the page fetched can use it.
 */
import { configure, resetConfig } from '../../../src/config.ts';
import { requireWebGL } from './webgl.ts';

/** The threads a viewer draws on: the render worker (the default) and the page's (`renderer="main"`). */
export const VIEWER_THREADS = ['worker', 'main'] as const;

/** Mocha hooks for a suite whose viewers draw on `thread` (configure({ viewerRenderer })), WebGL required. */
export function drawingOn(thread: (typeof VIEWER_THREADS)[number]): void {
  before(function () {
    requireWebGL(this);
  });
  before(() => configure({ viewerRenderer: thread }));
  after(resetConfig);
}
