import { findOnce, type Fail } from './text.ts';

/**
 * WebGLUniforms' setters of the uniform types no program of the render worker declares (issue 33, the
 * sixteenth round: about 0.5 KB gzip of the worker's first stage): integer and unsigned vectors, 2×2
 * matrices, 3D, cube and array textures, and arrays of any of them (a `bool` or `int` alone keeps its
 * setter). The worker draws only the materials whose shaders shaders.ts keeps, and their lights
 * (directional, hemisphere, the probe) and the sun's shadow; their uniforms are floats, float vectors and
 * matrices, `bool`s and 2D samplers. three picks a setter by the type the compiled program reports, so a
 * stand-in that says so (once per uniform) takes the place of the others; the build fails if the worker's
 * GLSL (three's kept shaders, our own) ever declares a uniform of one of these types (checkUniformTypes).
 */
const TRIMMED_SINGULAR = [
  'setValueM2',
  'setValueV2i',
  'setValueV3i',
  'setValueV4i',
  'setValueV1ui',
  'setValueV2ui',
  'setValueV3ui',
  'setValueV4ui',
  'setValueT3D1',
  'setValueT6',
  'setValueT2DArray1',
];
const TRIMMED_ARRAYS = [
  'setValueM2Array',
  'setValueV1iArray',
  'setValueV2iArray',
  'setValueV3iArray',
  'setValueV4iArray',
  'setValueV1uiArray',
  'setValueV2uiArray',
  'setValueV3uiArray',
  'setValueV4uiArray',
  'setValueT3DArray',
  'setValueT6Array',
  'setValueT2DArrayArray',
];

/** The GLSL types whose uniforms the trimmed setters set. */
const TYPES =
  '(?:[ib]vec[234]|uint|uvec[234]|mat2(?:x[234])?|[iu]?sampler(?:3D|Cube|2DArray)\\w*|[iu]sampler2D\\w*)';
/**
 * GLSL that would need one of the trimmed setters: a uniform of such a type, or a struct with a member of
 * one (a struct's members are uniforms of their own: the lights'). A local variable of one is no uniform
 * (the DFG table's generator counts in `uint`s).
 */
const NEEDS_TRIMMED = new RegExp(
  `\\buniform\\s+(?:(?:lowp|mediump|highp)\\s+)?${TYPES}\\b|\\bstruct\\s+\\w+\\s*\\{[^}]*\\b${TYPES}\\b`,
);

/** The stand-in, on the line of the function it precedes (the trims keep three's line count). */
const STAND_IN =
  "function roomTrimmedUniform() { roomTrimmedUniform.said ??= new Set(); if ( ! roomTrimmedUniform.said.has( this.id ) ) { roomTrimmedUniform.said.add( this.id ); console.error( 'room-elements: the render worker is built without three.js\\'s setter for the type of uniform ' + this.id + ' (scripts/worker-trims.ts); it is not set' ); } } ";

/**
 * The render worker's built code (every stage) names no type whose setter is trimmed in a uniform (the
 * build fails, naming it): checked on the bundle, where only the GLSL the worker can reach is left
 * (three.module.js's text still has PMREM's cube shaders, which nothing reaches once PMREMGenerator is a
 * stand-in).
 */
export function checkUniformTypes(chunks: readonly { fileName: string; code: string }[], fail: Fail): void {
  for (const { fileName, code } of chunks) {
    const found = NEEDS_TRIMMED.exec(code);
    if (found)
      fail(
        `${fileName} has GLSL naming ${JSON.stringify(found[0].slice(0, 60))}, whose uniform setter the render worker's build trims (scripts/worker-trims/uniforms.ts)`,
      );
  }
}

/** three.module.js without the trimmed setters (each returns the stand-in). */
export function trimUniformSetters(code: string, fail: Fail): string {
  let out = code;
  for (const [fn, names] of [
    ['getSingularSetter', TRIMMED_SINGULAR],
    ['getPureArraySetter', TRIMMED_ARRAYS],
  ] as const) {
    const start = findOnce(out, `\nfunction ${fn}( type ) {`, fail);
    const end = out.indexOf('\n}\n', start);
    if (end < 0) fail(`three.js no longer writes ${fn} as one function`);
    let body = out.slice(start, end);
    for (const name of names) {
      const call = `return ${name};`;
      if (body.split(call).length !== 2) fail(`three.js's ${fn} no longer returns ${name} once`);
      body = body.replace(call, 'return roomTrimmedUniform;');
    }
    out = out.slice(0, start) + body + out.slice(end);
  }
  const at = findOnce(out, '\nfunction getSingularSetter( type ) {', fail);
  return `${out.slice(0, at + 1)}${STAND_IN}${out.slice(at + 1)}`;
}
