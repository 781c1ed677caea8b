/**
 * The emulator's made-up home (generatedDesign in plan-geometry.ts): a two-storey house drawn as the
 * planning service draws one, so the demo and the tests have a plan that tours and walks: named areas,
 * walls with doors and windows in them (FML JSON openings: `t` along the wall, `z` sill, `z_height`),
 * furniture items, a staircase (an item named "Trap", at the same place on both floors) and
 * walkthrough cameras at eye height (four downstairs, one upstairs) beside the service's orbital one.
 * Centimetres, y down (FML's frame). Deterministic: the same layout for every seed; the seed only
 * turns the furniture's finish.
 */
import type { Random } from '../../shared/random.ts';
import type { PlanArea, PlanCamera, PlanItem, PlanOpening, PlanWall, Point } from './plan-geometry.ts';

/** Outside walls and inside walls, cm. */
const OUTER = 30;
const INNER = 10;
/** The house's footprint (wall centre lines), cm. */
export const HOME_WIDTH = 1000;
export const HOME_DEPTH = 800;
/** Where the inside walls run: the front rooms' depth and the hall's width. */
const FRONT = 450;
const HALL = 400;
const SPLIT = 600;
/** Walkthrough cameras stand at eye height, as the service places them. */
const EYE = 160;

/** The staircase's footprint (both floors): along the hall's west wall. */
export const STAIR = { x: 75, y: 630, width: 90, depth: 260 } as const;

interface Room {
  name: string;
  color: string;
  poly: [number, number, number, number];
}

const GROUND: Room[] = [
  { name: 'Woonkamer', color: '#f4e1c1', poly: [0, 0, SPLIT, FRONT] },
  { name: 'Keuken', color: '#d8ecd0', poly: [SPLIT, 0, HOME_WIDTH, FRONT] },
  { name: 'Hal', color: '#e6dcf2', poly: [0, FRONT, HALL, HOME_DEPTH] },
  { name: 'Werkkamer', color: '#cfe3f0', poly: [HALL, FRONT, HOME_WIDTH, HOME_DEPTH] },
];

const UPSTAIRS: Room[] = [
  { name: 'Slaapkamer', color: '#f0d5d5', poly: [0, 0, SPLIT, FRONT] },
  { name: 'Badkamer', color: '#cfe3f0', poly: [SPLIT, 0, HOME_WIDTH, FRONT] },
  { name: 'Overloop', color: '#e6dcf2', poly: [0, FRONT, HALL, HOME_DEPTH] },
  { name: 'Slaapkamer 2', color: '#f2ecc8', poly: [HALL, FRONT, HOME_WIDTH, HOME_DEPTH] },
];

/** An opening `width` wide centred `at` cm along the wall from `a`; `guid` names it in its design. */
function opening(
  type: 'door' | 'window',
  wallLength: number,
  at: number,
  width: number,
  guid: string,
): PlanOpening {
  const door = type === 'door';
  return {
    refid: door ? 'kit-door' : 'kit-window',
    t: at / wallLength,
    type,
    width,
    z_height: door ? 210 : 130,
    z: door ? 0 : 90,
    mirrored: [0, 0],
    guid,
  };
}

function wall(
  a: Point,
  b: Point,
  thickness: number,
  openings: [type: 'door' | 'window', at: number, width: number][],
) {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const out: PlanWall = { a, b, thickness };
  if (openings.length)
    out.openings = openings.map(([type, at, width], i) => opening(type, length, at, width, `${type}${i}`));
  return out;
}

function walls(upstairs: boolean): PlanWall[] {
  const [W, D] = [HOME_WIDTH, HOME_DEPTH];
  const list = [
    // north (the garden side): wide windows in every front room
    wall({ x: 0, y: 0 }, { x: W, y: 0 }, OUTER, [
      ['window', 300, 200],
      ['window', 800, 160],
    ]),
    wall({ x: W, y: 0 }, { x: W, y: D }, OUTER, [
      ['window', 225, 120],
      ['window', 625, 140],
    ]),
    // south (the street): the front door into the hall downstairs, a window upstairs
    wall({ x: W, y: D }, { x: 0, y: D }, OUTER, [
      ['window', 300, 160],
      upstairs ? ['window', 800, 120] : ['door', 780, 100],
    ]),
    wall({ x: 0, y: D }, { x: 0, y: 0 }, OUTER, [['window', 575, 150]]),
    // front rooms | back rooms: the hall's door into the front room, the back room's into the other
    wall({ x: 0, y: FRONT }, { x: W, y: FRONT }, INNER, [
      ['door', 280, 90],
      ['door', 800, 90],
    ]),
    // the two front rooms: open downstairs (a wide opening), a wall with a door upstairs
    wall({ x: SPLIT, y: 0 }, { x: SPLIT, y: FRONT }, INNER, [
      upstairs ? ['door', 380, 80] : ['door', 250, 160],
    ]),
    // hall | back room
    wall({ x: HALL, y: FRONT }, { x: HALL, y: D }, INNER, [['door', 200, 90]]),
  ];
  // each opening's guid unique in the design: its wall's number and its own
  list.forEach((w, k) => w.openings?.forEach((o) => (o.guid = `w${k}-${o.guid}`)));
  return list;
}

function areas(rooms: Room[]): PlanArea[] {
  return rooms.map(({ name, color, poly: [x0, y0, x1, y1] }) => ({
    name,
    color,
    poly: [
      { x: x0, y: y0 },
      { x: x1, y: y0 },
      { x: x1, y: y1 },
      { x: x0, y: y1 },
    ],
  }));
}

const FINISHES = ['oak', 'walnut', 'white', 'grey'];

/** [refid, x, y, width, depth, height, rotation]: a box the viewer draws, the plan outlines. */
type Piece = [string, number, number, number, number, number, number];

const GROUND_ITEMS: Piece[] = [
  ['sofa', 300, 110, 220, 90, 85, 180],
  ['coffee-table', 300, 230, 110, 60, 45, 0],
  ['armchair', 100, 250, 80, 80, 90, 90],
  ['kitchen-counter', 800, 50, 340, 60, 90, 0],
  ['dining-table', 800, 290, 160, 90, 75, 0],
  ['desk', 850, 745, 160, 70, 75, 0],
  ['coat-rack', 350, 480, 50, 40, 180, 0],
];

const UPSTAIRS_ITEMS: Piece[] = [
  ['bed-double', 300, 120, 180, 210, 50, 0],
  ['wardrobe', 560, 190, 200, 60, 220, 90],
  ['bath', 900, 100, 170, 75, 60, 90],
  ['washbasin', 700, 40, 80, 50, 85, 0],
  ['bed-single', 900, 680, 90, 200, 50, 0],
  ['desk', 520, 750, 140, 60, 75, 0],
];

function items(pieces: Piece[], random: Random, stairs: boolean): PlanItem[] {
  const finish = FINISHES[Math.floor(random() * FINISHES.length)]!;
  const out: PlanItem[] = pieces.map(([refid, x, y, width, depth, height, rotation], i) => ({
    refid: `kit-${refid}`,
    name: `${refid.replace(/-/g, ' ')} (${finish})`,
    x,
    y,
    z: 0,
    width,
    height: depth,
    z_height: height,
    rotation,
    guid: `it${i.toString(36)}`,
  }));
  if (stairs)
    out.push({
      refid: 'kit-stairs',
      name: 'Trap',
      x: STAIR.x,
      y: STAIR.y,
      z: 0,
      width: STAIR.width,
      height: STAIR.depth,
      z_height: 100,
      rotation: 0,
      guid: 'stairs',
    });
  return out;
}

/** A walkthrough camera at eye height looking along (dx, dy) (FML frame: y down). */
function walkthrough(id: number, name: string, x: number, y: number, dx: number, dy: number): PlanCamera {
  const length = Math.hypot(dx, dy);
  return {
    id,
    name,
    type: 'walkthrough',
    pose: { x, y, z: EYE, dx: dx / length, dy: dy / length, dz: 0, fov: 60 },
  };
}

export interface HomeFloor {
  walls: PlanWall[];
  areas: PlanArea[];
  items: PlanItem[];
  cameras: PlanCamera[];
}

/**
 * One storey of the home: `level` 0 is the ground floor (four walkthrough cameras), any other the
 * upper floor (one); `stairs` puts the staircase in (a home of more than one storey).
 */
export function homeFloor(level: number, stairs: boolean, cameraId: number, random: Random): HomeFloor {
  const upstairs = level > 0;
  const orbital: PlanCamera = {
    id: cameraId,
    name: 'Camera 1',
    type: 'orbital',
    pose: { x: HOME_WIDTH / 2, y: HOME_DEPTH / 2, z: 1400, dx: 0, dy: 0, dz: -1, fov: 30 },
  };
  const cameras = upstairs
    ? [orbital, walkthrough(cameraId * 10 + 1, 'Overloop', 250, 560, 0.2, 1)]
    : [
        orbital,
        walkthrough(cameraId * 10 + 1, 'Hal', 250, 700, 0, -1),
        walkthrough(cameraId * 10 + 2, 'Woonkamer', 480, 330, -1, -0.5),
        walkthrough(cameraId * 10 + 3, 'Keuken', 760, 180, 0.3, 1),
        walkthrough(cameraId * 10 + 4, 'Werkkamer', 560, 620, 1, 0.3),
      ];
  return {
    walls: walls(upstairs),
    areas: areas(upstairs ? UPSTAIRS : GROUND),
    items: items(upstairs ? UPSTAIRS_ITEMS : GROUND_ITEMS, random, stairs),
    cameras,
  };
}
