/**
 * Tone mapping and exposure inside our own materials' shaders (onBeforeCompile), not on the renderer:
 * the shared renderer stays NoToneMapping, so what another library on the page draws through three is not
 * changed, and each view sets its own exposure just before it is drawn (one shared uniform).
 *
 * The curve is Khronos PBR Neutral's highlight compression without its 0.04 offset: every colour whose
 * largest channel is at most KNEE passes unchanged (a material's sRGB colour lit with 1 renders as that
 * colour), brighter ones roll off smoothly towards white and lose a little saturation, as film does.
 */
import { ShaderChunk, type WebGLProgramParametersWithUniforms } from 'three';

/** Linear level up to which colours pass unchanged. */
export const KNEE = 0.9;

/** Exposure of the view being drawn (RoomView sets it before each draw). */
export const EXPOSURE = { value: 1 };

const FUNCTIONS = /* glsl */ `
uniform float roomExposure;
vec3 roomToneMap( vec3 color ) {
  color *= roomExposure;
  float peak = max( color.r, max( color.g, color.b ) );
  if ( peak <= ${KNEE.toFixed(3)} ) return color;
  float d = 1.0 - ${KNEE.toFixed(3)};
  float newPeak = 1.0 - d * d / ( peak + d - ${KNEE.toFixed(3)} );
  color *= newPeak / peak;
  float g = 1.0 - 1.0 / ( 0.15 * ( peak - newPeak ) + 1.0 );
  return mix( color, vec3( newPeak ), g );
}
`;

/**
 * The environment's irradiance (environment.ts) per vertex instead of per pixel: our surfaces are flat
 * (one normal per face) or chamfered, so it is the same picture, and under software WebGL evaluating the
 * nine coefficients in every fragment cost about 12 ms a frame on the real sample (640 × 480).
 */
const VERTEX_FUNCTIONS = /* glsl */ `
uniform vec3 lightProbe[ 9 ];
varying vec3 vRoomIrradiance;
vec3 roomIrradiance( vec3 n ) {
  vec3 r = lightProbe[ 0 ] * 0.886227;
  r += lightProbe[ 1 ] * 1.023328 * n.y;
  r += lightProbe[ 2 ] * 1.023328 * n.z;
  r += lightProbe[ 3 ] * 1.023328 * n.x;
  r += lightProbe[ 4 ] * 0.858086 * n.x * n.y;
  r += lightProbe[ 5 ] * 0.858086 * n.y * n.z;
  r += lightProbe[ 6 ] * ( 0.743125 * n.z * n.z - 0.247708 );
  r += lightProbe[ 7 ] * 0.858086 * n.x * n.z;
  r += lightProbe[ 8 ] * 0.429043 * ( n.x * n.x - n.y * n.y );
  return r;
}
`;

/** The same function object for every material, so they share one compiled program per variant. */
export function applyLook(shader: WebGLProgramParametersWithUniforms): void {
  shader.uniforms.roomExposure = EXPOSURE;
  shader.vertexShader = shader.vertexShader
    .replace('void main() {', `${VERTEX_FUNCTIONS}\nvoid main() {`)
    .replace(
      '#include <defaultnormal_vertex>',
      '#include <defaultnormal_vertex>\n  vRoomIrradiance = roomIrradiance( inverseTransformDirection( transformedNormal, viewMatrix ) );',
    );
  shader.fragmentShader = shader.fragmentShader
    .replace('void main() {', `varying vec3 vRoomIrradiance;\n${FUNCTIONS}\nvoid main() {`)
    .replace(
      '#include <lights_fragment_begin>',
      ShaderChunk.lights_fragment_begin.replace(
        'irradiance += getLightProbeIrradiance( lightProbe, geometryNormal );',
        'irradiance += vRoomIrradiance;',
      ),
    )
    .replace('#include <tonemapping_fragment>', 'gl_FragColor.rgb = roomToneMap( gl_FragColor.rgb );');
}

/** The curve on the CPU (tests and docs). */
export function toneMap(value: number): number {
  if (value <= KNEE) return value;
  const d = 1 - KNEE;
  return 1 - (d * d) / (value + d - KNEE);
}
