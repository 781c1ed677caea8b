import type { Plugin } from 'vite';
import { trimThreeCore } from './worker-trims/core.ts';
import { laterThree } from './worker-trims/later-three.ts';
import { trimRendererParts } from './worker-trims/renderer.ts';
import { trimShaders } from './worker-trims/shaders.ts';
import { findOnce, replaceKeepingLines, type Fail } from './worker-trims/text.ts';

/**
 * What the workers' builds need not carry of three.js (issue 33: the render worker's first stage, the
 * bytes before a viewer's first frame; CONTRIBUTING.md "The render worker's stages"). The page's own
 * three.js (the npm build leaves `three` to the page's bundler; the CDN's three chunk) is untouched.
 * Each trim reads three's text as it expects it and fails the BUILD, not the run, when a new three.js
 * no longer matches; each keeps three.module.js's line count, so a worker's source map still points
 * into three's own lines.
 *
 * - The WebXR manager: WebGLRenderer makes a WebXRManager (and with it WebXRController and the depth
 *   sensing) whatever the page does, about 4 KB gzip; a worker has no WebXR (`navigator.xr` is the
 *   page's: AR's immersive session runs on the page's thread, src/features/ar/), so in the worker builds
 *   the manager is one that is never enabled nor presenting, which is all WebGLRenderer (and its
 *   background, and PMREMGenerator) asks of it then.
 * - Shaders (worker-trims/shaders.ts): only the materials the worker makes keep theirs, minified and
 *   without the branches no program of the worker asks for; the others log an error naming the
 *   material and draw nothing.
 * - PMREMGenerator (about 3 KB gzip with its shaders): three makes one only to turn an environment map
 *   into its prefiltered form, and the worker's materials have none (their environment light is
 *   spherical harmonics, src/three/environment.ts). The stub says so and hands back an empty target.
 * - Renderer parts the worker never uses (worker-trims/renderer.ts): morph targets, uniform buffer
 *   objects, the output pass, as inert stand-ins.
 * - three.core.js (worker-trims/core.ts): classes whose fields are set after them made droppable (the
 *   animation system goes), no `toJSON()` and no CSS colour names.
 * - What only the later stages use of three.core.js (worker-trims/later-three.ts) in a module of its
 *   own, not in the first stage.
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
}`;

const PMREM = '\nclass PMREMGenerator {';
const PMREM_STUB = `
class PMREMGenerator {
	// room-elements (scripts/worker-trims.ts): no environment maps in the render worker
	constructor() { console.error( 'room-elements: the render worker is built without three.js\\'s PMREMGenerator (scripts/worker-trims.ts): an environment map is drawn as none' ); }
	fromScene() { return new WebGLRenderTarget( 1, 1 ); }
	fromEquirectangular() { return new WebGLRenderTarget( 1, 1 ); }
	fromCubemap() { return new WebGLRenderTarget( 1, 1 ); }
	compileCubemapShader() {}
	compileEquirectangularShader() {}
	dispose() {}
}`;

function trimPmrem(code: string, fail: Fail): string {
  const start = findOnce(code, PMREM, fail);
  const end = code.indexOf('\n}\n', start);
  if (end < 0 || !/ WebGLRenderTarget,/.test(code.slice(0, 20000)))
    fail('three.js no longer writes PMREMGenerator as one class, or no longer imports WebGLRenderTarget');
  return replaceKeepingLines(code, start, end + 2, PMREM_STUB);
}

function trimWebXR(code: string, fail: Fail): string {
  const start = findOnce(code, MANAGER, fail);
  // the class ends at the first line that is only its closing brace
  const end = code.indexOf('\n}\n', start);
  if (end < 0 || !/new WebXRManager\( _this, _gl \)/.test(code))
    fail('three.js no longer makes its WebXRManager as expected: see scripts/worker-trims.ts');
  return replaceKeepingLines(code, start, end + 2, STUB);
}

/** three.module.js as the workers carry it (also read by test/browser/worker-trims.test.ts). */
export function trimThreeModule(code: string, fail: Fail): string {
  return trimShaders(trimRendererParts(trimPmrem(trimWebXR(code, fail), fail), fail), fail).code;
}

/** The workers' plugins: three's files trimmed, and what only later stages use kept out of the first (later-three.ts). */
export function workerTrims(): Plugin[] {
  return [trimsPlugin(), laterThree(trimThreeCore)];
}

function trimsPlugin(): Plugin {
  return {
    name: 'room-elements:worker-trims',
    enforce: 'pre',
    transform(code, id) {
      const file = /[\\/]three[\\/]build[\\/](three\.module|three\.core)\.js$/.exec(id)?.[1];
      if (!file) return undefined;
      const fail = (why: string): never => this.error(`worker trims: ${why} (scripts/worker-trims.ts)`);
      return {
        code: file === 'three.core' ? trimThreeCore(code, fail) : trimThreeModule(code, fail),
        map: null,
      };
    },
  };
}
