/**
 * The render worker's first stage (issue 33: JS before a viewer's first frame ≤ 150 KB gzip on both
 * paths, of which the worker's first stage was 165 KB): the built file (`npm run build` first), gzip
 * level 9, within its budget in scripts/cdn/budgets.json (`renderWorker`). The same file serves the
 * CDN and the npm package (scripts/build.mjs ships it once, in dist/cdn/assets/). What keeps it there:
 * the later stages (CONTRIBUTING.md "The render worker's stages") and the trims of three.js
 * (scripts/worker-trims.ts), whose every part is checked below to be in the built file.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';

const { renderWorker } = JSON.parse(readFileSync('scripts/cdn/budgets.json', 'utf8')) as {
  renderWorker: { file: string; bytes: number };
};
const ASSETS = 'dist/cdn/assets';

/** The built first stage: the one file whose name starts with the budget's. */
function firstStage(): { name: string; text: string } {
  assert.ok(existsSync(ASSETS), `${ASSETS} is missing: run \`npm run build\` first`);
  const names = readdirSync(ASSETS).filter((n) => n.startsWith(`${renderWorker.file}-`) && n.endsWith('.js'));
  assert.equal(names.length, 1, `one ${renderWorker.file}-*.js in ${ASSETS}: ${names.join(', ')}`);
  return { name: names[0]!, text: readFileSync(`${ASSETS}/${names[0]}`, 'utf8') };
}

describe("the render worker's first stage (scripts/cdn/budgets.json renderWorker)", () => {
  it(`is at most ${renderWorker.bytes} B gzip`, () => {
    const { name, text } = firstStage();
    const bytes = gzipSync(text, { level: 9 }).length;
    assert.ok(
      bytes <= renderWorker.bytes,
      `${name} is ${bytes} B gzip, over its ${renderWorker.bytes} B budget`,
    );
  });

  it('carries three.js as the trims leave it (a trim lost would not fail the budget at once)', () => {
    const { text } = firstStage();
    const has = (what: RegExp, why: string) => assert.ok(what.test(text), `the first stage has no ${why}`);
    const lacks = (what: RegExp, why: string) =>
      assert.ok(!what.test(text), `the first stage still has ${why}`);
    // the trimmed materials' stubs (toon among them) and the guard of the trimmed shader branches
    has(/shader in the render worker/, "trimmed shaders' stubs");
    has(/[`"']toon[`"']/, 'stub for the toon material');
    has(/render worker is built without three\.js's shader code for/, 'guard of the trimmed branches');
    // what draws the first frame: the standard material's lights, the sun's shadow
    has(/RE_Direct_Physical/, "the standard material's lights");
    has(/getShadow\(/, "the shadow map's sampling");
    // and not what the trims take out: clearcoat, PCF shadows, PMREM's shaders, the animation tracks, colour names
    lacks(/uniform sampler2D clearcoatNormalMap/, "clearcoat's shader code");
    lacks(/#if defined\( SHADOWMAP_TYPE_PCF \)/, "PCF shadows' shader code");
    lacks(/bilinearCubeUV/, "PMREM's shaders");
    lacks(/InterpolantFactoryMethod/, 'the animation tracks');
    lacks(/aliceblue/, 'CSS colour names');
    // what only the later stages use (scripts/worker-trims/later-three.ts)
    lacks(/PropertyBinding/, 'PropertyBinding (GLTFExporter)');
    // the controls come after the first frame (src/three/controls.ts, a later stage; still-controls.ts)
    lacks(/_handleMouseDownRotate/, 'OrbitControls');
    // the renderer's parts the worker never uses (scripts/worker-trims/renderer.ts)
    lacks(/requested read bounds are out of range/, "readRenderTargetPixels' body");
    lacks(/BackgroundCubeMaterial/, "WebGLBackground's cube background");
    lacks(
      /EquirectangularToCubeUV|CubemapFromEquirect/,
      "WebGLCubeRenderTarget's equirectangular conversion",
    );
    has(/built without WebGLRenderer\.copyTextureToTexture\(\)/, 'stand-in for copyTextureToTexture');
    // three's methods the worker never calls, and picking's, which the later module puts back
    // (scripts/worker-trims/methods.ts): the ray's and the triangle's arithmetic, Mesh.raycast's walk
    lacks(/distanceSqToSegment|closestPointToPoint/, "the ray's and the triangle's arithmetic");
    lacks(/_computeIntersections/, "Mesh.raycast's walk of its triangles");
    lacks(/setAxisAngleFromRotationMatrix|computeVertexNormals|setColorAt/, 'methods the worker never calls');
    lacks(
      /transformUv|getWorldQuaternion|lerpHSL/,
      'more methods no stage of the worker calls (the sixteenth round)',
    );
    // the texture loaders: the worker fetches and decodes a texture itself (src/three/texture-loader.worker.ts)
    lacks(/ImageBitmapLoader|ImageLoader|createImageBitmap\(\) not supported/, "three's texture loaders");
    has(/imageOrientation:\s*`flipY`|imageOrientation:\s*["']flipY["']/, "the worker's own texture decode");
    // WebGLTextures' uploads of kinds the worker never makes, and the uniforms of materials it never draws
    has(/built without three\.js's array, 3D, framebuffer and HTML textures/, 'stand-in for those uploads');
    lacks(/texElementImage2D/, "the HTML textures' upload");
    lacks(
      /built without WebGLRenderer\.forceContextLoss/,
      'a stand-in for forceContextLoss (kept: tests call it)',
    );
    has(/built without WebGLRenderer\.initTexture\(\)/, 'stand-in for initTexture');
    // the canvas hand-over's on-screen watch, a page's (its worker form: src/three/renderer/hand-over.worker.ts)
    lacks(/IntersectionObserver/, "the canvas hand-over's on-screen watch");
    // WebGLUniforms' setters of types no kept shader declares (scripts/worker-trims/uniforms.ts)
    has(/setter for the type of uniform/, 'stand-in for the trimmed uniform setters');
    lacks(
      /\buniform[234]i\b|\buniform[1-4]ui\b|\buniformMatrix2fv\b/,
      'integer, unsigned and 2×2 matrix uniform setters',
    );
  });
});
