/**
 * Paint and floor quantities per material (issue 37): how many m² of each wall finish, floor and
 * ceiling the room has as it is now, with the page's changes, so a page can quote paint litres
 * (m² × coats ÷ coverage) or floor packs (m² ÷ m² per pack, plus waste). Pure: no DOM.
 *
 * - A wall face (`wall:<id>:left|right`): its length (the footprint's face, joins included) × the
 *   wall's height, minus every door and window in the wall (an opening takes its area off both faces).
 * - A floor or ceiling (`area:<id>:floor|ceiling`): the area's own polygon minus the areas directly
 *   inside it (a room within the flat's outline is counted once, as its own).
 * A surface counts under its change (`#rrggbb`, or the texture's URL) when it was changed, else under
 * the model's material id (`''`: none given).
 */
import { pointInRing } from '../../model/polygon.js';
import type { AreaGeometry, PlanGeometry, WallGeometry } from '../../model/types.js';
import { wallFaceEnds, type SurfaceValue } from '../changes/surface-value.js';

/** One material's share: its key, its area (m²) and the surfaces it covers. */
export interface MaterialArea {
  /** The model's material id (`''`: none), or the change: `#rrggbb`, or a texture's URL. */
  material: string;
  /** `model` (as the model has it) or `changed` (the page's `setSurface()`). */
  source: 'model' | 'changed';
  /** m². */
  area: number;
  surfaces: string[];
}

/** Every material of the walls, the floors and the ceilings, largest first. */
export interface SurfaceQuantities {
  walls: MaterialArea[];
  floors: MaterialArea[];
  ceilings: MaterialArea[];
}

const CM2_PER_M2 = 10_000;

/** A wall face's net area (cm²): its length × height, less its openings. */
export function wallFaceArea(wall: WallGeometry, side: 'left' | 'right', height: number): number {
  const [a, b] = wallFaceEnds(wall, side);
  const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
  let openings = 0;
  for (const o of wall.openings) {
    const top = Math.min(height, o.top);
    const bottom = Math.max(0, o.bottom);
    openings += Math.max(0, top - bottom) * Math.max(0, o.width);
  }
  return Math.max(0, length * height - openings);
}

/** An area's own floor (cm²): its polygon less the areas one level inside it (`byDepth`: the areas by nesting depth). */
export function ownFloorArea(
  area: AreaGeometry,
  byDepth: ReadonlyMap<number, readonly AreaGeometry[]>,
): number {
  let inner = 0;
  const [min, max] = boundsOf(area);
  for (const other of byDepth.get(area.depth + 1) ?? []) {
    const [x, y] = other.labelPoint;
    if (x < min[0] || y < min[1] || x > max[0] || y > max[1]) continue;
    if (pointInRing(other.labelPoint, area.polygon)) inner += other.area;
  }
  return Math.max(0, area.area - inner);
}

function boundsOf(area: AreaGeometry): [[number, number], [number, number]] {
  const xs = area.polygon.map((p) => p[0]);
  const ys = area.polygon.map((p) => p[1]);
  return [
    [Math.min(...xs), Math.min(...ys)],
    [Math.max(...xs), Math.max(...ys)],
  ];
}

/** What each surface is finished with now, summed per material. */
export function surfaceQuantities(
  plan: PlanGeometry,
  changed: ReadonlyMap<string, SurfaceValue> = new Map(),
  heightOf: (wall: WallGeometry) => number = () => plan.height,
): SurfaceQuantities {
  const sums = { walls: new Map<string, MaterialArea>(), floors: new Map(), ceilings: new Map() } as Record<
    keyof SurfaceQuantities,
    Map<string, MaterialArea>
  >;
  const add = (list: keyof SurfaceQuantities, surface: string, own: string | undefined, cm2: number) => {
    const change = changed.get(surface);
    const material = change ? ('color' in change ? change.color : change.texture) : (own ?? '');
    const source = change ? 'changed' : 'model';
    const key = `${source}|${material}`;
    let entry = sums[list].get(key);
    if (!entry) sums[list].set(key, (entry = { material, source, area: 0, surfaces: [] }));
    entry.area += cm2 / CM2_PER_M2;
    entry.surfaces.push(surface);
  };
  for (const wall of plan.walls) {
    for (const side of ['left', 'right'] as const)
      add('walls', `wall:${wall.name}:${side}`, wall.material, wallFaceArea(wall, side, heightOf(wall)));
  }
  const byDepth = new Map<number, AreaGeometry[]>();
  for (const area of plan.areas) byDepth.set(area.depth, [...(byDepth.get(area.depth) ?? []), area]);
  for (const area of plan.areas) {
    const own = ownFloorArea(area, byDepth);
    add('floors', `area:${area.name}:floor`, area.floorMaterial, own);
    add('ceilings', `area:${area.name}:ceiling`, area.ceilingMaterial, own);
  }
  const sorted = (map: Map<string, MaterialArea>) => [...map.values()].sort((a, b) => b.area - a.area);
  return { walls: sorted(sums.walls), floors: sorted(sums.floors), ceilings: sorted(sums.ceilings) };
}
