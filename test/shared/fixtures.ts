/**
 * Model fixtures used by node and browser tests alike, in the service's own JSON shape (as GET
 * /rooms/:id sends `model`).
 */

/** Walls, areas and points of a model's `plan`, loose enough for a test to break any of them. */
export interface PlanJson {
  height: unknown;
  points: unknown[][];
  walls: Record<string, { indices: unknown[]; thickness: unknown; material?: string }>;
  areas: Record<
    string,
    { indices: unknown[]; floor_material?: string; ceiling_material?: string; name?: string }
  >;
}

/**
 * The plan of a `width` × `depth` room (cm): four corners from the origin, the four 20 cm walls
 * between them (wall0 along +x), and one area over the whole floor. Materials are named only when given.
 */
export function boxPlan(
  width: number,
  depth: number,
  { wall, floor, ceiling }: { wall?: string; floor?: string; ceiling?: string } = {},
): PlanJson {
  return {
    height: 250,
    points: [
      [0, 0],
      [width, 0],
      [width, depth],
      [0, depth],
    ],
    walls: Object.fromEntries(
      [0, 1, 2, 3].map((i) => [
        `wall${i}`,
        { indices: [i, (i + 1) % 4], thickness: 20, ...(wall === undefined ? {} : { material: wall }) },
      ]),
    ),
    areas: {
      area0: {
        indices: [0, 1, 2, 3],
        ...(floor === undefined ? {} : { floor_material: floor }),
        ...(ceiling === undefined ? {} : { ceiling_material: ceiling }),
      },
    },
  };
}

/**
 * A door as the service writes one: an architectural component 82 cm wide and 208 cm high in a 6 cm
 * deep box, with its aperture; `members` place it (ID, parentID, position, rotation...) and may
 * replace any of these.
 */
export function doorComponent(members: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'ArchitecturalComponent',
    category: 'Door',
    bounding_box: [
      [-41, -104, -3],
      [41, 104, 3],
    ],
    aperture: { bounds: [82, 208] },
    ...members,
  };
}

/**
 * `rings` concentric areas of `vertices` vertices each (radius 50 m down in 90 cm steps) and three
 * walls: the nested many-vertex areas of issue 22 (8 × 2 000 froze a plan 10 s, 50 × 2 000 took 143 s).
 */
export function nestedRingsModel(rings: number, vertices: number): Record<string, unknown> {
  const points: [number, number][] = [
    [-5200, -5200],
    [5200, -5200],
    [5200, 5200],
  ];
  const areas: Record<string, unknown> = {};
  for (let k = 0; k < rings; k++) {
    const radius = 5000 - k * 90;
    const indices: number[] = [];
    for (let i = 0; i < vertices; i++) {
      const a = (i / vertices) * Math.PI * 2;
      indices.push(points.length);
      points.push([Math.cos(a) * radius, Math.sin(a) * radius]);
    }
    areas[`ring${k}`] = { indices, name: `Ring ${k}` };
  }
  const walls = {
    w0: { indices: [0, 1], thickness: 20 },
    w1: { indices: [1, 2], thickness: 20 },
  };
  return { plan: { height: 250, points, walls, areas }, components: [] };
}
