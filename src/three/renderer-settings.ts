/**
 * What the room views need from the page's one WebGLRenderer: sun shadows, drawn only when a view says
 * something changed (shadowMap.autoUpdate off; RoomView sets needsUpdate when its scene changed).
 * Tone mapping and exposure are not here: they live in our materials (look-shader.ts). Idempotent.
 */
import { BasicShadowMap, type WebGLRenderer } from 'three';

export function applyRendererSettings(renderer: WebGLRenderer): void {
  renderer.shadowMap.enabled = true;
  renderer.shadowMap.type = BasicShadowMap;
  renderer.shadowMap.autoUpdate = false;
}
