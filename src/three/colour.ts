/**
 * Colours without THREE.ColorManagement: photo-sphere-viewer switches `ColorManagement.enabled` off for the
 * whole page when it is imported, which would make `Color.setRGB(r, g, b, SRGBColorSpace)` skip the
 * sRGB → linear step. We decode sRGB ourselves and hand three linear values tagged as the working
 * space (no conversion either way), so colours are the same with and without a panorama on the page.
 */
import { Color, LinearSRGBColorSpace } from 'three';
import type { Vec3 } from '../model/types.js';

export function srgbToLinear(c: number): number {
  return c < 0.04045 ? c * 0.0773993808 : Math.pow(c * 0.9478672986 + 0.0521327014, 2.4);
}

/** A linear three Color from sRGB components 0..1 (as the model's `diffuse` is sent). */
export function colourFromSrgb(rgb: Vec3 | readonly number[], target = new Color()): Color {
  const clamp = (v: number | undefined) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v as number)) : 0);
  return target.setRGB(
    srgbToLinear(clamp(rgb[0])),
    srgbToLinear(clamp(rgb[1])),
    srgbToLinear(clamp(rgb[2])),
    LinearSRGBColorSpace,
  );
}

/** A linear three Color from a CSS hex colour `#rgb` / `#rrggbb` (others give undefined). */
export function colourFromHex(hex: string, target = new Color()): Color | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const n = parseInt(h, 16);
  return colourFromSrgb([(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255], target);
}
