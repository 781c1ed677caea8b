import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { NEVER_DEFINED, parameterGuard, pruneGlsl } from './glsl-features.ts';
import { findOnce, replaceKeepingLines, type Fail } from './text.ts';

/**
 * three.js's GLSL in the render worker (issue 33: about 28 KB gzip of the worker's first stage): the
 * worker draws only the materials our own code makes (src/three: the room, the boxes, the furniture
 * meshes rebuilt from plain data, mesh-decode/plain-mesh.ts, the outline), so only their shaders are
 * kept, and those without comments and indentation. Every other ShaderLib entry (phong, toon, matcap,
 * points, sprite, dashed, normal, distance, shadow, the backgrounds' and the cube's) is a stub that says
 * so: reading its shader logs a console error naming the material and hands three a shader with an
 * `#error` line, which draws nothing rather than garbage. The kept shaders lose the branches of what
 * no program of the worker asks for (glsl-features.ts), with a guard that says so if one ever does.
 * The page's own three.js is untouched.
 */
export const KEPT_SHADERS: Readonly<Record<string, string>> = {
  basic: 'MeshBasicMaterial (boxes, plain meshes, the outline fill) and LineBasicMaterial (the outline)',
  lambert: 'MeshLambertMaterial (the room, matte furniture)',
  standard: 'MeshStandardMaterial (three reads it as physical)',
  physical: 'MeshStandardMaterial (furniture meshes that are not matte)',
  depth: 'MeshDepthMaterial (the sun shadow map)',
};

/**
 * What the prefix of every program takes from ShaderChunk by name (WebGLProgram), beside the materials'
 * includes; its `tonemapping_pars_fragment` only with tone mapping, which the worker's renderer never has
 * (glsl-features.ts, TONE_MAPPING).
 */
const PREFIX_CHUNKS = ['colorspace_pars_fragment'];

/** The function a stubbed entry's shader getters call (defined once, in front of ShaderLib). */
const STUB_FUNCTION = `function roomTrimmedShader( name ) {
	roomTrimmedShader.said ??= new Set();
	if ( ! roomTrimmedShader.said.has( name ) ) console.error( 'room-elements: the render worker is built without three.js\\'s ' + name + ' shader (scripts/worker-trims.ts); a material that needs it is not drawn' );
	roomTrimmedShader.said.add( name );
	return '#error room-elements: no ' + name + ' shader in the render worker\\n';
}
`;

const GLSL_VAR = /^(?:var|const) ([\w$]+) = ("(?:[^"\\\n]|\\.)*");$/gm;

/** Every `ShaderChunk.x` our own code under src/three reads (look-shader.ts): kept whatever the materials include. */
function chunksOurCodeReads(dir: string): string[] {
  const names: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) names.push(...chunksOurCodeReads(path));
    else if (path.endsWith('.ts'))
      for (const [, chunk] of readFileSync(path, 'utf8').matchAll(/ShaderChunk\.(\w+)/g)) names.push(chunk!);
  }
  return names;
}

/**
 * GLSL without what the compiler ignores: comments, indentation, trailing blanks and empty lines. The
 * text inside a line is kept as three wrote it (look-shader.ts finds lines such as `void main() {` by
 * their text), and every line stays a line (preprocessor directives end at theirs).
 */
export function minifyGlsl(glsl: string): string {
  return glsl
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, '').trim())
    .filter((line) => line.length > 0)
    .join('\n');
}

export interface ShaderTrimReport {
  kept: string[];
  stubbed: string[];
  chunksKept: number;
  chunksEmptied: number;
}

/** three.module.js with only the kept materials' shaders (minified), the others stubbed. */
export function trimShaders(
  code: string,
  fail: Fail,
  ourChunks = chunksOurCodeReads(join(import.meta.dirname, '../../src/three')),
): { code: string; report: ShaderTrimReport } {
  // the chunks' GLSL, one string a line, before ShaderChunk
  const chunkStart = findOnce(code, '\nconst ShaderChunk = {\n', fail);
  const chunkEnd = code.indexOf('\n};\n', chunkStart);
  const libStart = findOnce(code, '\nconst ShaderLib = {\n', fail);
  const physicalStart = findOnce(code, '\nShaderLib.physical = {\n', fail);
  const physicalEnd = code.indexOf('\n};\n', physicalStart);
  if (chunkEnd < 0 || physicalEnd < 0 || !(chunkEnd < libStart && libStart < physicalStart))
    fail('three.js no longer lays out ShaderChunk and ShaderLib as expected');
  const glsl = new Map<string, { start: number; end: number; text: string }>();
  for (const match of code.slice(0, chunkStart).matchAll(GLSL_VAR)) {
    const start = match.index! + match[0].indexOf('"');
    glsl.set(match[1]!, { start, end: start + match[2]!.length, text: JSON.parse(match[2]!) as string });
  }
  // ShaderChunk: chunk name to the variable holding its GLSL
  const chunkVar = new Map<string, string>();
  for (const [, name, variable] of code.slice(chunkStart, chunkEnd).matchAll(/^\t(\w+): ([\w$]+),?$/gm))
    chunkVar.set(name!, variable!);
  if (chunkVar.size < 100 || [...chunkVar.values()].some((v) => !glsl.has(v)))
    fail('three.js no longer writes ShaderChunk as one GLSL string per variable');
  // ShaderLib: each entry's shaders by chunk name
  const entries: { name: string; vertex: string; fragment: string; start: number; end: number }[] = [];
  const shaderPair = /vertexShader: ShaderChunk\.(\w+),\n\t+fragmentShader: ShaderChunk\.(\w+)/g;
  const lib = code.slice(libStart, physicalEnd);
  for (const match of lib.matchAll(/\n\t(\w+): \{\n|\nShaderLib\.(physical) = \{\n/g)) {
    shaderPair.lastIndex = match.index!;
    const pair = shaderPair.exec(lib) ?? fail(`ShaderLib.${match[1] ?? match[2]} has no shaders as expected`);
    entries.push({
      name: match[1] ?? match[2]!,
      vertex: pair[1]!,
      fragment: pair[2]!,
      start: libStart + pair.index,
      end: libStart + pair.index + pair[0].length,
    });
  }
  for (const name of Object.keys(KEPT_SHADERS))
    if (!entries.some((e) => e.name === name)) fail(`ShaderLib has no ${name} entry any more`);
  // the chunks the kept materials reach through #include (once their unused branches are gone), and
  // what the prefix and our code read
  const pruned = new Map<string, string>();
  const kept = new Set<string>();
  const todo = [
    ...entries.filter((e) => e.name in KEPT_SHADERS).flatMap((e) => [e.vertex, e.fragment]),
    ...PREFIX_CHUNKS,
    ...ourChunks,
  ];
  while (todo.length) {
    const name = todo.pop()!;
    if (kept.has(name)) continue;
    const variable = chunkVar.get(name) ?? fail(`#include <${name}> names no chunk of ShaderChunk`);
    kept.add(name);
    const text = pruneGlsl(glsl.get(variable)!.text, fail, name);
    for (const [, macro] of text.matchAll(/^\s*#\s*define\s+(\w+)/gm))
      if (macro! in NEVER_DEFINED)
        fail(`the ${name} chunk defines ${macro}, which the trims take as never defined`);
    pruned.set(name, minifyGlsl(text));
    for (const [, include] of text.matchAll(/^[ \t]*#include <(\w+)>/gm)) todo.push(include!);
  }
  // edits from the end, so the earlier positions hold
  const edits: { start: number; end: number; text: string }[] = [];
  for (const [name, variable] of chunkVar) {
    const { start, end } = glsl.get(variable)!;
    edits.push({ start, end, text: JSON.stringify(pruned.get(name) ?? '') });
  }
  // VSM shadows' own two shaders (WebGLShadowMap), the last GLSL before ShaderChunk's users: the sun's
  // shadow is a BasicShadowMap (src/three/renderer-settings.ts)
  for (const variable of ['vertex', 'fragment']) {
    const line = `\nconst ${variable} = "`;
    const start = findOnce(code, line, fail) + line.length - 1;
    const end = code.indexOf('";\n', start) + 1;
    if (end <= start) fail(`three.js has no VSM ${variable} shader as expected`);
    edits.push({
      start,
      end,
      text: JSON.stringify('#error room-elements: no VSM shadows in the render worker'),
    });
  }
  const stubbed: string[] = [];
  for (const entry of entries) {
    if (entry.name in KEPT_SHADERS) continue;
    stubbed.push(entry.name);
    const call = `roomTrimmedShader( ${JSON.stringify(entry.name)} )`;
    const indent = /\n(\t+)fragmentShader/.exec(code.slice(entry.start, entry.end))![1];
    edits.push({
      start: entry.start,
      end: entry.end,
      text: `get vertexShader() { return ${call}; },\n${indent}get fragmentShader() { return ${call}; }`,
    });
  }
  // the guard in front of getParameters()'s answer, on its line (glsl-features.ts)
  const parameters = findOnce(
    code,
    '\tfunction getParameters( material, lights, shadows, scene, object',
    fail,
  );
  const literal = code.indexOf('\t\tconst parameters = {\n', parameters);
  const answer = code.indexOf('\t\treturn parameters;\n', parameters);
  if (literal < 0 || answer < literal)
    fail('getParameters() no longer builds and returns `parameters` as expected');
  const fields = code.slice(literal, answer);
  for (const [, field] of parameterGuard().matchAll(/\bp\.(\w+)/g))
    if (!fields.includes(`\t${field}: `)) fail(`getParameters() has no ${field} any more`);
  edits.push({ start: answer + 2, end: answer + 2, text: parameterGuard() + ' ' });
  if (new Set(entries.map((e) => e.start)).size !== entries.length)
    fail('a ShaderLib entry without shaders of its own');
  // the stubs' function, on ShaderLib's first line (the line count stays)
  edits.push({ start: libStart + 1, end: libStart + 1, text: STUB_FUNCTION.replace(/\n\t?/g, ' ') });
  edits.sort((a, b) => b.start - a.start);
  let out = code;
  for (const edit of edits) out = replaceKeepingLines(out, edit.start, edit.end, edit.text);
  return {
    code: out,
    report: {
      kept: entries.filter((e) => e.name in KEPT_SHADERS).map((e) => e.name),
      stubbed,
      chunksKept: kept.size,
      chunksEmptied: chunkVar.size - kept.size,
    },
  };
}
