import type { Fail } from './text.ts';

/**
 * What three's shaders can do that no program of the render worker ever asks for (issue 33): the
 * `#ifdef` branches of these macros are taken out of the GLSL the worker keeps (shaders.ts), which is
 * most of MeshStandardMaterial's shader (clearcoat, sheen, iridescence, transmission, anisotropy...).
 * The worker's materials are ours only (src/three: MeshStandardMaterial, never MeshPhysicalMaterial;
 * no environment map, fog, light map, morph targets, skinning or batching; the sun is the one light
 * with a shadow, a BasicShadowMap, src/three/renderer-settings.ts; no point, spot or area light, no
 * clipping plane).
 *
 * Each macro is paired with the test WebGLPrograms' parameters answer for it: a program that would need
 * a branch taken out logs a console error naming the feature instead (the guard in front of
 * `getParameters()`'s `return parameters;`), so a change of ours that starts using one says so at once.
 */
export const NEVER_DEFINED: Readonly<Record<string, string>> = {
  PHYSICAL: "p.shaderType === 'MeshPhysicalMaterial'",
  IOR: "p.shaderType === 'MeshPhysicalMaterial'",
  USE_SPECULAR: "p.shaderType === 'MeshPhysicalMaterial'",
  USE_CLEARCOAT: 'p.clearcoat',
  USE_CLEARCOATMAP: 'p.clearcoatMap',
  USE_CLEARCOAT_NORMALMAP: 'p.clearcoatNormalMap',
  USE_CLEARCOAT_ROUGHNESSMAP: 'p.clearcoatRoughnessMap',
  USE_DISPERSION: 'p.dispersion',
  USE_IRIDESCENCE: 'p.iridescence',
  USE_IRIDESCENCEMAP: 'p.iridescenceMap',
  USE_IRIDESCENCE_THICKNESSMAP: 'p.iridescenceThicknessMap',
  USE_SHEEN: 'p.sheen',
  USE_SHEEN_COLORMAP: 'p.sheenColorMap',
  USE_SHEEN_ROUGHNESSMAP: 'p.sheenRoughnessMap',
  USE_ANISOTROPY: 'p.anisotropy',
  USE_ANISOTROPYMAP: 'p.anisotropyMap',
  USE_TRANSMISSION: 'p.transmission',
  USE_TRANSMISSIONMAP: 'p.transmissionMap',
  USE_THICKNESSMAP: 'p.thicknessMap',
  USE_SPECULAR_COLORMAP: 'p.specularColorMap',
  USE_SPECULAR_INTENSITYMAP: 'p.specularIntensityMap',
  USE_ENVMAP: 'p.envMap',
  ENVMAP_TYPE_CUBE: 'p.envMap',
  ENVMAP_TYPE_CUBE_UV: 'p.envMap',
  ENVMAP_MODE_REFRACTION: 'p.envMap',
  // the renderer draws with NoToneMapping (src/three/shared-renderer.ts); our look does its own (look-shader.ts)
  TONE_MAPPING: 'p.toneMapping !== 0',
  USE_FOG: 'p.useFog && p.fog',
  FOG_EXP2: 'p.useFog && p.fogExp2',
  USE_LIGHTMAP: 'p.lightMap',
  USE_BUMPMAP: 'p.bumpMap',
  USE_DISPLACEMENTMAP: 'p.displacementMap',
  USE_GRADIENTMAP: 'p.gradientMap',
  USE_MATCAP: 'p.matcap',
  USE_ALPHAHASH: 'p.alphaHash',
  USE_MORPHTARGETS: 'p.morphTargets',
  USE_MORPHNORMALS: 'p.morphNormals',
  USE_MORPHCOLORS: 'p.morphColors',
  USE_INSTANCING_MORPH: 'p.instancingMorph',
  USE_SKINNING: 'p.skinning',
  USE_BATCHING: 'p.batching',
  USE_BATCHING_COLOR: 'p.batchingColor',
  USE_LOGARITHMIC_DEPTH_BUFFER: 'p.logarithmicDepthBuffer',
  USE_LIGHT_PROBES_GRID: 'p.numLightProbeGrids > 0',
  SHADOWMAP_TYPE_PCF: 'p.shadowMapEnabled && p.shadowMapType !== 0',
  SHADOWMAP_TYPE_PCF_SOFT: 'p.shadowMapEnabled && p.shadowMapType !== 0',
  SHADOWMAP_TYPE_VSM: 'p.shadowMapEnabled && p.shadowMapType !== 0',
};

/** Counts of lights and planes that are always 0 in the worker, with the parameter that says otherwise. */
export const ALWAYS_ZERO: Readonly<Record<string, string>> = {
  NUM_POINT_LIGHTS: 'p.numPointLights',
  NUM_SPOT_LIGHTS: 'p.numSpotLights',
  NUM_RECT_AREA_LIGHTS: 'p.numRectAreaLights',
  NUM_POINT_LIGHT_SHADOWS: 'p.numPointLightShadows',
  NUM_SPOT_LIGHT_SHADOWS: 'p.numSpotLightShadows',
  NUM_SPOT_LIGHT_MAPS: 'p.numSpotLightMaps',
  NUM_SPOT_LIGHT_COORDS: 'p.numSpotLightShadowsWithMaps + p.numSpotLightMaps + p.numSpotLightShadows',
  NUM_CLIPPING_PLANES: 'p.numClippingPlanes',
};

type Truth = true | false | undefined;

/** A preprocessor condition, three-valued: false or true when the macros above decide it, else undefined. */
export function evaluate(condition: string): Truth {
  const tokens = condition.match(/defined\s*\(\s*\w+\s*\)|defined\s+\w+|\w+|&&|\|\||[<>=!]=?|[()]/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const not = (v: Truth): Truth => (v === undefined ? undefined : !v);
  const and = (a: Truth, b: Truth): Truth => (a === false || b === false ? false : a && b ? true : undefined);
  const or = (a: Truth, b: Truth): Truth =>
    a === true || b === true ? true : a === false && b === false ? false : undefined;
  const primary = (): Truth => {
    const token = tokens[at++];
    if (token === undefined) throw new Error('end');
    if (token === '!') return not(primary());
    if (token === '(') {
      const value = expression();
      if (tokens[at++] !== ')') throw new Error(')');
      return value;
    }
    const defined = /^defined\s*\(?\s*(\w+)\s*\)?$/.exec(token);
    if (defined) return defined[1]! in NEVER_DEFINED ? false : undefined;
    // `NAME op INTEGER`, NAME always 0
    const op = peek();
    if (op && /^[<>]=?$|^[=!]=$/.test(op)) {
      at++;
      const right = tokens[at++]!;
      if (!(token in ALWAYS_ZERO) || !/^\d+$/.test(right)) return undefined;
      const r = Number(right);
      return { '<': 0 < r, '<=': 0 <= r, '>': 0 > r, '>=': 0 >= r, '==': 0 === r, '!=': 0 !== r }[op];
    }
    return undefined;
  };
  const conjunction = (): Truth => {
    let value = primary();
    while (peek() === '&&') {
      at++;
      value = and(value, primary());
    }
    return value;
  };
  const expression = (): Truth => {
    let value = conjunction();
    while (peek() === '||') {
      at++;
      value = or(value, conjunction());
    }
    return value;
  };
  try {
    const value = expression();
    return at === tokens.length ? value : undefined;
  } catch {
    return undefined;
  }
}

interface Frame {
  /** This chain's directives are written (its condition is not known). */
  written: boolean;
  /** The lines of the branch being read are kept. */
  keeping: boolean;
  /** A branch known to be taken came already: the rest of the chain goes. */
  taken: boolean;
  /** The chain is inside a branch that goes: everything in it goes. */
  dead: boolean;
}

/** GLSL without the branches the macros above decide against (and the directives they decide). */
export function pruneGlsl(glsl: string, fail: Fail, name: string): string {
  const out: string[] = [];
  const stack: Frame[] = [];
  const live = () => stack.every((f) => f.keeping && !f.dead);
  for (const line of glsl.split('\n')) {
    const directive = /^\s*#\s*(ifdef|ifndef|if|elif|else|endif)\b\s*(.*?)\s*$/.exec(line);
    if (!directive) {
      if (live()) out.push(line);
      continue;
    }
    const [, kind, rest] = directive;
    const condition =
      kind === 'ifdef' ? `defined( ${rest} )` : kind === 'ifndef' ? `! defined( ${rest} )` : rest!;
    if (kind === 'ifdef' || kind === 'ifndef' || kind === 'if') {
      if (!live()) {
        stack.push({ written: false, keeping: false, taken: true, dead: true });
        continue;
      }
      const value = evaluate(condition);
      if (value === undefined) out.push(line);
      stack.push({
        written: value === undefined,
        keeping: value !== false,
        taken: value === true,
        dead: false,
      });
      continue;
    }
    const frame = stack.at(-1) ?? fail(`#${kind} without #if in the ${name} chunk`);
    if (frame.dead) {
      if (kind === 'endif') stack.pop();
      continue;
    }
    if (kind === 'endif') {
      stack.pop();
      if (frame.written) out.push(line);
    } else if (frame.taken) {
      frame.keeping = false;
    } else if (kind === 'else') {
      frame.keeping = true;
      frame.taken = true;
      if (frame.written) out.push(line);
    } else {
      const value = evaluate(condition);
      frame.keeping = value !== false;
      if (value === false) continue;
      if (value === true) {
        frame.taken = true;
        if (frame.written) out.push(line.replace(/#\s*elif\b.*$/, '#else'));
      } else if (frame.written) out.push(line);
      else {
        // the branches before went: this one is the chain's first
        out.push(line.replace(/#\s*elif\b/, '#if'));
        frame.written = true;
      }
    }
  }
  if (stack.length) fail(`an #if without #endif in the ${name} chunk`);
  return out.join('\n');
}

/** The guard: JS put in front of WebGLPrograms.getParameters()'s `return parameters;`. */
export function parameterGuard(): string {
  const checks = [
    ...Object.entries(NEVER_DEFINED).map(([macro, test]) => [macro, test] as const),
    ...Object.entries(ALWAYS_ZERO).map(([macro, test]) => [macro, `(${test}) > 0`] as const),
  ];
  // one test per distinct condition, naming its macros
  const byTest = new Map<string, string[]>();
  for (const [macro, test] of checks) byTest.set(test, [...(byTest.get(test) ?? []), macro]);
  const tests = [...byTest].map(([test, macros]) => `[${JSON.stringify(macros.join(', '))}, ${test}]`);
  return (
    `{ const p = parameters; for ( const [ what, uses ] of [ ${tests.join(', ')} ] ) ` +
    `if ( uses ) console.error( 'room-elements: the render worker is built without three.js\\'s shader code for ' + what + ' (scripts/worker-trims.ts); ' + p.shaderType + ' is drawn without it' ); }`
  );
}
