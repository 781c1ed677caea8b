/**
 * The service's cube faces (`r d l u b f`, Document 3) and how they lie on photo-sphere-viewer's cube.
 * Pure functions: no DOM, no PSV.
 */
import { safeHttpUrl } from '../api/safe-url.js';

export type CubeFace = 'r' | 'd' | 'l' | 'u' | 'b' | 'f';
export const CUBE_FACES: readonly CubeFace[] = ['r', 'd', 'l', 'u', 'b', 'f'];

/** Six image URLs, one per face. */
export type CubeFaces = Record<CubeFace, string>;

/** What PSV's cubemap adapter takes (`{ type: 'separate' }` with named paths). */
export interface PsvCubemap {
  type: 'separate';
  paths: { left: string; front: string; right: string; back: string; top: string; bottom: string };
  flipTopBottom: boolean;
}

/**
 * The service's faces on PSV's cube. Measured on the real faces (edge continuity) and proven by
 * test/browser/room-panorama-orientation.test.ts: the service writes the standard horizontal-cross net
 * as seen from inside (side strip l f r b left to right, u above f, d below f). PSV takes the side
 * faces that way, but without `flipTopBottom` it shows top and bottom turned by 180°.
 */
export function toPsvCubemap(faces: CubeFaces): PsvCubemap {
  return {
    type: 'separate',
    paths: { left: faces.l, front: faces.f, right: faces.r, back: faces.b, top: faces.u, bottom: faces.d },
    flipTopBottom: true,
  };
}

/**
 * Checks six face URLs: each must be an http(s) URL, or a `blob:` URL the page made itself (a local
 * preview). Relative URLs resolve against `base`. Returns the absolute URLs, or the faces at fault.
 */
export function checkFaces(
  value: unknown,
  base?: string,
): { ok: true; faces: CubeFaces } | { ok: false; bad: CubeFace[] } {
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const faces = {} as CubeFaces;
  const bad: CubeFace[] = [];
  for (const face of CUBE_FACES) {
    const raw = record[face];
    const url =
      typeof raw === 'string' && raw.startsWith('blob:') && isOwnBlob(raw) ? raw : safeHttpUrl(raw, base);
    if (url) faces[face] = url;
    else bad.push(face);
  }
  return bad.length ? { ok: false, bad } : { ok: true, faces };
}

/** A blob: URL of this page's own origin (URL.createObjectURL); anything else is refused. */
function isOwnBlob(url: string): boolean {
  if (typeof location === 'undefined') return false;
  try {
    return new URL(url.slice('blob:'.length)).origin === location.origin;
  } catch {
    return false;
  }
}
