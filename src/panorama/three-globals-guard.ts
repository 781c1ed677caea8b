/**
 * photo-sphere-viewer changes two page-wide three.js switches when its module is evaluated:
 * `ColorManagement.enabled = false` (at the top of its Renderer) and `Cache.enabled = false`.
 * The first would change the colours of every other three.js scene on the page, <room-viewer>'s
 * included; the second would undo a page's own choice to cache loaded files.
 *
 * psv-runtime.ts imports this module BEFORE photo-sphere-viewer: ES modules evaluate in import order
 * (bundlers keep it), so this records the page's values first, and psv-runtime.ts puts them back right
 * after PSV evaluated, in the same synchronous evaluation: no other script can run in between.
 *
 * PSV does not need colour management off at render time: it creates no THREE.Color, its textures have
 * no colour space (no decoding) and it renders with a linear output colour space (no encoding), so its
 * pixels are the face images' own values either way (the orientation test checks exact colours).
 */
import { Cache, ColorManagement } from 'three';

export const threeGlobalsBefore = Object.freeze({
  colorManagement: ColorManagement.enabled,
  cache: Cache.enabled,
});
