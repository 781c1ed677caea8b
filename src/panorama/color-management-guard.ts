/**
 * photo-sphere-viewer switches three.js colour management off for the whole page when its module is
 * evaluated (`ColorManagement.enabled = false` at the top of its Renderer). That would change the
 * colours of every other three.js scene on the page, <room-viewer>'s included.
 *
 * psv-runtime.ts imports this module BEFORE photo-sphere-viewer: ES modules evaluate in import order,
 * so this records the page's value first, and psv-runtime.ts puts it back right after PSV evaluated,
 * in the same synchronous evaluation (no other script can run in between).
 *
 * PSV does not need the switch at render time: it creates no THREE.Color, its textures have no colour
 * space (no decoding) and it renders with a linear output colour space (no encoding), so its pixels are
 * the face images' own values either way (the orientation test checks exact colours).
 */
import { ColorManagement } from 'three';

export const colorManagementBefore: boolean = ColorManagement.enabled;
