/**
 * The showcase room: a hand-made open-plan living room, dining corner and kitchen (8 × 5 m), served as
 * room 6346900 whether or not the real samples are beside the checkout, so the demo's retail story
 * works on a plain clone. It is in the shape of the real sample's model (model.ts's conventions:
 * centimetres, z up, doors and windows on their walls' centre lines with `parentID` the wall's
 * number) and its 25 pieces carry a `category`, a `component_id` of the made-up shop's catalogue
 * (showcase-products.ts) and a `model` path, under which the emulator serves each product's mesh.
 */
import { FLOOR_DECORS } from './catalogue.ts';
import type { RoomRecord, UserRecord } from './dataset.ts';
import type { ModelJson } from './model.ts';
import { hash32 } from '../shared/random.ts';
import { ceilingMaterial, floorMaterial, frameMaterial, openingConfiguration } from './model-parts.ts';
import { showcaseProduct, type ShowcaseProduct } from './showcase-products.ts';

export const SHOWCASE_ROOM_ID = 6346900;
export const SHOWCASE_ROOM_NAME = 'Linden Street: living, dining and kitchen (showcase)';

type V3 = [number, number, number];

/** The room's metadata: owned by the first user, public, not in the room lists (see docs/emulator.md). */
export function showcaseRecord(owner: UserRecord): RoomRecord {
  return {
    id: SHOWCASE_ROOM_ID,
    name: SHOWCASE_ROOM_NAME,
    category: 'Living room',
    style: 'Modern',
    tags: ['showcase'],
    userId: owner.id,
    whitelabel: null,
    isPublic: true,
    sourceId: null,
    created: Date.parse('2026-11-01T10:00:00Z'),
    lastUpdated: Date.parse('2026-11-20T16:30:00Z'),
    hasHq: true,
    panoramaId: null,
    photoreal: false,
    seed: hash32('showcase'),
    realSample: false,
  };
}

/** The service's model path of a product: `models/<first two digits>/<id>_00.mi`, as in the sample. */
export const modelPathOf = (componentId: string): string =>
  `models/${componentId.slice(0, 2)}/${componentId}_00.mi`;

const WIDTH = 800;
const DEPTH = 500;
const HEIGHT = 260;
const WALL = 20;
const FLOOR = FLOOR_DECORS.find((d) => d.id === 'decor-4100')!;

/** Walls by index: 0 south (y 0), 1 east, 2 north, 3 west; each runs from its first point to its second. */
const POINTS: [number, number][] = [
  [0, 0],
  [WIDTH, 0],
  [WIDTH, DEPTH],
  [0, DEPTH],
];
const WALL_ANGLES = [0, 90, 180, 270];

interface Piece {
  product: string;
  at: V3;
  rotation: number;
  /** The piece it stands on (an index into PIECES). */
  on?: number;
}

/** Furniture: [product name prefix, position (cm), rotation (deg about z)]; a piece's front is its local +y. */
const PIECES: Piece[] = [
  { product: 'Reed', at: [32.5, 250, 0], rotation: 270 },
  { product: 'Lumen', at: [35, 250, 50], rotation: 270, on: 0 },
  { product: 'Shore', at: [200, 250, 0], rotation: 90 },
  { product: 'Fjord coffee', at: [190, 250, 0], rotation: 90 },
  { product: 'Dune', at: [330, 250, 0], rotation: 90 },
  { product: 'Pebble', at: [330, 392, 0], rotation: 0 },
  { product: 'Heron', at: [180, 425, 0], rotation: 180 },
  { product: 'Heron', at: [180, 75, 0], rotation: 0 },
  { product: 'Atlas', at: [300, 472.5, 0], rotation: 180 },
  { product: 'Arc', at: [35, 125, 0], rotation: 0 },
  { product: 'Olive', at: [42, 42, 0], rotation: 0 },
  { product: 'Halo', at: [200, 250, HEIGHT], rotation: 0 },
  { product: 'Fjord dining', at: [600, 230, 0], rotation: 0 },
  { product: 'Lark', at: [555, 159, 0], rotation: 0 },
  { product: 'Lark', at: [645, 159, 0], rotation: 0 },
  { product: 'Lark', at: [555, 301, 0], rotation: 180 },
  { product: 'Lark', at: [645, 301, 0], rotation: 180 },
  { product: 'Lark', at: [484, 230, 0], rotation: 270 },
  { product: 'Lark', at: [716, 230, 0], rotation: 90 },
  { product: 'Bell', at: [560, 230, HEIGHT], rotation: 0 },
  { product: 'Bell', at: [640, 230, HEIGHT], rotation: 0 },
  { product: 'Haven', at: [610, 459, 0], rotation: 180 },
  { product: 'Frost', at: [760, 457.5, 0], rotation: 180 },
  { product: 'Tide', at: [767.5, 200, 0], rotation: 90 },
  { product: 'Olive', at: [760, 42, 0], rotation: 0 },
];

/** Doors and windows: wall index, distance along the wall to the centre, kind, width, height, sill. */
const OPENINGS: [number, number, 'Door' | 'Window', number, number, number][] = [
  [3, 110, 'Door', 90, 208, 0],
  [0, 300, 'Window', 100, 220, 0],
  [0, 600, 'Window', 150, 140, 90],
  [1, 200, 'Window', 120, 140, 90],
  [2, 190, 'Window', 120, 110, 100],
];

const DOOR_ID = 'f75c8910592b2bd613dcd1d2b60d5f237bb27a08';
const WINDOW_ID = '23f3f34205d4709811052a6709914697600302c6';
const CEILING_LEVEL = -2;

function furniture(piece: Piece, index: number, product: ShowcaseProduct): Record<string, unknown> {
  const [w, d, h] = product.mesh.size;
  const hanging = piece.at[2] === HEIGHT && product.category === 'Lamp';
  return {
    component_id: product.componentId,
    category: product.category,
    level: hanging ? CEILING_LEVEL : product.category === 'Rug' ? 0 : 1,
    surface_height: product.category === 'Rug' ? 1 : 0.1,
    ID: `model-${index}`,
    // in the component's own frame; a ceiling lamp hangs below its point
    bounding_box: hanging
      ? [
          [-w / 2, -d / 2, -h],
          [w / 2, d / 2, 0],
        ]
      : [
          [-w / 2, -d / 2, 0],
          [w / 2, d / 2, h],
        ],
    parentID: piece.on === undefined ? null : `model-${piece.on}`,
    position: piece.at,
    model: modelPathOf(product.componentId),
    type: 'Component',
    rotation: [0, 0, piece.rotation],
  };
}

function opening(
  [wall, along, kind, w, h, sill]: (typeof OPENINGS)[number],
  index: number,
): Record<string, unknown> {
  const [ax, ay] = POINTS[wall]!;
  const [bx, by] = POINTS[(wall + 1) % 4]!;
  const length = Math.hypot(bx - ax, by - ay);
  const x = ax + ((bx - ax) / length) * along;
  const y = ay + ((by - ay) / length) * along;
  return {
    category: kind,
    component_id: kind === 'Door' ? DOOR_ID : WINDOW_ID,
    level: -1,
    surface_height: 0,
    area: 'area0',
    bounding_box: [
      [-w / 2, -h / 2, -3],
      [w / 2, h / 2, 3],
    ],
    parentID: String(wall),
    aperture: { type: 'rectangle', bounds: [w, h] },
    position: [x, y, sill + h / 2],
    rotation: [270, 0, WALL_ANGLES[wall]!],
    configuration: openingConfiguration(kind, w, h),
    type: 'ArchitecturalComponent',
    ID: `model-${index}`,
  };
}

/** The showcase room's model (the same object shape as generated ones, made fresh on each call). */
export function showcaseModel(): ModelJson {
  const components = PIECES.map((piece, i) => furniture(piece, i, showcaseProduct(piece.product)));
  OPENINGS.forEach((o) => components.push(opening(o, components.length)));
  return {
    version: 2,
    materials: [
      {
        ambient: [0, 0, 0],
        shiny: 0,
        ID: 'color-F2EFE9',
        diffuse: [0.949, 0.937, 0.914],
        shader: 'combi_material',
      },
      {
        ambient: [0, 0, 0],
        shiny: 0,
        ID: 'color-C9D6C3',
        diffuse: [0.788, 0.839, 0.765],
        shader: 'combi_material',
      },
      ceilingMaterial(),
      floorMaterial(FLOOR),
      frameMaterial(),
    ],
    environment: { image: null },
    lights: [{ position: [400, 250, 500], direction: [-120, 90, -500], type: 'sun' }],
    // from the dining corner's window side over the table to the sofa and the media wall
    camera: {
      position: [770, 35, 165],
      hq_renderer: 'realityserver',
      exposure: 0,
      focal_point: [180, 330, 60],
    },
    room_id: SHOWCASE_ROOM_ID,
    plan: {
      areas: {
        area0: {
          indices: [0, 1, 2, 3],
          floor_material: FLOOR.id,
          ceiling_material: 'materialCeilingDefault',
        },
      },
      points: POINTS,
      walls: Object.fromEntries(
        POINTS.map((_, i) => [
          `wall${i}`,
          {
            indices: [i, (i + 1) % 4] as [number, number],
            material: i === 3 ? 'color-C9D6C3' : 'color-F2EFE9',
            thickness: WALL,
          },
        ]),
      ),
      height: HEIGHT,
    },
    components,
  };
}
