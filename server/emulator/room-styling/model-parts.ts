/**
 * What the generated rooms (model.ts) and the showcase room (showcase.ts) write alike into a model: the
 * default ceiling, a floor decor's and the frames' materials, and a door's or window's configuration.
 * One copy, so both kinds of room keep the sample's form. Each call makes a fresh object (a model is
 * made fresh on each request, and nothing of one may be shared with another).
 */
import { FRAME_DECOR, type FloorDecor } from './catalogue.ts';

/** The plain white ceiling every room has. */
export const ceilingMaterial = () => ({
  ambient: [0, 0, 0],
  shiny: 0,
  ID: 'materialCeilingDefault',
  diffuse: [0.976, 0.976, 0.976],
  shader: 'combi_material',
});

/** A floor decor's textured material. */
export const floorMaterial = (decor: FloorDecor) => ({
  diffuse_texture: decor.texture,
  ID: decor.id,
  texture_width: decor.textureWidth,
  shader: 'combi_material',
});

/** The door and window frames' maple. */
export const frameMaterial = () => ({
  diffuse_texture: FRAME_DECOR.texture,
  shader: 'combi_material',
  ID: FRAME_DECOR.id,
  texture_width: FRAME_DECOR.textureWidth,
  shiny: 20,
  diffuse: [1, 1, 1],
});

/** A door's (opening to the left, inwards, closed) or a window's configuration, `w` × `h` cm. */
export function openingConfiguration(kind: 'Door' | 'Window', w: number, h: number): Record<string, unknown> {
  return kind === 'Door'
    ? {
        open_side: 'l',
        height: h,
        open_direction: 'i',
        width: w,
        depth: 6,
        finish: FRAME_DECOR.id,
        open: '0',
      }
    : { width: w, depth: 6, finish: FRAME_DECOR.id, height: h };
}
