/**
 * buildTour(): a plan's tour (docs/tour.md). Stops per floor (stops.ts); a link between two stops of
 * one floor exactly when the straight way between them goes through no wall but by a door or an
 * opening (wall-crossing.ts), with the target's bearing, elevation and distance; and floors linked
 * through their stairs (stair-links.ts).
 */
import type { FmlDesign, FmlFloor, FmlPlan } from '../fml/types.js';
import { linkToward } from './bearing.js';
import { stairLinks } from './stair-links.js';
import { EYE_HEIGHT, floorStops } from './stops.js';
import type { Tour, TourLink, TourOptions, TourProblem, TourStop } from './types.js';
import { wallBetween } from './wall-crossing.js';

/** The design of a floor the tour walks through. */
export function tourDesign(floor: FmlFloor, design: TourOptions['design']): FmlDesign | undefined {
  if (typeof design === 'string') return floor.designs.find((d) => d.name === design || d.id === design);
  return floor.designs[design ?? 0] ?? floor.designs[0];
}

/** The link from `a` to `b`: bearing, the elevation of where `b` stands seen from `a`'s eye, and distance. */
export function linkBetween(a: TourStop, b: TourStop): TourLink {
  return linkToward(a, b.id, [b.position[0], b.position[1]]);
}

export function buildTour(plan: FmlPlan, options: TourOptions = {}): Tour {
  const eye = options.eyeHeight ?? EYE_HEIGHT;
  const stops: TourStop[] = [];
  const links: TourLink[] = [];
  const problems: TourProblem[] = [];
  const designs = new Map<number, FmlDesign>();
  plan.floors.forEach((floor, index) => {
    const design = tourDesign(floor, options.design);
    if (!design) return;
    designs.set(index, design);
    const found = floorStops(floor, index, design, eye);
    problems.push(...found.problems);
    const walls = design.walls;
    const here = found.stops;
    for (let i = 0; i < here.length; i++)
      for (let j = i + 1; j < here.length; j++) {
        const a = here[i]!;
        const b = here[j]!;
        if (wallBetween([a.position[0], a.position[1]], [b.position[0], b.position[1]], walls)) continue;
        links.push(linkBetween(a, b), linkBetween(b, a));
      }
    stops.push(...here);
  });
  // the floors joined by their stairs
  links.push(...stairLinks(plan, stops, designs));
  if (!stops.length)
    problems.push({
      kind: 'no-stops',
      message:
        'The plan has no walkthrough camera inside a room and no named room: there is nothing to tour.',
    });
  return { stops, links, problems };
}

/** The links leaving one stop. */
export function linksFrom(tour: Tour, stop: string): TourLink[] {
  return tour.links.filter((l) => l.from === stop);
}
