import { findOnce, replaceKeepingLines, type Fail } from './text.ts';

/**
 * Parts of WebGLRenderer that no program of the render worker uses, as inert stand-ins that say so if
 * they ever are (issue 33, about 2.5 KB gzip of the worker's first stage):
 * - WebGLMorphtargets: a geometry's morph targets (ours have none; the worker's meshes are rebuilt from
 *   positions, normals and uvs, src/three/mesh-decode/plain-mesh.ts); the shader guard
 *   (glsl-features.ts) already names a program that would need them;
 * - WebGLUniformsGroups: uniform buffer objects, a ShaderMaterial's `uniformsGroups` (we make none);
 * - WebGLOutput: the output pass of a renderer made with an `outputBufferType` (ours has the default)
 *   and of `setEffects()` (never called): `begin()` answers false, so frames draw straight to the canvas.
 */
const say = (what: string) =>
  `console.error( 'room-elements: the render worker is built without three.js\\'s ${what} (scripts/worker-trims.ts)' );`;

const STUBS: Record<string, string> = {
  WebGLMorphtargets: `function WebGLMorphtargets() {
	// room-elements (scripts/worker-trims.ts): no morph targets in the render worker
	return { update() {} };
}`,
  WebGLUniformsGroups: `function WebGLUniformsGroups() {
	// room-elements (scripts/worker-trims.ts): no uniform buffer objects in the render worker
	let said = false;
	return { update() { if ( ! said ) ${say('uniform buffer objects (uniformsGroups)')} said = true; }, bind() {}, dispose() {} };
}`,
  WebGLOutput: `function WebGLOutput() {
	// room-elements (scripts/worker-trims.ts): no output pass in the render worker
	${say('output pass (outputBufferType, setEffects)')}
	return { begin() { return false; }, end() {}, hasRenderPass() { return false; }, isCompositing() { return false; }, setSize() {}, setEffects() {}, dispose() {} };
}`,
};

/**
 * WebGLRenderer's methods that no code of the render worker calls (issue 33, a lighter first frame):
 * copying between textures and framebuffers and reading a render target's pixels back (a snapshot
 * reads its own framebuffer, src/three/still-frame.ts). Each throws, naming itself, if it ever is.
 */
const UNUSED_METHODS = [
  'copyTextureToTexture',
  'copyFramebufferToTexture',
  'readRenderTargetPixels',
  'readRenderTargetPixelsAsync',
];

/**
 * WebGLRenderer's own functions for what the worker never draws: the transmission pass of a
 * MeshPhysicalMaterial's `transmission` (the worker makes none; glsl-features.ts's guard names a
 * program that would need it), as a stand-in that says so.
 */
const INNER_STUBS: Record<string, string> = {
  renderTransmissionPass: `function renderTransmissionPass() {

			// room-elements (scripts/worker-trims.ts): no transmission in the render worker
			${say('transmission pass (MeshPhysicalMaterial.transmission)')}

		}`,
};

/** One of WebGLRenderer's `this.x = function` methods, from its line to its closing `};` (two tabs in). */
function trimMethod(code: string, name: string, fail: Fail): string {
  const start = findOnce(code, `\n\t\tthis.${name} = `, fail);
  const end = code.indexOf('\n\t\t};\n', start);
  // nothing else of the renderer's own (two tabs in) may lie between: the method ended where expected
  if (end < 0 || /\n\t\t(this\.|function |const |let )/.test(code.slice(start + 1, end)))
    fail(`three.js no longer writes WebGLRenderer.${name} as one \`this.${name} = function\``);
  const stub = `\n\t\tthis.${name} = function () {\n\n\t\t\tthrow new Error( 'room-elements: the render worker is built without WebGLRenderer.${name}() (scripts/worker-trims.ts)' );\n\n\t\t};`;
  return replaceKeepingLines(code, start, end + 5, stub);
}

/** One of WebGLRenderer's inner functions (two tabs in), to its closing brace. */
function trimInner(code: string, name: string, stub: string, fail: Fail): string {
  const start = findOnce(code, `\n\t\tfunction ${name}(`, fail);
  const end = code.indexOf('\n\t\t}\n', start);
  if (end < 0 || /\n\t\t(this\.|function |const |let )/.test(code.slice(start + 1, end)))
    fail(`three.js no longer writes WebGLRenderer's ${name} as expected`);
  return replaceKeepingLines(code, start, end + 4, `\n\t\t${stub}`);
}

/** three.module.js with the parts above as stand-ins (each one a top-level function three calls `new` on). */
export function trimRendererParts(code: string, fail: Fail): string {
  let out = code;
  for (const name of UNUSED_METHODS) out = trimMethod(out, name, fail);
  for (const [name, stub] of Object.entries(INNER_STUBS)) out = trimInner(out, name, stub, fail);
  for (const [name, stub] of Object.entries(STUBS)) {
    const start = findOnce(out, `\nfunction ${name}(`, fail);
    // the function ends at the first line that is only its closing brace
    const end = out.indexOf('\n}\n', start);
    if (end < 0 || !new RegExp(`new ${name}\\(`).test(out))
      fail(`three.js no longer makes its ${name} as expected`);
    out = replaceKeepingLines(out, start, end + 2, `\n${stub}`);
  }
  return out;
}
