/**
 * Reading a model (generated or the real sample) for the emulator's own drawings: numbers may arrive
 * as strings, as in the sample, and material ids map to colours.
 */
import { hash32, hexOf } from '../shared/random.ts';
import { FLOOR_DECORS, FRAME_DECOR, FURNITURE_BY_CATEGORY } from './catalogue.ts';
import type { Rgb } from './raster.ts';

export type AnyModel = Record<string, unknown>;

export const num = (value: unknown, fallback = 0): number => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};

export const vec = (value: unknown, length: number): number[] =>
  Array.from({ length }, (_, i) => num(Array.isArray(value) ? value[i] : undefined));

const DECOR_RGB = new Map<string, Rgb>([
  ...FLOOR_DECORS.map((d) => [d.id, d.rgb] as [string, Rgb]),
  [FRAME_DECOR.id, FRAME_DECOR.rgb],
]);

/** Furniture colours by component_id, for top views of generated rooms. */
const FURNITURE_RGB = new Map<string, Rgb>(
  Object.values(FURNITURE_BY_CATEGORY)
    .flat()
    .map((item) => [hexOf(40, 'furniture', item.name), item.rgb]),
);

export function materialColour(model: AnyModel, id: string | undefined, fallback: Rgb): Rgb {
  if (!id) return fallback;
  const known = DECOR_RGB.get(id);
  if (known) return known;
  const hex = /color-([0-9a-f]{6})$/i.exec(id)?.[1];
  if (hex) return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
  const materials = Array.isArray(model.materials) ? (model.materials as Record<string, unknown>[]) : [];
  const material = materials.find((m) => m && m.ID === id);
  if (material && Array.isArray(material.diffuse) && !material.diffuse_texture) {
    return vec(material.diffuse, 3).map((c) => Math.round(Math.min(1, Math.max(0, c)) * 255)) as Rgb;
  }
  if (material?.diffuse_texture) {
    // An unknown texture: a wood tone picked by its name, so a room keeps its look between renders.
    const h = hash32(String(material.diffuse_texture));
    return [150 + (h % 60), 100 + ((h >> 8) % 50), 60 + ((h >> 16) % 40)];
  }
  return fallback;
}

export function furnitureColour(componentId: unknown): Rgb {
  const known = FURNITURE_RGB.get(String(componentId));
  if (known) return known;
  const h = hash32(String(componentId));
  return [90 + (h % 120), 80 + ((h >> 8) % 110), 70 + ((h >> 16) % 100)];
}

export interface PlanView {
  points: [number, number][];
  walls: { name: string; a: number; b: number; thickness: number; material?: string }[];
  areas: { indices: number[]; floor?: string }[];
  height: number;
}

export function planOf(model: AnyModel): PlanView {
  const plan = (model.plan ?? {}) as Record<string, unknown>;
  const points = (Array.isArray(plan.points) ? plan.points : []).map((p) => vec(p, 2) as [number, number]);
  const walls = Object.entries((plan.walls ?? {}) as Record<string, Record<string, unknown>>)
    .map(([name, w]) => ({
      name,
      a: num(vec(w.indices, 2)[0], -1),
      b: num(vec(w.indices, 2)[1], -1),
      thickness: num(w.thickness, 10),
      material: typeof w.material === 'string' ? w.material : undefined,
    }))
    .filter((w) => points[w.a] && points[w.b]);
  const areas = Object.values((plan.areas ?? {}) as Record<string, Record<string, unknown>>).map((a) => ({
    indices: (Array.isArray(a.indices) ? a.indices : []).map((i) => num(i, -1)).filter((i) => points[i]),
    floor: typeof a.floor_material === 'string' ? a.floor_material : undefined,
  }));
  return { points, walls, areas, height: num(plan.height, 250) };
}

export function componentsOf(model: AnyModel): Record<string, unknown>[] {
  return Array.isArray(model.components) ? (model.components as Record<string, unknown>[]) : [];
}

export function polygonArea(points: [number, number][]): number {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
}
