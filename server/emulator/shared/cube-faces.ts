/**
 * The six faces of a cube panorama, in the order the services list them (r d l u b f), and the
 * direction a face's pixel looks in: what the room-styling panoramas and the planning service's
 * panorama exports both render.
 */
export const CUBE_FACES = ['r', 'd', 'l', 'u', 'b', 'f'] as const;
export type CubeFace = (typeof CUBE_FACES)[number];

/** A face's direction for pixel (s, t) in [-1, 1], x right, y up, z forward. */
export function faceDirection(face: CubeFace, s: number, t: number): [number, number, number] {
  switch (face) {
    case 'f':
      return [s, -t, 1];
    case 'r':
      return [1, -t, -s];
    case 'b':
      return [-s, -t, -1];
    case 'l':
      return [-1, -t, s];
    case 'u':
      return [s, 1, t];
    case 'd':
      return [s, -1, -t];
  }
}
