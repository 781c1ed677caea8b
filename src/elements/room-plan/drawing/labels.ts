/**
 * Where area labels go and how big: each label sits on its area's label point, sized to the room
 * (the distance from that point to the nearest edge) within limits set by the plan's size, and
 * labels are placed smallest rooms first so a big room's label gives way: when it would overlap one
 * already placed it shrinks, then drops its name line, and only then overlaps.
 */
import { signedDistance } from '../../../model/polygon.js';
import { formatArea, type Units } from '../../../model/units.js';
import type { AreaGeometry, PlanGeometry } from '../../../model/types.js';

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

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Average glyph width as a share of the font size, for a sans-serif plan font (an estimate). */
const GLYPH = 0.56;
const LINE = 1.25;

function boxOf(x: number, y: number, fontSize: number, lines: string[]): Box {
  const width = Math.max(...lines.map((l) => l.length)) * GLYPH * fontSize;
  const height = lines.length * LINE * fontSize;
  return { x0: x - width / 2, y0: y - height / 2, x1: x + width / 2, y1: y + height / 2 };
}

const overlap = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The base font size for a plan, in centimetres: about a sixtieth of its larger side. */
export function baseFontSize(plan: PlanGeometry): number {
  const width = plan.bounds.max[0] - plan.bounds.min[0];
  const depth = plan.bounds.max[1] - plan.bounds.min[1];
  return Math.min(60, Math.max(8, Math.max(width, depth) / 60));
}

/** What an FML area asks to print (ModelArea.showLabel / showArea); room models print both. */
export type LabelShown = (area: AreaGeometry) => { name: boolean; area: boolean };

export function layoutLabels(
  plan: PlanGeometry,
  units: Units,
  locale?: string,
  shown?: LabelShown,
): PlacedLabel[] {
  const base = baseFontSize(plan);
  const order = plan.areas
    .map((area, index) => ({ area, index }))
    .sort((a, b) => b.area.depth - a.area.depth || a.area.area - b.area.area);
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
    let fontSize = Math.min(base, Math.max(base * 0.5, room * 0.45));
    const candidates: { size: number; lines: string[] }[] = [];
    const full = [name, floorArea].filter((x): x is string => !!x);
    candidates.push({ size: fontSize, lines: full });
    candidates.push({ size: fontSize * 0.75, lines: full });
    if (name && floorArea) candidates.push({ size: fontSize * 0.75, lines: [floorArea] });
    let chosen = candidates[0]!;
    let box = boxOf(x, y, chosen.size, chosen.lines);
    let clear = !placed.some((p) => overlap(p, box));
    for (const candidate of candidates.slice(1)) {
      if (clear) break;
      chosen = candidate;
      box = boxOf(x, y, chosen.size, chosen.lines);
      clear = !placed.some((p) => overlap(p, box));
    }
    if (!clear) {
      // nothing helped: keep the full label rather than hide what the room is
      chosen = candidates[0]!;
      box = boxOf(x, y, chosen.size, chosen.lines);
    }
    fontSize = chosen.size;
    placed.push(box);
    const label: PlacedLabel = { area, x, y, fontSize, floorArea, overlaps: !clear };
    if (name && (chosen.lines.length > 1 || !floorArea)) label.name = name;
    out.push(label);
  }
  return out;
}
