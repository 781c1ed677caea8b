import type { Plugin } from 'vite';

/**
 * What the render worker's first stage need not carry of three.js (issue 33: the first frame's bytes).
 * WebGLRenderer makes a WebXRManager (and with it WebXRController and the depth sensing) whatever the
 * page does, about 4 KB gzip; a worker has no WebXR (`navigator.xr` is the page's: AR's immersive
 * session runs on the page's thread, src/features/ar/), so in the worker builds the manager is one that
 * is never enabled nor presenting, which is all WebGLRenderer (and its background, and PMREMGenerator)
 * asks of it then. The page's own three.js
 * (the npm build leaves `three` to the page's bundler; the CDN's three chunk) is untouched. A three.js
 * whose manager no longer reads as expected fails the build here rather than at run time.
 */
const MANAGER = '\nclass WebXRManager extends EventDispatcher {';
const STUB = `
class WebXRManager extends EventDispatcher {
	// room-elements (scripts/worker-trims.ts): no WebXR in a worker
	constructor() { super(); this.enabled = false; this.isPresenting = false; this.cameraAutoUpdate = true; }
	setAnimationLoop() {}
	getEnvironmentBlendMode() { return undefined; }
	hasDepthSensing() { return false; }
	getDepthSensingMesh() { return null; }
	dispose() {}
}
`;

export function workerTrims(): Plugin {
  return {
    name: 'room-elements:worker-trims',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]three[\\/]build[\\/]three\.module\.js$/.test(id)) return undefined;
      const start = code.indexOf(MANAGER);
      // the class ends at the first line that is only its closing brace
      const end = code.indexOf('\n}\n', start);
      if (start < 0 || end < 0 || !/new WebXRManager\( _this, _gl \)/.test(code))
        this.error('three.js no longer makes its WebXRManager as expected: see scripts/worker-trims.ts');
      return { code: code.slice(0, start) + STUB + code.slice(end + 3), map: null };
    },
  };
}
