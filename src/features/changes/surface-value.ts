/**
 * Surfaces as the change log holds them (issue 37): an id that names a wall face, an area's floor or
 * its ceiling, and a value that is a colour or a texture, checked here before anything is touched. Pure
 * (the colour's CSS parsing is handed in: the page's CSS engine reads it), so Node tests it.
 */
import type { AreaGeometry, PlanGeometry, Vec2, WallGeometry } from '../../model/types.js';
import { pointInRing } from '../../model/polygon.js';
import { safeHttpUrl } from '../../internal/safe-url.js';
import { ChangeRefused } from './change-log.js';
import type { DescribedSurface } from '../selection/room-description.js';

/** A surface's value in the log: a colour (`#rrggbb`), or a texture tiled every `tileSize` cm turned `rotation`°. */
export type SurfaceValue = { color: string } | { texture: string; tileSize: number; rotation: number };

/** What `setSurface()` takes: a CSS colour, or a texture URL (http(s)) with its tile size (cm) and rotation (°). */
export type SurfaceInput = { color: string } | { texture: string; tileSize?: number; rotation?: number };

/** A surface named by its id: which wall or area, and which face. */
export type SurfaceRef =
  | { kind: 'wall'; id: string; side: 'left' | 'right' }
  | { kind: 'area'; id: string; face: 'floor' | 'ceiling' };

/** Tile sizes (cm) a texture may have: a mosaic's to a mural's. */
export const TILE_SIZE_RANGE = [0.5, 10_000] as const;
/** One tile of a texture when the page says none (cm). */
export const DEFAULT_TILE_SIZE = 100;

/** `wall:<id>:left|right`, `area:<id>:floor|ceiling` (ids may hold colons), or undefined. */
export function parseSurfaceId(surface: unknown): SurfaceRef | undefined {
  if (typeof surface !== 'string' || surface.length > 500) return undefined;
  const wall = /^wall:(.+):(left|right)$/.exec(surface);
  if (wall) return { kind: 'wall', id: wall[1]!, side: wall[2] as 'left' | 'right' };
  const area = /^area:(.+):(floor|ceiling)$/.exec(surface);
  if (area) return { kind: 'area', id: area[1]!, face: area[2] as 'floor' | 'ceiling' };
  return undefined;
}

/** The surface's id, or a refusal (`unknown-target`) when the plan has no such wall or area. */
export function checkSurface(plan: PlanGeometry, surface: string): SurfaceRef {
  const ref = parseSurfaceId(surface);
  const known =
    ref &&
    (ref.kind === 'wall'
      ? plan.walls.some((w) => w.name === ref.id)
      : plan.areas.some((a) => a.name === ref.id));
  if (!ref || !known)
    throw new ChangeRefused(
      'unknown-target',
      `no surface "${String(surface).slice(0, 100)}" in this room: wall:<id>:left|right or area:<id>:floor|ceiling`,
    );
  return ref;
}

/**
 * A page's value made the log's: a colour as `#rrggbb` (`parseColour` reads any CSS colour; undefined:
 * not one), a texture as an absolute http(s) URL with its tile size and rotation; null stays null (the
 * model's own). Throws ChangeRefused `bad-value` with a sentence saying what is wrong.
 */
export function surfaceValue(
  input: unknown,
  parseColour: (value: string) => [number, number, number] | undefined,
): SurfaceValue | null {
  if (input === null) return null;
  if (!input || typeof input !== 'object')
    throw new ChangeRefused('bad-value', 'a surface takes { color } or { texture, tileSize, rotation }');
  const value = input as Record<string, unknown>;
  if ('color' in value) {
    const rgb = typeof value.color === 'string' ? parseColour(value.color) : undefined;
    if (!rgb)
      throw new ChangeRefused('bad-value', `"${String(value.color).slice(0, 100)}" is not a CSS colour`);
    return { color: `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}` };
  }
  if ('texture' in value) {
    const url = safeHttpUrl(value.texture);
    if (!url) throw new ChangeRefused('bad-value', `a surface's texture must be an http(s) URL`);
    const tileSize = value.tileSize ?? DEFAULT_TILE_SIZE;
    const rotation = value.rotation ?? 0;
    if (typeof tileSize !== 'number' || !(tileSize >= TILE_SIZE_RANGE[0] && tileSize <= TILE_SIZE_RANGE[1]))
      throw new ChangeRefused(
        'bad-value',
        `tileSize must be a number of centimetres from ${TILE_SIZE_RANGE[0]} to ${TILE_SIZE_RANGE[1]}`,
      );
    if (typeof rotation !== 'number' || !Number.isFinite(rotation))
      throw new ChangeRefused('bad-value', 'rotation must be a number of degrees');
    return { texture: url, tileSize, rotation: ((rotation % 360) + 360) % 360 };
  }
  throw new ChangeRefused('bad-value', 'a surface takes { color } or { texture, tileSize, rotation }');
}

/** `#rrggbb` as sRGB 0..1. */
export function hexToSrgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** The model's material id of a surface (what `surface-select` says before any change). */
export function modelMaterialOf(plan: PlanGeometry, ref: SurfaceRef): string | undefined {
  if (ref.kind === 'wall') return plan.walls.find((w) => w.name === ref.id)?.material;
  const area = plan.areas.find((a) => a.name === ref.id);
  return ref.face === 'floor' ? area?.floorMaterial : area?.ceilingMaterial;
}

/** The area a surface belongs to: an area's own; a wall face's, the innermost area in front of it. */
export function areaOfSurface(plan: PlanGeometry, ref: SurfaceRef): AreaGeometry | undefined {
  if (ref.kind === 'area') return plan.areas.find((a) => a.name === ref.id);
  const wall = plan.walls.find((w) => w.name === ref.id);
  if (!wall) return undefined;
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy) || 1;
  const sign = ref.side === 'left' ? 1 : -1;
  const off = wall.thickness / 2 + 5;
  const point: Vec2 = [
    (wall.start[0] + wall.end[0]) / 2 + ((sign * -dy) / length) * off,
    (wall.start[1] + wall.end[1]) / 2 + ((sign * dx) / length) * off,
  ];
  let found: AreaGeometry | undefined;
  for (const area of plan.areas)
    if ((!found || area.depth > found.depth) && pointInRing(point, area.polygon)) found = area;
  return found;
}

/** Every surface of a plan, as the room's description lists them: each area's floor and ceiling, then each wall's two faces. */
export function surfacesOf(plan: PlanGeometry): DescribedSurface[] {
  return [
    ...plan.areas.flatMap((a, area) =>
      (['floor', 'ceiling'] as const).map((face) => ({ surface: `area:${a.name}:${face}`, area, face })),
    ),
    ...plan.walls.flatMap((w, wall) =>
      (['left', 'right'] as const).map((side) => ({ surface: `wall:${w.name}:${side}`, wall, side })),
    ),
  ];
}

/** The ends of a wall's face on `side`: the footprint's points furthest out that way, first and last along the wall. */
export function wallFaceEnds(wall: WallGeometry, side: 'left' | 'right'): [Vec2, Vec2] {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy) || 1;
  const sign = side === 'left' ? 1 : -1;
  const out = (p: Vec2) => ((p[0] - wall.start[0]) * -dy + (p[1] - wall.start[1]) * dx) * (sign / length);
  const most = Math.max(...wall.polygon.map(out));
  const along = (p: Vec2) => (p[0] - wall.start[0]) * dx + (p[1] - wall.start[1]) * dy;
  const face = wall.polygon.filter((p) => most - out(p) < 0.5).sort((a, b) => along(a) - along(b));
  return [face[0] ?? wall.start, face.at(-1) ?? wall.end];
}

/** The side of the wall's line a point is on (seen from above: `left` walking from start to end). */
export function sideOf(wall: WallGeometry, point: Vec2): 'left' | 'right' {
  const cross =
    (wall.end[0] - wall.start[0]) * (point[1] - wall.start[1]) -
    (wall.end[1] - wall.start[1]) * (point[0] - wall.start[0]);
  return cross >= 0 ? 'left' : 'right';
}
