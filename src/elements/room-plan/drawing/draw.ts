/**
 * The plan as SVG fragments (Lit `svg` templates), in SVG units = centimetres with y flipped (the
 * model's y points up, SVG's down). Layers, bottom to top: area fills (outer areas first, so nested
 * ones lie above), wall outlines, wall fills (together they draw the outline of the union of all
 * walls, so walls that overlap at joins show no seams), door and window symbols, dimension lines,
 * labels. Openings are gaps cut out of the walls' geometry (plan-wall-cuts.ts). Strokes do not scale with zoom
 * (`vector-effect: non-scaling-stroke`), so lines stay crisp and thin at any zoom and in print.
 * Every untrusted string (an area's name) goes in as text.
 */
import { svg, nothing, type SVGTemplateResult } from 'lit';
import { formatLength, type Units } from '../../../model/units.js';
import type { PlanGeometry, RoomModel, Vec2, WallGeometry, WallOpening } from '../../../model/types.js';
import { drawDimensionLines } from './dimensions.js';
import { drawItems, itemFootprints } from './items.js';
import { areaColours, isDark } from './colours.js';
import { baseFontSize, layoutLabels, legibleFontSize, type LabelShown, type PlacedLabel } from './labels.js';
import { drawNorthArrow, drawScaleBar } from './scale-bar.js';
import { grow, line, pointsOf, pt, r } from './svg.js';
import { drawTexts } from './texts.js';
import { wallShapes } from './wall-cuts.js';
import type { ViewBox } from '../view-box.js';

export interface PlanDrawing {
  /** The whole plan with room for its dimension lines. */
  fit: ViewBox;
  /**
   * The drawing's layers, bottom to top, in two groups that can be put in the page in two tasks (a
   * large plan's DOM is a long task of its own on a phone, issue 33): areas and walls, then items,
   * openings, dimensions, labels and the plan's own texts. Both together are the whole drawing.
   */
  layers: readonly [SVGTemplateResult, SVGTemplateResult];
  labels: PlacedLabel[];
  width: number;
  depth: number;
}

interface Frame {
  d: Vec2;
  /** The wall's left normal (model coordinates). */
  n: Vec2;
  at: (along: number, across?: number) => Vec2;
}

function frameOf(wall: WallGeometry): Frame {
  const dx = wall.end[0] - wall.start[0];
  const dy = wall.end[1] - wall.start[1];
  const length = Math.hypot(dx, dy) || 1;
  const d: Vec2 = [dx / length, dy / length];
  const n: Vec2 = [-d[1], d[0]];
  return {
    d,
    n,
    at: (along, across = 0) => [
      wall.start[0] + d[0] * along + n[0] * across,
      wall.start[1] + d[1] * along + n[1] * across,
    ],
  };
}

function openingSymbol(wall: WallGeometry, o: WallOpening): SVGTemplateResult {
  const f = frameOf(wall);
  const half = wall.thickness / 2;
  const a = o.offset - o.width / 2;
  const b = o.offset + o.width / 2;
  const jambs = svg`${line(f.at(a, -half), f.at(a, half), 'jamb')}${line(f.at(b, -half), f.at(b, half), 'jamb')}`;
  if (o.kind === 'window') {
    const inset = Math.max(wall.thickness / 5, 1);
    return svg`<g part="opening window" class="window" data-component=${o.componentId}>${jambs}${line(
      f.at(a, half - inset),
      f.at(b, half - inset),
      'glass',
    )}${line(f.at(a, -half + inset), f.at(b, -half + inset), 'glass')}</g>`;
  }
  if (o.kind === 'door') {
    const side = o.swingSide ?? 1;
    const hingeAt = o.hinge === 'start' ? a : b;
    const freeAt = o.hinge === 'start' ? b : a;
    const face = side * half;
    const hinge = f.at(hingeAt, face);
    const free = f.at(freeAt, face);
    const leaf = f.at(hingeAt, face + side * o.width);
    // SVG's y points down: a positive cross product of (hinge→leaf, hinge→free) on screen is a
    // clockwise turn, which is sweep-flag 1.
    const u: Vec2 = [leaf[0] - hinge[0], -(leaf[1] - hinge[1])];
    const v: Vec2 = [free[0] - hinge[0], -(free[1] - hinge[1])];
    const sweep = u[0] * v[1] - u[1] * v[0] > 0 ? 1 : 0;
    const radius = r(o.width);
    return svg`<g part="opening door" class="door" data-component=${o.componentId}>${jambs}${line(
      hinge,
      leaf,
      'leaf',
    )}<path class="swing" d=${`M ${pt(leaf)} A ${radius} ${radius} 0 0 ${sweep} ${pt(free)}`}></path></g>`;
  }
  return svg`<g part="opening" class="opening" data-component=${o.componentId}>${jambs}</g>`;
}

function dimensions(
  plan: PlanGeometry,
  units: Units,
  locale: string | undefined,
  gap: number,
  font: number,
  /** The texts' size: the plan's own, or the legible size when that is larger. */
  text = font,
) {
  const [minX, minY] = plan.bounds.min;
  const [maxX, maxY] = plan.bounds.max;
  const width = maxX - minX;
  const depth = maxY - minY;
  const top = -maxY - gap; // SVG y of the width line, above the plan
  const left = minX - gap; // x of the depth line, left of the plan
  const tick = font * 0.4;
  const midY = -(minY + maxY) / 2;
  return svg`<g part="dimension" class="dimensions">
    <line x1=${r(minX)} y1=${r(top)} x2=${r(maxX)} y2=${r(top)}></line>
    <line x1=${r(minX)} y1=${r(top - tick)} x2=${r(minX)} y2=${r(top + tick)}></line>
    <line x1=${r(maxX)} y1=${r(top - tick)} x2=${r(maxX)} y2=${r(top + tick)}></line>
    <text direction="ltr" unicode-bidi="isolate" x=${r((minX + maxX) / 2)} y=${r(top - tick * 1.5)} font-size=${r(text)} text-anchor="middle">${formatLength(width, units, locale)}</text>
    <line x1=${r(left)} y1=${r(-maxY)} x2=${r(left)} y2=${r(-minY)}></line>
    <line x1=${r(left - tick)} y1=${r(-maxY)} x2=${r(left + tick)} y2=${r(-maxY)}></line>
    <line x1=${r(left - tick)} y1=${r(-minY)} x2=${r(left + tick)} y2=${r(-minY)}></line>
    <text direction="ltr" unicode-bidi="isolate" x=${r(left - tick * 1.5)} y=${r(midY)} font-size=${r(text)} text-anchor="middle"
      transform=${`rotate(-90 ${r(left - tick * 1.5)} ${r(midY)})`}>${formatLength(depth, units, locale)}</text>
  </g>`;
}

function labelOf(label: PlacedLabel, colours: Map<string, string>): SVGTemplateResult {
  const size = r(label.fontSize);
  const lines = [label.name, label.floorArea].filter((x): x is string => !!x);
  const first = -((lines.length - 1) * 1.25 * label.fontSize) / 2;
  const colour = colours.get(label.area.name);
  // on a dark FML colour the label turns light (with a dark halo), so it keeps its contrast
  const classes = `label${label.overlaps ? ' overlaps' : ''}${colour && isDark(colour) ? ' on-dark' : ''}`;
  return svg`<text part="label" class=${classes} data-area=${label.area.name}
    x=${r(label.x)} y=${r(label.y)} font-size=${size} text-anchor="middle" dominant-baseline="central">${lines.map(
      (text, i) =>
        // the figure reads left to right in a right-to-left page ("12.2 m²", not "m² 12.2"); the name
        // keeps the page's direction
        i === lines.length - 1 && label.floorArea
          ? svg`<tspan x=${r(label.x)} dy=${r(i === 0 ? first : 1.25 * label.fontSize)} class="floor-area"
              direction="ltr" unicode-bidi="isolate">${text}</tspan>`
          : svg`<tspan x=${r(label.x)} dy=${r(i === 0 ? first : 1.25 * label.fontSize)} class="name"
              unicode-bidi="isolate">${text}</tspan>`,
    )}</text>`;
}

/** What an FML area asks to print; areas a room model names print both. */
function labelShown(model: RoomModel | undefined): LabelShown | undefined {
  if (!model) return undefined;
  const byName = new Map(model.areas.map((a) => [a.name, a]));
  return (area) => {
    const a = byName.get(area.name);
    return { name: a?.showLabel ?? true, area: a?.showArea ?? true };
  };
}

/**
 * Draws a plan. With the `model` (FML plans), also
 * its items, own texts, dimension lines and stairs, a scale bar and a north arrow, and areas print
 * their name and floor area only where the model says so.
 */
export function drawPlan(...args: Parameters<typeof planSlices>): PlanDrawing {
  const slices = planSlices(...args);
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
  }
}

/**
 * drawPlan() with the page's thread given back between its costly steps (the walls' gaps, the
 * labels' places), so a large plan is no long task on a phone (issue 33); the same drawing.
 */
export async function drawPlanInSlices(
  between: () => Promise<void>,
  ...args: Parameters<typeof planSlices>
): Promise<PlanDrawing> {
  const slices = planSlices(...args);
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
    await between();
  }
}

/** The drawing's work, one costly step per slice (a generator: drawPlan runs it through at once). */
function* planSlices(
  plan: PlanGeometry,
  units: Units,
  locale: string | undefined,
  model?: RoomModel,
  /** The box the plan is drawn in (CSS px), when known: labels are sized to be legible there. */
  box?: { width: number; height: number },
): Generator<void, PlanDrawing> {
  const font = baseFontSize(plan);
  const gap = font * 2;
  const [minX, minY] = plan.bounds.min;
  const [maxX, maxY] = plan.bounds.max;
  const items = model ? itemFootprints(model) : [];
  // the drawing's extent: the plan, plus the author's texts and dimension lines
  const extent = { min: [minX, minY] as Vec2, max: [maxX, maxY] as Vec2 };
  if (model) {
    grow(
      extent,
      (model.labels ?? []).slice(0, 500).map((l) => l.position),
    );
    grow(
      extent,
      (model.dimensions ?? []).slice(0, 500).flatMap((d) => [d.a, d.b]),
    );
  }
  const margin = gap + font * (model ? 4 : 2);
  const fit: ViewBox = {
    x: extent.min[0] - margin,
    y: -extent.max[1] - margin,
    width: Math.max(extent.max[0] - extent.min[0], 1) + margin * 2,
    height: Math.max(extent.max[1] - extent.min[1], 1) + margin * 2,
  };
  const areas = plan.areas
    .map((area, index) => ({ area, index }))
    .sort((a, b) => a.area.depth - b.area.depth || b.area.area - a.area.area || a.index - b.index);
  const legible = legibleFontSize(fit, box);
  // doors and windows as gaps in the walls' geometry, not a mask: plan-wall-cuts.ts says why
  const walls = plan.walls;
  const shapes = wallShapes(walls);
  yield;
  const labels = layoutLabels(plan, units, locale, labelShown(model), legible);
  yield;
  // lengths are read, not glanced at: never below four fifths of a label's legible size (at fit on a
  // 520 px plan the plan's own size gave about 5 px)
  const dimensionText = Math.max(font * 0.8, legible * 0.8);
  // the scale bar goes under everything else (the author's dimension lines end there), and the view
  // grows to hold it and its texts
  const scaleBarY = -extent.min[1] + gap;
  if (model) {
    const below = gap + font * 0.4 + dimensionText * 1.5;
    if (below > margin) fit.height += below - margin;
  }
  const colours = areaColours(model);
  const hasWalls = walls.length > 0;

  const ground = svg`
    <g class="areas">${areas.map(({ area }) => {
      // the FML's own colour where it gives one: a presentation attribute, which a strict CSP allows
      // (a style attribute it would not), and which the theme's rules leave alone (`:not([fill])`)
      const colour = colours.get(area.name);
      return svg`<polygon part=${area.depth > 0 ? 'area area-nested' : 'area'} class=${area.depth > 0 ? 'area nested' : 'area'}
          data-area=${area.name} data-depth=${area.depth} data-colour=${colour ?? nothing}
          fill=${colour ?? nothing} points=${pointsOf(area.polygon)}></polygon>`;
    })}</g>
    ${
      hasWalls
        ? svg`<g part="wall" class="walls">
      <g class="wall-outlines">${shapes.map((s) => svg`<path d=${s.outline}></path>`)}</g>
      <g class="wall-fills">${walls.map((w, i) => svg`<path data-wall=${w.name} d=${shapes[i]!.fill}></path>`)}</g>
    </g>`
        : nothing
    }`;
  const rest = svg`
    ${model ? drawItems(items, model.stairs) : nothing}
    <g class="openings">${walls.flatMap((w) => w.openings.map((o) => openingSymbol(w, o)))}</g>
    ${
      // an FML plan with its own dimension chains prints those, as the export does
      (hasWalls || plan.areas.length) && !model?.dimensions?.length
        ? dimensions(plan, units, locale, gap, font, Math.max(font, dimensionText))
        : nothing
    }
    ${model ? drawDimensionLines(model.dimensions, units, locale, font, dimensionText) : nothing}
    <g class="labels">${labels.map((label) => labelOf(label, colours))}</g>
    ${model ? drawTexts(model.labels, model.lines, font) : nothing}
    ${
      model
        ? svg`${drawScaleBar(minX, scaleBarY, maxX - minX, units, locale, font, dimensionText)}${drawNorthArrow(
            maxX + gap,
            -maxY - gap,
            font,
          )}`
        : nothing
    }`;
  return { fit, layers: [ground, rest], labels, width: maxX - minX, depth: maxY - minY };
}
