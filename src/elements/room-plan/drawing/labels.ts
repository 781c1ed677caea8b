/**
 * Where area labels go and how big: each label sits on its area's label point, sized to the room
 * (the distance from that point to the nearest edge) within limits set by the plan's size, never
 * below the legible size (legibleFontSize(): 11 px and more on the element's default 520 × 384 box
 * at fit, where a sixtieth of the plan's larger side gave about 8 px), and labels are placed smallest
 * rooms first so a big room's label gives way: when it would overlap one already placed it shrinks
 * (to the legible size, no smaller), then drops its name line, and is then left out rather than
 * drawn over another (a label too small to read, or printed over another, helps nobody).
 */
import { signedDistance } from '../../../model/polygon.js';
import { formatArea, type Units } from '../../../model/units.js';
import type { AreaGeometry, PlanGeometry } from '../../../model/types.js';
import type { Box } from '../../../model/spatial-index.js';

export interface PlacedLabel {
  area: AreaGeometry;
  /** Label centre in SVG units (y down). */
  x: number;
  y: number;
  fontSize: number;
  /** The model's name for the area, when it has one and there was room for it. */
  name?: string;
  floorArea: string;
  /** True when no size or line left out could keep it clear of the others. */
  overlaps: boolean;
}

/** Average glyph width as a share of the font size, for a sans-serif plan font (an estimate). */
const GLYPH = 0.56;
const LINE = 1.25;

/** The same for the widest fonts a page may have (DejaVu Sans, with the name line's 600 weight). */
const WIDE_GLYPH = 0.66;

function boxOf(x: number, y: number, fontSize: number, lines: string[], glyph = GLYPH): Box {
  const width = Math.max(...lines.map((l) => l.length)) * glyph * fontSize;
  const height = lines.length * LINE * fontSize;
  return { minX: x - width / 2, minY: y - height / 2, maxX: x + width / 2, maxY: y + height / 2 };
}

/** Whether every corner of `box` (SVG units, y down) lies inside `area`'s outline. */
function fitsInside(area: AreaGeometry, box: Box, slack = 0): boolean {
  try {
    return [
      [box.minX, -box.minY],
      [box.maxX, -box.minY],
      [box.minX, -box.maxY],
      [box.maxX, -box.maxY],
    ].every((corner) => signedDistance(corner as [number, number], [area.polygon]) > -slack);
  } catch {
    return false;
  }
}

const overlap = (a: Box, b: Box) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY;

/** Tried spots per label besides its own point: a grid over the room, nearest first. */
const SPOTS = 120;

/**
 * The label point (x, y: SVG units, y down) and then points of a grid over `area` (a step of about a
 * line's height, at most SPOTS of them) that lie inside it, nearest to the label point first.
 */
function spotsInside(area: AreaGeometry, x: number, y: number, line: number): (readonly [number, number])[] {
  const xs = area.polygon.map((p) => p[0]);
  const ys = area.polygon.map((p) => -p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const step = Math.max(line * 0.75, Math.sqrt(((x1 - x0) * (y1 - y0)) / 400));
  const grid: (readonly [number, number])[] = [];
  for (let gx = x0 + step / 2; gx < x1; gx += step)
    for (let gy = y0 + step / 2; gy < y1; gy += step) {
      try {
        if (signedDistance([gx, -gy], [area.polygon]) > line * 0.5) grid.push([gx, gy]);
      } catch {
        // an outline the distance cannot be taken of offers no spot
      }
    }
  grid.sort((a, b) => Math.hypot(a[0] - x, a[1] - y) - Math.hypot(b[0] - x, b[1] - y));
  return [[x, y], ...grid.slice(0, SPOTS)];
}

/** The base font size for a plan, in centimetres: about a sixtieth of its larger side. */
export function baseFontSize(plan: PlanGeometry): number {
  const width = plan.bounds.max[0] - plan.bounds.min[0];
  const depth = plan.bounds.max[1] - plan.bounds.min[1];
  return Math.min(60, Math.max(8, Math.max(width, depth) / 60));
}

/** The smallest label, in CSS px, on a plan of REFERENCE's size at fit. */
export const LEGIBLE_PX = 11.5;
/** The box the legible size is reckoned for: the element's default size (520 px wide, 24rem high). */
const REFERENCE = { width: 520, height: 384 };

/**
 * The smallest label font (SVG units, cm) for a plan whose fitted view is `fit`, drawn in `box` (CSS
 * px; the element's default size, REFERENCE, while it is not known): LEGIBLE_PX there at fit.
 */
export function legibleFontSize(
  fit: { width: number; height: number },
  box: { width: number; height: number } = REFERENCE,
): number {
  const width = box.width > 0 ? box.width : REFERENCE.width;
  const height = box.height > 0 ? box.height : REFERENCE.height;
  return LEGIBLE_PX * Math.max(fit.width / width, fit.height / height);
}

/** What an FML area asks to print (ModelArea.showLabel / showArea); room models print both. */
export type LabelShown = (area: AreaGeometry) => { name: boolean; area: boolean };

export function layoutLabels(
  plan: PlanGeometry,
  units: Units,
  locale?: string,
  shown?: LabelShown,
  legible = 0,
): PlacedLabel[] {
  const base = Math.max(baseFontSize(plan), legible);
  // With a legible floor a label cannot shrink out of the way: the ones that fit inside their own
  // area come first (smallest rooms first, as before), then those that stick out, largest rooms first
  // (a hall's label before a meter cupboard's).
  const fits = (area: AreaGeometry) =>
    legible <= 0 ||
    fitsInside(
      area,
      boxOf(area.labelPoint[0], -area.labelPoint[1], legible, [formatArea(area.area, units, locale)]),
    );
  const order = plan.areas
    .map((area, index) => ({ area, index, fits: fits(area) }))
    .sort(
      (a, b) =>
        Number(b.fits) - Number(a.fits) ||
        b.area.depth - a.area.depth ||
        (a.fits ? a.area.area - b.area.area : b.area.area - a.area.area),
    );
  const placed: Box[] = [];
  const out: PlacedLabel[] = [];
  for (const { area } of order) {
    const show = shown?.(area) ?? { name: true, area: true };
    if (!show.name && !show.area) continue;
    const [px, py] = area.labelPoint;
    const x = px;
    const y = -py;
    let room = 0;
    try {
      room = Math.max(0, signedDistance(area.labelPoint, [area.polygon]));
    } catch {
      room = 0;
    }
    const floorArea = show.area ? formatArea(area.area, units, locale) : '';
    const name = show.name && area.label?.trim() ? area.label.trim().slice(0, 60) : undefined;
    if (!name && !floorArea) continue;
    let fontSize = Math.max(legible, Math.min(base, Math.max(base * 0.5, room * 0.45)));
    const smaller = Math.max(legible, fontSize * 0.75);
    const candidates: { size: number; lines: string[] }[] = [];
    const full = [name, floorArea].filter((x): x is string => !!x);
    candidates.push({ size: fontSize, lines: full });
    candidates.push({ size: smaller, lines: full });
    if (name && floorArea) candidates.push({ size: smaller, lines: [floorArea] });
    // with a legible floor, a label also stays in its own area (give or take a fifth of a letter):
    // one that would spill over walls and the rooms beside is left out, as one too small to read was
    const free = (box: Box) =>
      !placed.some((p) => overlap(p, box)) && (legible <= 0 || fitsInside(area, box, legible * 0.2));
    // each size and set of lines first on the label point, then (with a legible floor) on the nearest
    // spot where it lies wholly inside the room: an L-shaped room's point can sit in its narrow arm
    // (there, wholly inside even in the widest font; failing that, the label point as before)
    const spots = legible > 0 ? spotsInside(area, x, y, legible) : [];
    let chosen = candidates[0]!;
    let box = boxOf(x, y, chosen.size, chosen.lines);
    let clear = false;
    let at: readonly [number, number] = [x, y];
    search: for (const candidate of candidates) {
      for (const spot of spots) {
        const wide = boxOf(spot[0], spot[1], candidate.size, candidate.lines, WIDE_GLYPH);
        if (!free(wide) || !fitsInside(area, wide)) continue;
        chosen = candidate;
        box = boxOf(spot[0], spot[1], candidate.size, candidate.lines);
        clear = true;
        at = spot;
        break search;
      }
      const own = boxOf(x, y, candidate.size, candidate.lines);
      if (free(own)) {
        chosen = candidate;
        box = own;
        clear = true;
        break;
      }
    }
    if (!clear) {
      // with a legible floor under the size, shrinking further is no way out
      if (legible > 0) continue;
      // nothing helped: keep the full label rather than hide what the room is
      chosen = candidates[0]!;
      box = boxOf(x, y, chosen.size, chosen.lines);
    }
    fontSize = chosen.size;
    placed.push(box);
    const label: PlacedLabel = { area, x: at[0], y: at[1], fontSize, floorArea, overlaps: !clear };
    if (name && (chosen.lines.length > 1 || !floorArea)) label.name = name;
    out.push(label);
  }
  return out;
}
