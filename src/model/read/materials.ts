/** The materials table and colours, read leniently (see read-model.ts). */
import type { ModelMaterial, Vec3 } from '../types.js';
import { Reader, entriesOf, isObject } from './reader.js';

export function readMaterials(value: unknown, path: string, r: Reader): Record<string, ModelMaterial> {
  // A null-prototype record: an ID such as "__proto__" or "toString" is just a key.
  const out = Object.create(null) as Record<string, ModelMaterial>;
  if (value === undefined || value === null) return out;
  if (!Array.isArray(value) && !isObject(value)) {
    r.problem(path, 'is not an array');
    return out;
  }
  for (const [key, item] of entriesOf(value, '')) {
    const where = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    r.guard(where, undefined, () => {
      if (!isObject(item)) {
        r.problem(where, 'is not an object; material left out');
        return;
      }
      const id =
        r.string(item.ID ?? item.id, `${where}.ID`, true) ?? (Array.isArray(value) ? undefined : key);
      if (id === undefined) return;
      const material: ModelMaterial = { id };
      const diffuse = readColour(item.diffuse, `${where}.diffuse`, r);
      if (diffuse) material.diffuse = diffuse;
      const ambient = readColour(item.ambient, `${where}.ambient`, r);
      if (ambient) material.ambient = ambient;
      const texture = r.string(item.diffuse_texture ?? item.diffuseTexture, `${where}.diffuse_texture`);
      if (texture) material.diffuseTexture = texture;
      // Document 3 gives texture_width as a string ("99"): expected, so not noted
      const width = r.number(item.texture_width ?? item.textureWidth, `${where}.texture_width`, {
        required: false,
        stringOk: true,
      });
      if (width !== undefined && width > 0) material.textureWidth = width;
      const shiny = r.number(item.shiny, `${where}.shiny`, { required: false });
      if (shiny !== undefined) material.shiny = shiny;
      out[id] = material;
    });
  }
  return out;
}

/** A colour as three 0..1 components; values out of range are clamped (and reported). */
export function readColour(value: unknown, path: string, r: Reader): Vec3 | undefined {
  if (value === undefined || value === null) return undefined;
  const v = r.vec(value, 3, path);
  if (!v) return undefined;
  if (v.some((c) => c < 0 || c > 1)) r.problem(path, 'has components outside 0..1; clamped');
  return v.map((c) => Math.min(1, Math.max(0, c))) as Vec3;
}
