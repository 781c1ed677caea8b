import { KEPT_SHADERS } from './shaders.ts';
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
  // environment maps (envMap, scene.environment) and texture backgrounds: the worker's materials have
  // none (their environment light is spherical harmonics, src/three/environment.ts) and its background
  // is the clear colour; with them go the equirectangular-to-cube conversion and its cube camera
  WebGLEnvironments: `function WebGLEnvironments() {
	// room-elements (scripts/worker-trims.ts): no environment maps in the render worker
	let said = false;
	return { get( texture ) { if ( texture && ! said ) { said = true; ${say('environment maps (envMap, scene.environment, a texture background)')} } return null; }, dispose() {} };
}`,
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
  // a render target's or a texture's upload ahead of use, an external framebuffer's textures (WebXR's),
  // a drawing buffer sized by hand and the state reset: none is called by the worker (issue 33,
  // fourteenth round)
  'setRenderTargetTextures',
  'initTexture',
  'initRenderTarget',
  'setDrawingBufferSize',
  'resetState',
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

/** WebGLMaterials' `refreshUniforms…` of a material, by the ShaderLib entry that draws it (shaders.ts). */
const UNDRAWN_UNIFORMS: Record<string, string> = {
  Points: 'points',
  Sprites: 'sprite',
  Phong: 'phong',
  Toon: 'toon',
  Matcap: 'matcap',
  Distance: 'distance',
  Dash: 'dashed',
};

/**
 * What goes with environment maps elsewhere: WebGLBackground's box and plane for a cube or texture
 * background (getBackground() still asks the environments, which say so), and
 * WebGLCubeRenderTarget's conversion of an equirectangular texture (a point light's shadow still makes
 * the target itself; point lights are trimmed from the shaders, glsl-features.ts).
 */
const ONE_TAB_STUBS: { inside: string; name: string; stub: string }[] = [
  {
    inside: '\nfunction WebGLBackground(',
    name: 'function addToRenderList(',
    stub: `function addToRenderList( renderList, scene ) {

		// room-elements (scripts/worker-trims.ts): a colour or no background in the render worker
		getBackground( scene );

	}`,
  },
  // WebGLTextures: uploading a cube texture's six images (a CubeTexture is an environment map or a
  // background, which the worker has not: a point light's cube shadow is a render target, drawn into),
  // and resolving a multisampled render target (the worker makes none with `samples`: a snapshot
  // resolves its own multisampled framebuffer, src/three/still-frame.ts)
  {
    inside: '\nfunction WebGLTextures(',
    name: 'function uploadCubeTexture(',
    stub: `function uploadCubeTexture() {

		${say('cube textures')}

	}`,
  },
  {
    inside: '\nfunction WebGLTextures(',
    name: 'function updateMultisampleRenderTarget(',
    stub: `function updateMultisampleRenderTarget( renderTarget ) {

		if ( renderTarget.samples > 0 ) ${say('multisampled render targets (samples)')}

	}`,
  },
  // WebGLShadowMap's blur of a VSM shadow (ours is a BasicShadowMap, src/three/renderer-settings.ts)
  {
    inside: '\nfunction WebGLShadowMap(',
    name: 'function VSMPass(',
    stub: `function VSMPass() {

		${say('VSM shadows')}

	}`,
  },
  // WebGLMaterials' uniforms of the materials whose shaders the worker does not carry (shaders.ts: a
  // stub that says so and draws nothing, so their uniforms are never read)
  ...Object.entries(UNDRAWN_UNIFORMS).map(([material, shader]) => {
    if (shader in KEPT_SHADERS)
      throw new Error(`worker trims: the ${shader} shader is kept, and its uniforms trimmed`);
    return {
      inside: '\nfunction WebGLMaterials(',
      name: `function refreshUniforms${material}(`,
      stub: `function refreshUniforms${material}() {}`,
    };
  }),
  {
    inside: '\nclass WebGLCubeRenderTarget extends WebGLRenderTarget {',
    name: 'fromEquirectangularTexture(',
    stub: `fromEquirectangularTexture() {

		${say('equirectangular textures')}
		return this;

	}`,
  },
];

/**
 * WebGLShadowMap's materials and full-screen triangle of the VSM blur (VSMPass, the only one that uses
 * them, is a stand-in above): with them go the blur's shaders.
 */
function trimVsmMaterials(code: string, fail: Fail): string {
  const shadowMap = findOnce(code, '\nfunction WebGLShadowMap(', fail);
  const start = findOnce(code, '\n\tconst shadowMaterialVertical = new ShaderMaterial( {', fail);
  const last = '\n\tconst fullScreenMesh = new Mesh( fullScreenTri, shadowMaterialVertical );';
  const at = findOnce(code, last, fail);
  const uses = code.slice(at + last.length, code.indexOf('\n}\n', shadowMap));
  const vsm = uses.indexOf('\n\tfunction VSMPass(');
  const outside = (name: string) =>
    uses.slice(0, vsm).includes(name) || uses.slice(uses.indexOf('\n\t}\n', vsm)).includes(name);
  if (
    start < shadowMap ||
    at < start ||
    vsm < 0 ||
    ['shadowMaterialVertical', 'shadowMaterialHorizontal', 'fullScreenMesh', 'fullScreenTri'].some(outside)
  )
    fail("three.js no longer makes WebGLShadowMap's VSM blur as expected");
  return replaceKeepingLines(
    code,
    start,
    at + last.length,
    '\n\t// room-elements (scripts/worker-trims.ts): no VSM blur in the render worker',
  );
}

/** A function or method one tab in, found after `inside` and before the next top-level line. */
function trimOneTab(code: string, inside: string, name: string, stub: string, fail: Fail): string {
  const container = findOnce(code, inside, fail);
  const next = code.indexOf('\n}\n', container);
  const start = code.indexOf(`\n\t${name}`, container);
  const end = code.indexOf('\n\t}\n', start);
  if (start < 0 || next < 0 || end < 0 || end > next)
    fail(`three.js no longer writes ${name} inside ${inside.trim()} as expected`);
  return replaceKeepingLines(code, start, end + 3, `\n\t${stub}`);
}

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

/**
 * WebGLTextures' uploads of array, 3D, framebuffer and HTML textures (`uploadTexture`'s branches between
 * the compressed textures', which the mesh stage's KTX2 textures need, and the images'): the worker makes
 * none of them (its textures are images, ImageBitmaps, data textures and compressed ones), so the branches
 * become one that says so.
 */
function trimTextureKinds(code: string, fail: Fail): string {
  const textures = findOnce(code, '\nfunction WebGLTextures(', fail);
  const start = findOnce(code, '\n\t\t\t} else if ( texture.isDataArrayTexture ) {', fail);
  const html = findOnce(code, '\n\t\t\t} else if ( texture.isHTMLTexture ) {', fail);
  const end = code.indexOf('\n\t\t\t} else {\n\n\t\t\t\t// regular Texture (image, video, canvas)', html);
  const between = code.slice(start, end);
  const branches = [...between.matchAll(/\n\t\t\t\} else if \( texture\.(\w+) \) \{/g)].map((m) => m[1]);
  if (
    start < textures ||
    end < 0 ||
    code.indexOf('\n}\n', textures) < end ||
    branches.join() !== 'isDataArrayTexture,isData3DTexture,isFramebufferTexture,isHTMLTexture'
  )
    fail("three.js no longer writes WebGLTextures' uploadTexture branches as expected");
  return replaceKeepingLines(
    code,
    start,
    end,
    `\n\t\t\t} else if ( texture.isDataArrayTexture || texture.isData3DTexture || texture.isFramebufferTexture || texture.isHTMLTexture ) {\n\n\t\t\t\t${say('array, 3D, framebuffer and HTML textures')}\n`,
  );
}

/** three.module.js with the parts above as stand-ins (each one a top-level function three calls `new` on). */
export function trimRendererParts(code: string, fail: Fail): string {
  let out = trimTextureKinds(code, fail);
  for (const name of UNUSED_METHODS) out = trimMethod(out, name, fail);
  for (const [name, stub] of Object.entries(INNER_STUBS)) out = trimInner(out, name, stub, fail);
  for (const { inside, name, stub } of ONE_TAB_STUBS) out = trimOneTab(out, inside, name, stub, fail);
  out = trimVsmMaterials(out, fail);
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
