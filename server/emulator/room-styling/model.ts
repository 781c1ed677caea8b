/**
 * A room's model in the shape of the real sample (room-6346838-the-lake.3dplanner.json, `model`):
 * version 2, materials, environment, a sun in `lights`, a camera inside the room, room_id, the plan
 * (areas, points, walls, height) and components. Conventions copied from the sample:
 * - centimetres, z up, rotations in degrees;
 * - furniture: type Component, position on the floor (z 0), rotation [0, 0, deg], bounding box in its
 *   own frame from z 0 up, level 1 (0 for rugs), parentID null; ceiling lamps at level -2, z = height;
 * - doors and windows: type ArchitecturalComponent, category Door / Window, level -1, on the wall's centre
 *   line, z at the middle of the opening (bottom + height / 2), rotation [270, 0, wall angle], bounding box
 *   [[-w/2, -h/2, -3], [w/2, h/2, 3]], aperture bounds [w, h], parentID = the wall's number as a string
 *   (wall "wall7" -> "7"), `area` = the area on its inner side;
 * - numbers the sample sends as strings stay strings: texture_width, configuration.open; and one room in
 *   seven sends plan.height as a string, so readers must be lenient as they must be with the sample.
 */
import {
  between,
  chance,
  createRandom,
  hexOf,
  intBetween,
  pick,
  type Random,
  round2,
} from '../shared/random.ts';
import {
  FLOOR_DECORS,
  FLOORS_BY_CATEGORY,
  FURNITURE_BY_CATEGORY,
  type FurnitureItem,
  SECOND_AREA,
  WALL_COLOURS,
} from './catalogue.ts';
import { ceilingMaterial, floorMaterial, frameMaterial, openingConfiguration } from './model-parts.ts';
import { type DraftWall, makePlan, type PlanDraft, type Rect, type Vec2 } from './plan-shapes.ts';
import type { CategoryKey } from './vocabulary.ts';

type V3 = [number, number, number];

export interface ModelJson {
  version: number;
  materials: Record<string, unknown>[];
  environment: { image: string | null };
  lights: { position: V3; direction: V3; type: 'sun' }[];
  camera: { position: V3; hq_renderer: string; exposure: number; focal_point: V3 };
  room_id: number;
  plan: {
    areas: Record<string, { indices: number[]; floor_material: string; ceiling_material: string }>;
    points: Vec2[];
    walls: Record<string, { indices: [number, number]; material: string; thickness: number }>;
    height: number | string;
  };
  components: Record<string, unknown>[];
}

export interface ModelInput {
  roomId: number;
  seed: number;
  category: CategoryKey | '';
}

interface Obstacle {
  rect: Rect;
  /** Items lower than this may stand in it (under a window sill). */
  fromZ: number;
}

export function generateModel(input: ModelInput): ModelJson {
  const random = createRandom(input.seed);
  const plan = makePlan(random);
  const height = pick(random, [240, 250, 250, 260, 280]);
  const wallColour = pick(random, WALL_COLOURS);
  const accentColour = pick(random, WALL_COLOURS);
  const categories: (CategoryKey | '')[] = [input.category, SECOND_AREA[input.category]];
  const floors = categories.map((category) => pick(random, FLOORS_BY_CATEGORY[category]));
  const components: Record<string, unknown>[] = [];
  const nextId = () => `model-${components.length}`;

  const walls: ModelJson['plan']['walls'] = {};
  plan.walls.forEach((wall, i) => {
    const material = i === 0 && accentColour !== wallColour ? `color-${accentColour}` : `color-${wallColour}`;
    walls[`wall${i}`] = { indices: [wall.a, wall.b], material, thickness: wall.thickness };
  });

  const obstacles: Obstacle[] = [];
  placeOpenings(random, plan, height, components, nextId, obstacles);

  plan.areas.forEach((area, index) => {
    const inset = Math.max(...plan.walls.map((w) => w.thickness)) / 2 + 2;
    const inner: Rect = {
      x0: area.rect.x0 + inset,
      y0: area.rect.y0 + inset,
      x1: area.rect.x1 - inset,
      y1: area.rect.y1 - inset,
    };
    furnish(random, inner, FURNITURE_BY_CATEGORY[categories[index] ?? ''], obstacles, components, nextId);
    components.push({
      component_id: hexOf(40, 'ceiling lamp'),
      level: -2,
      surface_height: 0.1,
      ID: nextId(),
      bounding_box: [
        [-25, -25, -40],
        [25, 25, 0],
      ],
      parentID: null,
      position: [round2((inner.x0 + inner.x1) / 2), round2((inner.y0 + inner.y1) / 2), height],
      model: modelPath(hexOf(40, 'ceiling lamp')),
      type: 'Component',
      rotation: [0, 0, 0],
    });
  });

  const areas: ModelJson['plan']['areas'] = {};
  plan.areas.forEach((area, i) => {
    areas[area.name] = {
      indices: area.indices,
      floor_material: floors[i] ?? floors[0]!,
      ceiling_material: 'materialCeilingDefault',
    };
  });

  const usedFloors = new Set(Object.values(areas).map((a) => a.floor_material));
  const usedColours = new Set(Object.values(walls).map((w) => w.material));
  const materials: Record<string, unknown>[] = [
    ...[...usedColours].map((id) => colourMaterial(id)),
    ceilingMaterial(),
    ...FLOOR_DECORS.filter((d) => usedFloors.has(d.id)).map(floorMaterial),
    frameMaterial(),
  ];

  const main = plan.areas[0]!.rect;
  const cx = (main.x0 + main.x1) / 2;
  const cy = (main.y0 + main.y1) / 2;
  // The camera stands in one corner of the main area at eye height and looks at the opposite one.
  const corner = intBetween(random, 0, 3);
  const fromX = corner & 1 ? main.x1 - 60 : main.x0 + 60;
  const fromY = corner & 2 ? main.y1 - 60 : main.y0 + 60;
  const toX = corner & 1 ? main.x0 + 100 : main.x1 - 100;
  const toY = corner & 2 ? main.y0 + 100 : main.y1 - 100;
  const eye = round2(between(random, 110, 165));

  return {
    version: 2,
    materials,
    environment: { image: null },
    lights: [
      {
        position: [round2(cx), round2(cy), 500],
        direction: [intBetween(random, -150, 150), intBetween(random, -150, 150), -500],
        type: 'sun',
      },
    ],
    camera: {
      position: [round2(fromX), round2(fromY), eye],
      hq_renderer: 'realityserver',
      exposure: 0,
      focal_point: [round2(toX), round2(toY), eye],
    },
    room_id: input.roomId,
    plan: {
      areas,
      points: plan.points,
      walls,
      height: input.seed % 7 === 0 ? String(height) : height,
    },
    components,
  };
}

function colourMaterial(id: string): Record<string, unknown> {
  const hex = id.slice('color-'.length);
  const channel = (i: number) => parseInt(hex.slice(i, i + 2), 16) / 255;
  return {
    ambient: [0, 0, 0],
    shiny: 0,
    ID: id,
    diffuse: [channel(0), channel(2), channel(4)],
    shader: 'combi_material',
  };
}

const modelPath = (componentId: string, variant = 0) =>
  `models/${componentId.slice(0, 2)}/${componentId}_${String(variant).padStart(2, '0')}.mi`;

const DOOR_ID = 'f75c8910592b2bd613dcd1d2b60d5f237bb27a08';
const WINDOW_ID = '23f3f34205d4709811052a6709914697600302c6';

function placeOpenings(
  random: Random,
  plan: PlanDraft,
  height: number,
  components: Record<string, unknown>[],
  nextId: () => string,
  obstacles: Obstacle[],
): void {
  const used = new Map<number, [number, number][]>();
  const lengthOf = (wall: DraftWall) => {
    const [ax, ay] = plan.points[wall.a]!;
    const [bx, by] = plan.points[wall.b]!;
    return Math.hypot(bx - ax, by - ay);
  };
  const tryPlace = (index: number, width: number): number | null => {
    const wall = plan.walls[index]!;
    const length = lengthOf(wall);
    const margin = 30 + wall.thickness;
    if (length < width + 2 * margin) return null;
    for (let attempt = 0; attempt < 8; attempt++) {
      const t = round2(between(random, margin + width / 2, length - margin - width / 2));
      const taken = used.get(index) ?? [];
      if (taken.every(([from, to]) => t + width / 2 + 25 < from || t - width / 2 - 25 > to)) {
        used.set(index, [...taken, [t - width / 2, t + width / 2]]);
        return t;
      }
    }
    return null;
  };
  const add = (index: number, t: number, kind: 'Door' | 'Window', w: number, h: number, bottom: number) => {
    const wall = plan.walls[index]!;
    const [ax, ay] = plan.points[wall.a]!;
    const [bx, by] = plan.points[wall.b]!;
    const length = Math.hypot(bx - ax, by - ay);
    const ux = (bx - ax) / length;
    const uy = (by - ay) / length;
    const x = ax + ux * t;
    const y = ay + uy * t;
    const angle = ((Math.atan2(uy, ux) * 180) / Math.PI + 360) % 360;
    const configuration = openingConfiguration(kind, w, h);
    const componentId = kind === 'Door' ? DOOR_ID : WINDOW_ID;
    components.push({
      category: kind,
      component_id: componentId,
      level: -1,
      surface_height: 0,
      area: wall.area,
      bounding_box: [
        [-w / 2, -h / 2, -3],
        [w / 2, h / 2, 3],
      ],
      parentID: String(index),
      aperture: { type: 'rectangle', bounds: [w, h] },
      position: [round2(x), round2(y), round2(bottom + h / 2)],
      rotation: [270, 0, round2(angle)],
      configuration,
      type: 'ArchitecturalComponent',
      ID: nextId(),
    });
    // Keep furniture out of door swings and from in front of windows (low items may stand under a sill).
    const depth = kind === 'Door' ? w + 10 : 30;
    for (const side of wall.exterior ? [1] : [1, -1]) {
      const nx = -uy * side;
      const ny = ux * side;
      const xs = [
        x - (ux * w) / 2,
        x + (ux * w) / 2,
        x - (ux * w) / 2 + nx * depth,
        x + (ux * w) / 2 + nx * depth,
      ];
      const ys = [
        y - (uy * w) / 2,
        y + (uy * w) / 2,
        y - (uy * w) / 2 + ny * depth,
        y + (uy * w) / 2 + ny * depth,
      ];
      obstacles.push({
        rect: {
          x0: Math.min(...xs) - 10,
          y0: Math.min(...ys) - 10,
          x1: Math.max(...xs) + 10,
          y1: Math.max(...ys) + 10,
        },
        fromZ: kind === 'Door' ? 0 : bottom,
      });
    }
  };

  const exterior = plan.walls.map((w, i) => ({ w, i })).filter(({ w }) => w.exterior);
  // Every interior wall gets a door between its two areas.
  plan.walls.forEach((wall, i) => {
    if (wall.exterior) return;
    const t = tryPlace(i, 82);
    if (t !== null) add(i, t, 'Door', 82, 208, 0);
  });
  // One entrance door on an exterior wall.
  for (const { i } of pickOrder(random, exterior)) {
    const t = tryPlace(i, 90);
    if (t !== null) {
      add(i, t, 'Door', 90, 208, 0);
      break;
    }
  }
  let windows = 0;
  for (const { w, i } of exterior) {
    const length = lengthOf(w);
    const count = length > 450 ? 2 : length > 220 && chance(random, 0.7) ? 1 : 0;
    for (let k = 0; k < count; k++) {
      const french = chance(random, 0.3);
      const width = french ? 100 : pick(random, [90, 120, 150]);
      const h = french ? 220 : 140;
      const bottom = french ? 0 : Math.min(90, height - h - 20);
      const t = tryPlace(i, width);
      if (t !== null) {
        add(i, t, 'Window', width, h, bottom);
        windows++;
      }
    }
  }
  if (windows === 0) {
    const longest = [...exterior].sort((p, q) => lengthOf(q.w) - lengthOf(p.w))[0]!;
    const t = tryPlace(longest.i, 90);
    if (t !== null) add(longest.i, t, 'Window', 90, 140, 90);
  }
}

function pickOrder<T>(random: Random, items: T[]): T[] {
  return items
    .map((item) => ({ item, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map((e) => e.item);
}

const overlaps = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

function furnish(
  random: Random,
  inner: Rect,
  items: FurnitureItem[],
  obstacles: Obstacle[],
  components: Record<string, unknown>[],
  nextId: () => string,
): void {
  const placed: Rect[] = [];
  const fits = (rect: Rect, item: FurnitureItem) =>
    rect.x0 >= inner.x0 - 0.01 &&
    rect.y0 >= inner.y0 - 0.01 &&
    rect.x1 <= inner.x1 + 0.01 &&
    rect.y1 <= inner.y1 + 0.01 &&
    obstacles.every((o) => item.h <= o.fromZ || !overlaps(o.rect, rect));
  const push = (item: FurnitureItem, x: number, y: number, rotation: number) => {
    const componentId = hexOf(40, 'furniture', item.name);
    components.push({
      component_id: componentId,
      level: item.place === 'rug' ? 0 : 1,
      surface_height: item.surface,
      ID: nextId(),
      bounding_box: [
        [-item.w / 2, -item.d / 2, 0],
        [item.w / 2, item.d / 2, item.h],
      ],
      parentID: null,
      position: [round2(x), round2(y), 0],
      model: modelPath(componentId),
      type: 'Component',
      rotation: [0, 0, rotation],
    });
  };
  let table: { x: number; y: number; item: FurnitureItem; chairs: number } | null = null;
  let desk: { x: number; y: number; rotation: number; item: FurnitureItem } | null = null;
  let side = intBetween(random, 0, 3);
  const cx = (inner.x0 + inner.x1) / 2;
  const cy = (inner.y0 + inner.y1) / 2;

  for (const item of items) {
    if (item.place === 'wall') {
      let done = false;
      for (let turn = 0; turn < 4 && !done; turn++, side = (side + 1) % 4) {
        const horizontal = side === 0 || side === 2;
        const span = horizontal ? inner.x1 - inner.x0 : inner.y1 - inner.y0;
        const start = between(random, 0, Math.max(0, span - item.w));
        for (let step = 0; step * 10 < span && !done; step++) {
          const along = (start + step * 10) % Math.max(1, span - item.w + 10);
          const rect: Rect =
            side === 0
              ? { x0: inner.x0 + along, y0: inner.y0, x1: inner.x0 + along + item.w, y1: inner.y0 + item.d }
              : side === 1
                ? { x0: inner.x1 - item.d, y0: inner.y0 + along, x1: inner.x1, y1: inner.y0 + along + item.w }
                : side === 2
                  ? {
                      x0: inner.x0 + along,
                      y0: inner.y1 - item.d,
                      x1: inner.x0 + along + item.w,
                      y1: inner.y1,
                    }
                  : {
                      x0: inner.x0,
                      y0: inner.y0 + along,
                      x1: inner.x0 + item.d,
                      y1: inner.y0 + along + item.w,
                    };
          if (fits(rect, item) && placed.every((p) => !overlaps(p, rect))) {
            placed.push(rect);
            const rotation = [0, 90, 180, 270][side]!;
            const x = (rect.x0 + rect.x1) / 2;
            const y = (rect.y0 + rect.y1) / 2;
            push(item, x, y, rotation);
            if (item.name.includes('desk')) desk = { x, y, rotation, item };
            done = true;
          }
        }
      }
    } else if (item.place === 'rug') {
      const rect = { x0: cx - item.w / 2, y0: cy - item.d / 2, x1: cx + item.w / 2, y1: cy + item.d / 2 };
      if (fits(rect, item)) push(item, cx, cy, 0);
    } else if (item.name === 'chair' && table) {
      // Chairs face the table: below it (rotation 0, facing +y), above (180), then at its ends.
      const { x, y, item: t } = table;
      const spots: [number, number, number][] = [
        [x - t.w / 4, y - t.d / 2 - 26, 0],
        [x - t.w / 4, y + t.d / 2 + 26, 180],
        [x + t.w / 4, y - t.d / 2 - 26, 0],
        [x + t.w / 4, y + t.d / 2 + 26, 180],
        [x - t.w / 2 - 26, y, 270],
        [x + t.w / 2 + 26, y, 90],
      ];
      const spot = spots[table.chairs++];
      if (!spot) continue;
      const rect = { x0: spot[0] - 24, y0: spot[1] - 24, x1: spot[0] + 24, y1: spot[1] + 24 };
      if (fits(rect, item) && placed.every((p) => !overlaps(p, rect))) {
        placed.push(rect);
        push(item, spot[0], spot[1], spot[2]);
      }
    } else if (item.name === 'office chair' && desk) {
      const d = desk as { x: number; y: number; rotation: number; item: FurnitureItem };
      const rad = (d.rotation * Math.PI) / 180;
      // The desk's front is its local +y turned by its rotation; the chair stands there facing it.
      const fx = -Math.sin(rad);
      const fy = Math.cos(rad);
      const x = d.x + fx * (d.item.d / 2 + 30);
      const y = d.y + fy * (d.item.d / 2 + 30);
      push(item, x, y, (d.rotation + 180) % 360);
    } else {
      const rect = { x0: cx - item.w / 2, y0: cy - item.d / 2, x1: cx + item.w / 2, y1: cy + item.d / 2 };
      if (fits(rect, item) && placed.every((p) => !overlaps(p, rect))) {
        placed.push(rect);
        push(item, cx, cy, 0);
        if (item.name.includes('table')) table = { x: cx, y: cy, item, chairs: 0 };
      }
    }
  }
}
