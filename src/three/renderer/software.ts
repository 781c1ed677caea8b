import type { WebGLRenderer } from 'three';

/**
 * Whether a software rasteriser draws the renderer's context (SwiftShader, llvmpipe…); where the browser
 * hides the renderer's name, it counts as a GPU. The canvas hand-over's `'auto'` policy copies there
 * (hand-over.ts; its worker form, hand-over.worker.ts, answers the same question).
 */
export function drawsInSoftware(renderer: WebGLRenderer): boolean {
  const gl = renderer.getContext();
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  return /swiftshader|llvmpipe|softpipe|software|basic render/i.test(name);
}
