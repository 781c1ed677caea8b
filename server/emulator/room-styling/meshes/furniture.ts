/**
 * Furniture made procedurally from its kind and size: each shape below builds a recognisable piece
 * (a sofa with arms, seat and back cushions; a table with its top and legs; a bookcase with books...)
 * inside the product's box, `w` wide (x), `d` deep (z, the front at +z) and `h` high (y), in metres.
 * The pieces fill their box, so a viewer that fits a mesh into the component's bounding box scales it
 * by about 1 and the swap from box to mesh does not jump.
 */
import { Parts } from './parts.ts';
import type { Finish, Rgb } from './materials.ts';

export const SHAPES = [
  'sofa',
  'armchair',
  'chair',
  'office-chair',
  'stool',
  'table',
  'coffee-table',
  'side-table',
  'desk',
  'bench',
  'bed',
  'cabinet',
  'wardrobe',
  'drawers',
  'sideboard',
  'tv-unit',
  'chest',
  'shelf',
  'floor-lamp',
  'pendant',
  'plant',
  'rug',
  'television',
  'counter',
  'stove',
  'fridge',
  'bathtub',
  'washbasin',
  'toilet',
] as const;
export type Shape = (typeof SHAPES)[number];

/** What a product's mesh is made from. Sizes in centimetres, as the room models give them. */
export interface MeshSpec {
  shape: Shape;
  /** Width (x), depth (front to back) and height, centimetres. */
  size: [number, number, number];
  colour: Rgb;
  accent?: Rgb;
  finish: Finish;
}

type Builder = (p: Parts, w: number, d: number, h: number) => void;

const seat = (p: Parts, w: number, d: number, h: number, cushions: number) => {
  const legH = Math.min(0.12, h * 0.14);
  const arm = Math.min(0.18, w * 0.12);
  const baseTop = legH + h * 0.26;
  const back = Math.min(0.22, d * 0.25);
  p.legs('darkWood', w, d, legH, 0.07, 0.022);
  p.box('main', [-w / 2, legH, -d / 2], [w / 2, baseTop, d / 2], 0.03);
  // the back and the arms
  p.box('main', [-w / 2, baseTop - 0.02, -d / 2], [w / 2, h, -d / 2 + back], 0.05);
  for (const side of [-1, 1]) {
    const x0 = side < 0 ? -w / 2 : w / 2 - arm;
    p.box('main', [x0, baseTop - 0.02, -d / 2], [x0 + arm, baseTop + (h - baseTop) * 0.5, d / 2], 0.05);
  }
  // seat cushions, and back cushions leaning on the back
  const inner = w - 2 * arm;
  const each = inner / cushions;
  const cushionTop = baseTop + Math.min(0.14, h * 0.16);
  for (let i = 0; i < cushions; i++) {
    const x0 = -w / 2 + arm + i * each;
    p.box(
      'accent',
      [x0 + 0.005, baseTop, -d / 2 + back],
      [x0 + each - 0.005, cushionTop, d / 2 - 0.01],
      0.045,
    );
    p.box(
      'accent',
      [x0 + 0.01, cushionTop, -d / 2 + back],
      [x0 + each - 0.01, cushionTop + (h - cushionTop) * 0.85, -d / 2 + back + Math.min(0.16, d * 0.17)],
      0.05,
    );
  }
};

const table = (p: Parts, w: number, d: number, h: number, round = false) => {
  const top = Math.min(0.04, h * 0.08);
  if (round) {
    p.cylinder('main', 0, h - top, 0, w / 2, w / 2, top, 32);
    p.cylinder('darkWood', 0, 0.02, 0, 0.04, 0.05, h - top - 0.02, 12);
    p.cylinder('darkWood', 0, 0, 0, Math.min(w, d) * 0.3, Math.min(w, d) * 0.32, 0.02, 24);
    return;
  }
  p.box('main', [-w / 2, h - top, -d / 2], [w / 2, h, d / 2], 0.008);
  // the apron under the top, then the legs
  p.box('main', [-w / 2 + 0.06, h - top - 0.07, -d / 2 + 0.06], [w / 2 - 0.06, h - top, d / 2 - 0.06], 0.004);
  p.legs('main', w, d, h - top, 0.06, 0.025, false);
};

const carcass = (p: Parts, w: number, d: number, h: number, plinth: number) => {
  p.box('main', [-w / 2, plinth, -d / 2], [w / 2, h, d / 2 - 0.042], 0.006);
  if (plinth > 0)
    p.box('black', [-w / 2 + 0.03, 0, -d / 2 + 0.02], [w / 2 - 0.03, plinth, d / 2 - 0.05], 0.003);
};

/** Fronts (doors or drawers) in a grid on the front face, each with a handle. */
const fronts = (
  p: Parts,
  w: number,
  d: number,
  y0: number,
  y1: number,
  columns: number,
  rows: number,
  handle: 'bar' | 'knob' = 'bar',
) => {
  const gap = 0.006;
  const cw = w / columns;
  const rh = (y1 - y0) / rows;
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      const x0 = -w / 2 + c * cw + gap;
      const x1 = x0 + cw - 2 * gap;
      const fy0 = y0 + r * rh + gap;
      const fy1 = fy0 + rh - 2 * gap;
      // the fronts' face stands back from the box's front by the handles' depth
      const face = d / 2 - 0.022;
      p.box('main', [x0, fy0, face - 0.02], [x1, fy1, face], 0.004);
      const cx = rows > 1 ? (x0 + x1) / 2 : c % 2 ? x0 + 0.05 : x1 - 0.05;
      const cy = rows > 1 ? fy1 - Math.min(0.05, rh / 4) : (fy0 + fy1) / 2;
      if (handle === 'knob') p.cylinder('metal', cx, cy - 0.012, face + 0.011, 0.011, 0.011, 0.024, 10);
      else if (rows > 1) p.box('metal', [cx - 0.07, cy - 0.008, face], [cx + 0.07, cy + 0.008, d / 2], 0.004);
      else p.box('metal', [cx - 0.008, cy - 0.09, face], [cx + 0.008, cy + 0.09, d / 2], 0.004);
    }
  }
};

const BUILDERS: Record<Shape, Builder> = {
  sofa: (p, w, d, h) => seat(p, w, d, h, w > 1.7 ? 3 : w > 1.15 ? 2 : 1),
  armchair: (p, w, d, h) => seat(p, w, d, h, 1),
  bench: (p, w, d, h) => {
    const seatY = Math.min(0.45, h * 0.56);
    p.box('main', [-w / 2, seatY - 0.05, -d / 2], [w / 2, seatY, d / 2], 0.01);
    p.legs('main', w, d, seatY - 0.05, 0.05, 0.025, false);
    for (let i = 0; i < 3; i++) {
      const y = seatY + 0.08 + i * ((h - seatY - 0.08) / 3);
      p.box('main', [-w / 2, y, -d / 2], [w / 2, y + (h - seatY) / 6, -d / 2 + 0.03], 0.006);
    }
    for (const x of [-w / 2 + 0.04, w / 2 - 0.04])
      p.box('main', [x - 0.02, seatY, -d / 2], [x + 0.02, h, -d / 2 + 0.04], 0.005);
  },
  chair: (p, w, d, h) => {
    const seatY = Math.min(0.47, h * 0.52);
    p.legs('main', w, d, seatY - 0.04, 0.03, 0.016);
    p.box('accent', [-w / 2, seatY - 0.04, -d / 2], [w / 2, seatY, d / 2], 0.012);
    for (const x of [-w / 2 + 0.025, w / 2 - 0.025])
      p.box('main', [x - 0.017, seatY, -d / 2], [x + 0.017, h, -d / 2 + 0.03], 0.006);
    p.box('main', [-w / 2 + 0.02, h - 0.2, -d / 2 + 0.002], [w / 2 - 0.02, h - 0.02, -d / 2 + 0.028], 0.008);
  },
  stool: (p, w, d, h) => {
    p.legs('main', w, d, h - 0.04, 0.04, 0.018);
    p.cylinder('accent', 0, h - 0.04, 0, Math.min(w, d) / 2, Math.min(w, d) / 2, 0.04, 24);
  },
  'office-chair': (p, w, d, h) => {
    const seatY = Math.min(0.5, h * 0.45);
    const r = Math.min(w, d) / 2;
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2;
      const x = Math.sin(a) * r * 0.85;
      const z = Math.cos(a) * r * 0.85;
      p.box(
        'black',
        [Math.min(0, x) - 0.02, 0.04, Math.min(0, z) - 0.02],
        [Math.max(0, x) + 0.02, 0.07, Math.max(0, z) + 0.02],
        0.01,
      );
      p.cylinder('black', x, 0, z, 0.025, 0.025, 0.04, 8);
    }
    p.cylinder('metal', 0, 0.07, 0, 0.025, 0.03, seatY - 0.13, 12);
    p.box('main', [-w * 0.4, seatY - 0.07, -d * 0.4], [w * 0.4, seatY, d * 0.4], 0.03);
    p.box('main', [-w * 0.36, seatY + 0.08, -d / 2], [w * 0.36, h, -d / 2 + 0.07], 0.035);
    p.box('black', [-0.03, seatY - 0.02, -d / 2 + 0.02], [0.03, seatY + 0.1, -d / 2 + 0.05], 0.01);
  },
  table: (p, w, d, h) => table(p, w, d, h),
  desk: (p, w, d, h) => {
    table(p, w, d, h);
    // a drawer unit under one end
    const dw = Math.min(0.42, w * 0.3);
    p.box('main', [w / 2 - 0.07 - dw, h - 0.3, -d / 2 + 0.08], [w / 2 - 0.07, h - 0.05, d / 2 - 0.08], 0.004);
    p.box(
      'metal',
      [w / 2 - 0.07 - dw / 2 - 0.06, h - 0.2, d / 2 - 0.08],
      [w / 2 - 0.07 - dw / 2 + 0.06, h - 0.185, d / 2 - 0.06],
      0.003,
    );
  },
  'coffee-table': (p, w, d, h) => {
    table(p, w, d, h - 0.055);
    p.box('main', [-w / 2 + 0.07, 0.1, -d / 2 + 0.07], [w / 2 - 0.07, 0.125, d / 2 - 0.07], 0.004);
    p.block('book2', -w * 0.15, 0, h - 0.055, [0.22, 0.03, 0.16], 0.003);
    p.block('book3', -w * 0.15, 0.01, h - 0.025, [0.19, 0.025, 0.14], 0.003);
  },
  'side-table': (p, w, d, h) => {
    table(p, Math.min(w, d), Math.min(w, d), h, true);
  },
  bed: (p, w, d, h) => {
    const frameTop = h * 0.45;
    const head = Math.min(0.08, d * 0.05);
    p.legs('darkWood', w, d, 0.08, 0.05, 0.025, false);
    p.box('main', [-w / 2, 0.08, -d / 2 + head], [w / 2, frameTop, d / 2], 0.015);
    p.box('main', [-w / 2, 0.08, -d / 2], [w / 2, h, -d / 2 + head], 0.02);
    const mattressTop = frameTop + (h - frameTop) * 0.5;
    p.box(
      'linen',
      [-w / 2 + 0.03, frameTop, -d / 2 + head + 0.01],
      [w / 2 - 0.03, mattressTop, d / 2 - 0.03],
      0.06,
    );
    // the duvet over the foot two thirds, pillows at the head
    p.box(
      'accent',
      [-w / 2 + 0.02, mattressTop - 0.06, -d / 2 + head + d * 0.28],
      [w / 2 - 0.02, mattressTop + 0.035, d / 2 - 0.02],
      0.04,
    );
    const pillows = w > 1.3 ? 2 : 1;
    const pw = (w - 0.16) / pillows;
    for (let i = 0; i < pillows; i++) {
      const x0 = -w / 2 + 0.08 + i * pw;
      p.box(
        'linen',
        [x0 + 0.02, mattressTop, -d / 2 + head + 0.05],
        [
          x0 + pw - 0.02,
          Math.min(h - 0.02, mattressTop + 0.12),
          -d / 2 + head + 0.05 + Math.min(0.4, d * 0.2),
        ],
        0.05,
      );
    }
  },
  cabinet: (p, w, d, h) => {
    carcass(p, w, d, h, 0.06);
    fronts(p, w, d, 0.06, h - 0.01, Math.max(1, Math.round(w / 0.5)), 1);
  },
  wardrobe: (p, w, d, h) => {
    carcass(p, w, d, h, 0.08);
    fronts(p, w, d, 0.08, h - 0.01, Math.max(2, Math.round(w / 0.5)), 1);
    p.box('main', [-w / 2 - 0.005, h - 0.03, -d / 2], [w / 2 + 0.005, h, d / 2 + 0.005], 0.005);
  },
  drawers: (p, w, d, h) => {
    const legs = 0.12;
    p.legs('darkWood', w, d - 0.02, legs, 0.04, 0.018);
    p.box('main', [-w / 2, legs, -d / 2], [w / 2, h, d / 2 - 0.042], 0.008);
    fronts(p, w, d, legs + 0.01, h - 0.02, w > 0.9 ? 2 : 1, h - legs > 0.5 ? 3 : 2, 'knob');
  },
  sideboard: (p, w, d, h) => {
    const legs = 0.16;
    p.legs('darkWood', w, d - 0.02, legs, 0.05, 0.02);
    p.box('main', [-w / 2, legs, -d / 2], [w / 2, h, d / 2 - 0.042], 0.008);
    fronts(p, w, d, legs + 0.01, h - 0.02, Math.max(2, Math.round(w / 0.45)), 1);
  },
  'tv-unit': (p, w, d, h) => {
    const legs = 0.1;
    p.legs('metal', w, d - 0.02, legs, 0.05, 0.015);
    p.box('main', [-w / 2, legs, -d / 2], [w / 2, h, d / 2 - 0.02], 0.006);
    // an open shelf in the middle, drawers at the ends
    p.box('black', [-w / 6, legs + 0.03, d / 2 - 0.025], [w / 6, h - 0.03, d / 2 - 0.015], 0.002);
    for (const side of [-1, 1]) {
      const x0 = side < 0 ? -w / 2 + 0.01 : w / 6 + 0.01;
      p.box('accent', [x0, legs + 0.015, d / 2 - 0.02], [x0 + w / 3 - 0.02, h - 0.015, d / 2], 0.004);
    }
  },
  chest: (p, w, d, h) => {
    p.box('main', [-w / 2, 0, -d / 2], [w / 2, h - 0.05, d / 2], 0.02);
    p.box('accent', [-w / 2 - 0.005, h - 0.05, -d / 2 - 0.005], [w / 2 + 0.005, h, d / 2 + 0.005], 0.02);
    for (const x of [-w / 2, w / 2])
      p.box('black', [x - 0.01, h * 0.55, -0.04], [x + 0.01, h * 0.62, 0.04], 0.005);
  },
  shelf: (p, w, d, h) => {
    const t = 0.022;
    for (const x of [-w / 2, w / 2 - t]) p.box('main', [x, 0, -d / 2], [x + t, h, d / 2], 0.004);
    p.box('main', [-w / 2 + t, 0, -d / 2], [w / 2 - t, h, -d / 2 + 0.01], 0.002);
    const levels = Math.max(2, Math.round(h / 0.36));
    const step = (h - t) / levels;
    const books = ['book1', 'book2', 'book3', 'darkWood', 'linen'] as const;
    for (let i = 0; i <= levels; i++) {
      const y = i * step;
      p.box('main', [-w / 2 + t, y, -d / 2], [w / 2 - t, y + t, d / 2], 0.003);
      if (i === levels || i === 0) continue;
      // books on most shelves: a deterministic row of spines
      let x = -w / 2 + t + 0.01;
      let n = i * 7;
      const end = w / 2 - t - (i % 2 ? 0.25 : 0.05);
      while (x < end) {
        const bw = 0.025 + ((n * 37) % 5) * 0.006;
        const bh = Math.min(step - 0.04, 0.18 + ((n * 53) % 7) * 0.018);
        if (x + bw > end) break;
        p.box(books[n % books.length]!, [x, y + t, -d / 2 + 0.03], [x + bw, y + t + bh, d / 2 - 0.04], 0.002);
        x += bw + 0.002;
        n++;
      }
    }
  },
  'floor-lamp': (p, w, d, h) => {
    const r = Math.min(w, d) / 2;
    p.cylinder('black', 0, 0, 0, r * 0.6, r * 0.65, 0.025, 24);
    p.cylinder('metal', 0, 0.025, 0, 0.012, 0.012, h - 0.3, 10);
    p.lathe(
      'lampshade',
      0,
      h - 0.32,
      0,
      [
        [r, 0],
        [r * 0.98, 0.01],
        [r * 0.62, 0.32],
      ],
      24,
    );
    p.lathe(
      'lampshade',
      0,
      h - 0.32,
      0,
      [
        [r * 0.62, 0.32],
        [r * 0.98, 0.01],
        [r, 0],
      ],
      24,
    );
  },
  pendant: (p, w, d, h) => {
    const r = Math.min(w, d) / 2;
    // built from the ceiling (y = h) down
    p.cylinder('black', 0, h - 0.015, 0, 0.05, 0.05, 0.015, 16);
    p.cylinder('black', 0, h * 0.45, 0, 0.003, 0.003, h * 0.55 - 0.015, 6);
    p.lathe(
      'main',
      0,
      0,
      0,
      [
        [r, 0],
        [r * 0.96, 0.02],
        [r * 0.5, h * 0.35],
        [0.03, h * 0.45],
        [0, h * 0.46],
      ],
      28,
    );
    p.lathe(
      'main',
      0,
      0,
      0,
      [
        [0, h * 0.46],
        [0.03, h * 0.45],
        [r * 0.5, h * 0.35],
        [r * 0.96, 0.02],
        [r, 0],
      ],
      28,
    );
    p.ball('lampshade', 0, 0.05, 0, Math.min(0.05, r * 0.3));
  },
  plant: (p, w, d, h) => {
    const r = Math.min(w, d) / 2;
    const potH = Math.min(0.4, h * 0.3);
    p.lathe(
      'main',
      0,
      0,
      0,
      [
        [0, 0],
        [r * 0.6, 0],
        [r * 0.78, potH * 0.95],
        [r * 0.82, potH],
        [r * 0.7, potH],
        [0, potH * 0.9],
      ],
      20,
    );
    p.cylinder('soil', 0, potH * 0.88, 0, r * 0.7, r * 0.7, 0.01, 16);
    p.cylinder('darkWood', 0, potH * 0.88, 0, 0.015, 0.02, (h - potH) * 0.55, 8);
    const crown = h - potH;
    const leaves = [
      [0, 0.62, 0, 0.42],
      [0.32, 0.5, 0.1, 0.3],
      [-0.3, 0.52, -0.05, 0.32],
      [0.05, 0.48, 0.3, 0.3],
      [-0.05, 0.55, -0.32, 0.28],
      [0.12, 0.82, -0.08, 0.26],
    ];
    for (const [x, y, z, s] of leaves) {
      const size = s! * r * 1.6;
      p.ball('leaf', x! * r * 1.3, potH + y! * crown, z! * r * 1.3, size, [
        1,
        Math.min(1.6, (crown * 0.45) / size + 0.3),
        1,
      ]);
    }
  },
  rug: (p, w, d, h) => {
    const t = Math.max(0.004, h);
    p.box('accent', [-w / 2, 0, -d / 2], [w / 2, t * 0.8, d / 2], 0.003);
    const border = Math.min(0.12, Math.min(w, d) * 0.08);
    p.box('main', [-w / 2 + border, 0, -d / 2 + border], [w / 2 - border, t, d / 2 - border], 0.002);
  },
  television: (p, w, d, h) => {
    const foot = Math.min(0.08, h * 0.1);
    p.box('black', [-w * 0.2, 0, -d / 2], [w * 0.2, 0.015, d / 2], 0.005);
    p.box('black', [-0.03, 0.015, -0.02], [0.03, foot, 0.01], 0.005);
    p.box('black', [-w / 2, foot, -0.025], [w / 2, h, 0.012], 0.006);
    p.box('screen', [-w / 2 + 0.012, foot + 0.012, 0.008], [w / 2 - 0.012, h - 0.012, 0.014], 0.001);
  },
  counter: (p, w, d, h) => {
    const top = 0.035;
    carcass(p, w, d - 0.02, h - top, 0.1);
    fronts(p, w, d - 0.02, 0.1, h - top - 0.01, Math.max(2, Math.round(w / 0.6)), 1);
    p.box('stone', [-w / 2, h - top, -d / 2], [w / 2, h, d / 2], 0.004);
    // a sink and its tap near one end, a hob near the other
    const sx = w / 2 - Math.min(0.45, w * 0.25);
    p.box('metal', [sx - 0.22, h - 0.006, -0.17], [sx + 0.22, h - 0.001, 0.17], 0.01);
    const hx = -w / 2 + Math.min(0.45, w * 0.25);
    p.box('screen', [hx - 0.29, h - 0.006, -0.25], [hx + 0.29, h - 0.001, 0.25], 0.003);
  },
  stove: (p, w, d, h) => {
    p.box('main', [-w / 2, 0, -d / 2], [w / 2, h - 0.02, d / 2 - 0.04], 0.006);
    p.box('screen', [-w / 2, h - 0.02, -d / 2], [w / 2, h - 0.004, d / 2 - 0.04], 0.004);
    for (const [x, z] of [
      [-0.14, -0.13],
      [0.14, -0.13],
      [-0.14, 0.12],
      [0.14, 0.12],
    ]) {
      p.cylinder('black', x! * (w / 0.6), h - 0.004, z! * (d / 0.62) - 0.02, 0.08, 0.08, 0.004, 20);
    }
    p.box('glass', [-w / 2 + 0.06, 0.12, d / 2 - 0.045], [w / 2 - 0.06, h - 0.22, d / 2 - 0.025], 0.004);
    p.rod('metal', -w / 2 + 0.08, w / 2 - 0.08, h - 0.16, d / 2 - 0.01, 0.01);
    p.box('black', [-w / 2 + 0.02, h - 0.12, d / 2 - 0.045], [w / 2 - 0.02, h - 0.04, d / 2 - 0.025], 0.004);
  },
  fridge: (p, w, d, h) => {
    p.box('main', [-w / 2, 0, -d / 2], [w / 2, h, d / 2 - 0.06], 0.015);
    const split = h * 0.62;
    p.box('main', [-w / 2 + 0.003, 0.02, d / 2 - 0.06], [w / 2 - 0.003, split - 0.006, d / 2 - 0.03], 0.012);
    p.box(
      'main',
      [-w / 2 + 0.003, split + 0.006, d / 2 - 0.06],
      [w / 2 - 0.003, h - 0.01, d / 2 - 0.03],
      0.012,
    );
    for (const [y0, y1] of [
      [split - 0.4, split - 0.06],
      [split + 0.06, split + 0.36],
    ]) {
      p.box('metal', [w / 2 - 0.07, y0!, d / 2 - 0.03], [w / 2 - 0.05, y1!, d / 2], 0.006);
    }
  },
  bathtub: (p, w, d, h) => {
    const rim = 0.07;
    p.box('ceramic', [-w / 2, 0, -d / 2], [w / 2, h * 0.25, d / 2], 0.03);
    p.box('ceramic', [-w / 2, 0, -d / 2], [w / 2, h, -d / 2 + rim], 0.03);
    p.box('ceramic', [-w / 2, 0, d / 2 - rim], [w / 2, h, d / 2], 0.03);
    p.box('ceramic', [-w / 2, 0, -d / 2], [-w / 2 + rim, h, d / 2], 0.03);
    p.box('ceramic', [w / 2 - rim, 0, -d / 2], [w / 2, h, d / 2], 0.03);
    p.box('glass', [-w / 2 + rim, h * 0.25, -d / 2 + rim], [w / 2 - rim, h * 0.7, d / 2 - rim], 0.02);
    p.cylinder('metal', -w / 2 + rim / 2, h, 0, 0.015, 0.02, 0.12, 10);
  },
  washbasin: (p, w, d, h) => {
    const vanity = h - 0.14;
    p.box('main', [-w / 2, 0.12, -d / 2], [w / 2, vanity, d / 2 - 0.02], 0.008);
    fronts(p, w, d, 0.13, vanity - 0.01, 1, 2);
    p.box('ceramic', [-w / 2, vanity, -d / 2], [w / 2, h - 0.02, d / 2], 0.025);
    p.lathe(
      'ceramic',
      0,
      h - 0.02,
      0.02,
      [
        [0, 0],
        [Math.min(w, d) * 0.3, 0.005],
        [Math.min(w, d) * 0.32, 0.02],
      ],
      24,
    );
    p.cylinder('metal', 0, h - 0.02, -d / 2 + 0.06, 0.014, 0.016, 0.02, 10);
    p.box('metal', [-0.01, h - 0.01, -d / 2 + 0.05], [0.01, h, -d / 2 + 0.15], 0.004);
  },
  toilet: (p, w, d, h) => {
    const seatY = Math.min(0.42, h * 0.54);
    const tank = Math.min(0.2, d * 0.3);
    p.lathe(
      'ceramic',
      0,
      0,
      d * 0.12,
      [
        [0, 0],
        [w * 0.28, 0],
        [w * 0.32, seatY * 0.6],
        [w * 0.45, seatY - 0.03],
        [0, seatY - 0.03],
      ],
      24,
    );
    p.cylinder('ceramic', 0, seatY - 0.03, d * 0.12, w * 0.46, w * 0.46, 0.03, 28);
    p.box('ceramic', [-w / 2, seatY - 0.1, -d / 2], [w / 2, h, -d / 2 + tank], 0.03);
    p.box('metal', [-0.03, h - 0.004, -d / 2 + tank / 2 - 0.02], [0.03, h, -d / 2 + tank / 2 + 0.02], 0.002);
  },
};

/** The piece's parts, in metres, filling the spec's box (front at +z, floor at y 0). */
export function furnitureParts(spec: MeshSpec): Parts {
  const parts = new Parts();
  const [w, d, h] = spec.size.map((cm) => Math.max(0.01, cm / 100)) as [number, number, number];
  BUILDERS[spec.shape](parts, w, d, h);
  return parts;
}
