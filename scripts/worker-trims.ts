import type { Plugin } from 'vite';
import { trimThreeCore } from './worker-trims/core.ts';
import { laterThree } from './worker-trims/later-three.ts';
import { checkTrimmedMethods } from './worker-trims/methods.ts';
import { trimRendererParts } from './worker-trims/renderer.ts';
import { trimShaders } from './worker-trims/shaders.ts';
import { checkUniformTypes, trimUniformSetters } from './worker-trims/uniforms.ts';
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
 * - WebGLUniforms' setters of the uniform types no kept shader declares (worker-trims/uniforms.ts).
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
  return trimUniformSetters(
    trimShaders(trimRendererParts(trimPmrem(trimWebXR(code, fail), fail), fail), fail).code,
    fail,
  );
}

/** The workers' plugins: three's files trimmed, and what only later stages use kept out of the first (later-three.ts). */
export function workerTrims(): Plugin[] {
  return [trimsPlugin(), laterThree(trimThreeCore), workerForms()];
}

/**
 * Our modules that have a form for a thread without a document beside them (`x.worker.ts` for `x.ts`):
 * the worker builds take that form, so what only the page's thread runs is not in the worker
 * (texture-loader.ts: three's <img> TextureLoader; its worker form fetches and decodes an ImageBitmap,
 * as texture-loader.ts itself does where there is no document; renderer/hand-over.ts: the canvas laid over
 * a view's on the page, which a worker's OffscreenCanvas never is).
 */
const WORKER_FORMS = /[\\/]src[\\/]three[\\/](texture-loader|renderer[\\/]hand-over)\.ts$/;

function workerForms(): Plugin {
  return {
    name: 'room-elements:worker-forms',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !/\/(texture-loader|hand-over)\.js$/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !WORKER_FORMS.test(resolved.id)) return resolved;
      const form = await this.resolve(source.replace(/\.js$/, '.worker.js'), importer, {
        ...options,
        skipSelf: true,
      });
      return (
        form ??
        this.error(`worker trims: ${resolved.id} has no worker form beside it (scripts/worker-trims.ts)`)
      );
    },
  };
}

/** The render worker's entry: only its build takes methods out of three's classes (worker-trims/methods.ts). */
const RENDER_WORKER = /[\\/]src[\\/]three[\\/]worker[\\/]render-worker\.ts$/;

function trimsPlugin(): Plugin {
  /** This build is the render worker's (the mesh-decoding and model workers' three.js keeps its methods). */
  let renderWorker = false;
  return {
    name: 'room-elements:worker-trims',
    enforce: 'pre',
    buildStart(options) {
      const input = options.input;
      const entries =
        typeof input === 'string' ? [input] : Array.isArray(input) ? input : Object.values(input ?? {});
      renderWorker = entries.some((entry) => RENDER_WORKER.test(entry));
    },
    transform(code, id) {
      const file = /[\\/]three[\\/]build[\\/](three\.module|three\.core)\.js$/.exec(id)?.[1];
      if (!file) return undefined;
      const fail = (why: string): never => this.error(`worker trims: ${why} (scripts/worker-trims.ts)`);
      return {
        code:
          file === 'three.core'
            ? trimThreeCore(code, fail, renderWorker ? 'all' : 'none')
            : trimThreeModule(code, fail),
        map: null,
      };
    },
    // the methods the trims took out (worker-trims/methods.ts) called by no code that runs without them
    generateBundle(_options, bundle) {
      if (!renderWorker) return;
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const fail = (why: string): never => this.error(`worker trims: ${why}`);
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const first = new Set<string>();
      const visit = (name: string) => {
        if (first.has(name)) return;
        first.add(name);
        for (const next of byName.get(name)?.imports ?? []) visit(next);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      const later = chunks.find((chunk) => chunk.moduleIds.includes('\0room-three-later'))?.fileName;
      checkTrimmedMethods(chunks, later, first, fail);
      checkUniformTypes(chunks, fail);
    },
  };
}
