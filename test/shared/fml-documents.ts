/**
 * FML JSON documents written for tests (the real ones come from ../shared/realdata): a wall, a rectangle, and
 * the hostile document the <room-plan> and <room-viewer> FML tests both load.
 */

type Point = { x: number; y: number };

/** A 20 cm, 250 cm high wall from `a` to `b` with `openings` (none by default), as FML JSON v3 writes one. */
export function fmlWall<O = never>(a: Point, b: Point, openings: O[] = []) {
  return { a, b, thickness: 20, az: { z: 0, h: 250 }, bz: { z: 0, h: 250 }, balance: 0.5, openings };
}

/** The corners of the rectangle (x0, y0)–(x1, y1), as an FML area's `poly`. */
export const fmlRect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

/**
 * Markup in every text (a floor name, an area name, a label), NaN and Infinity coordinates, a
 * zero-length wall and 100 000 items: an element must draw it inert, bounded and without freezing.
 */
export function hostileFml() {
  const square = [
    { x: 0, y: 0 },
    { x: 400, y: 0 },
    { x: 400, y: 300 },
    { x: 0, y: 300 },
  ];
  const items = Array.from({ length: 100_000 }, (_, i) => ({
    x: i % 400,
    y: (i * 7) % 300,
    z: 0,
    width: 10,
    height: 10,
    z_height: 10,
    rotation: 0,
    guid: `i${i}`,
  }));
  return {
    floors: [
      {
        name: '<img src=x onerror="window.__pwned=1">',
        designs: [
          {
            walls: [
              fmlWall(square[0]!, square[1]!),
              fmlWall(square[1]!, square[2]!),
              fmlWall({ x: NaN, y: 5 }, { x: 10, y: Infinity }),
              fmlWall({ x: 50, y: 50 }, { x: 50, y: 50 }),
            ],
            areas: [
              {
                poly: square,
                customName: '<script>window.__pwned=1</script>',
                showAreaLabel: true,
                color: '#ffffff',
              },
            ],
            items,
            labels: [{ x: 10, y: 10, text: '<b onmouseover=alert(1)>hi</b>' }],
          },
        ],
      },
      { name: 'second', designs: [{ walls: [fmlWall(square[0]!, square[1]!)], areas: [] }] },
    ],
  };
}
