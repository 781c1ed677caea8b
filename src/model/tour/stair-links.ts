/**
 * Links between floors through the stairs (docs/tour.md "Stairs"). A staircase of the plan (the items
 * walk mode climbs: FmlDesign.stairs) that leads a level up (stairTarget(), the walk's own rule) joins
 * a stop downstairs near its foot to a stop upstairs near its head, both ways. Its two ends are the
 * middles of its footprint's short sides (the run goes along the long ones). The foot is the end a stop
 * of the lower floor reaches in a straight line through no wall but by a door or an opening (the
 * nearest such stop and end); the head is the other end, and the stop of the upper floor nearest it
 * that reaches it so is the one linked. Each link points at the stairs (the foot going up, the head
 * going down): its bearing, the elevation of that spot on the floor, the distance to it. Pure.
 */
import type { FmlDesign, FmlItem, FmlPlan } from '../fml/types.js';
import type { Vec2 } from '../types.js';
import { stairTarget } from '../walk/walk-stairs.js';
import { linkToward } from './bearing.js';
import type { TourLink, TourStop } from './types.js';
import { wallBetween } from './wall-crossing.js';

const mid = (a: Vec2, b: Vec2): Vec2 => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
const apart = (a: Vec2, b: Vec2) => Math.hypot(b[0] - a[0], b[1] - a[1]);
const at = (stop: TourStop): Vec2 => [stop.position[0], stop.position[1]];

/** The stairs' two ends: the middles of its footprint's short sides (a rectangle's; else none). */
export function stairEnds(footprint: readonly Vec2[]): [Vec2, Vec2] | undefined {
  if (footprint.length !== 4) return undefined;
  const [p0, p1, p2, p3] = footprint as [Vec2, Vec2, Vec2, Vec2];
  const ends: [Vec2, Vec2] =
    apart(p0, p1) <= apart(p1, p2) ? [mid(p0, p1), mid(p2, p3)] : [mid(p1, p2), mid(p3, p0)];
  return apart(ends[0], ends[1]) > 0 ? ends : undefined;
}

/** The stop of `stops` nearest `spot` that walks to it straight through no wall, and how far. */
function nearestReaching(
  stops: readonly TourStop[],
  spot: Vec2,
  design: FmlDesign,
): { stop: TourStop; distance: number } | undefined {
  let best: { stop: TourStop; distance: number } | undefined;
  for (const stop of stops) {
    const distance = apart(at(stop), spot);
    if (best && distance >= best.distance) continue;
    if (wallBetween(at(stop), spot, design.walls)) continue;
    best = { stop, distance };
  }
  return best;
}

/** The link from `stop` by the stairs (pointing at `spot` on its floor) to `to`. */
function stairLink(stop: TourStop, to: TourStop, spot: Vec2, way: 'up' | 'down'): TourLink {
  return { ...linkToward(stop, to.id, spot), stair: { way, at: spot } };
}

/** The two links (up and back down) one staircase on floor `index` makes, or none. */
function linksOfStair(
  plan: FmlPlan,
  index: number,
  stair: FmlItem,
  stops: ReadonlyMap<number, TourStop[]>,
  designs: ReadonlyMap<number, FmlDesign>,
): TourLink[] {
  const upper = stairTarget(plan, index, stair.footprint);
  // only a staircase leading up makes links: one drawn on the upper floor too leads down, the same way
  if (upper === undefined || !(plan.floors[upper]!.level > plan.floors[index]!.level)) return [];
  const ends = stairEnds(stair.footprint);
  const below = designs.get(index);
  const above = designs.get(upper);
  if (!ends || !below || !above) return [];
  const reach = ends.map((end) => nearestReaching(stops.get(index) ?? [], end, below));
  const footAt = !reach[1] || (reach[0] && reach[0].distance <= reach[1].distance) ? 0 : 1;
  const bottom = reach[footAt];
  if (!bottom) return [];
  const foot = ends[footAt]!;
  const head = ends[1 - footAt]!;
  const top = nearestReaching(stops.get(upper) ?? [], head, above);
  if (!top) return [];
  return [stairLink(bottom.stop, top.stop, foot, 'up'), stairLink(top.stop, bottom.stop, head, 'down')];
}

/**
 * Every link through the plan's stairs, given the tour's stops and the design walked on each floor
 * (floor index → design). A pair of stops is linked once, by the first staircase that joins them.
 */
export function stairLinks(
  plan: FmlPlan,
  stops: readonly TourStop[],
  designs: ReadonlyMap<number, FmlDesign>,
): TourLink[] {
  const byFloor = new Map<number, TourStop[]>();
  for (const stop of stops) byFloor.set(stop.floor, [...(byFloor.get(stop.floor) ?? []), stop]);
  const links: TourLink[] = [];
  const seen = new Set<string>();
  for (const [index, design] of designs)
    for (const stair of design.stairs)
      for (const link of linksOfStair(plan, index, stair, byFloor, designs)) {
        const key = `${link.from}>${link.to}`;
        if (seen.has(key)) continue;
        seen.add(key);
        links.push(link);
      }
  return links;
}
