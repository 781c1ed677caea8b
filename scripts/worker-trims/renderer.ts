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

/** three.module.js with the parts above as stand-ins (each one a top-level function three calls `new` on). */
export function trimRendererParts(code: string, fail: Fail): string {
  let out = code;
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
