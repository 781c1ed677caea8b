/**
 * A scale bar (a round length, alternating blocks) under the plan's bottom-left corner and a north
 * arrow beside its top-right corner, as the service's export prints them. FML states no north, so
 * the arrow points up the page, as the export's does.
 */
import { svg, type SVGTemplateResult } from 'lit';
import { formatLength, type Units } from '../../../model/units.js';
import { r } from './svg.js';

const METRIC = [50, 100, 200, 500, 1000, 2000, 5000];
const FOOT = 30.48;
const IMPERIAL = [2, 5, 10, 20, 50, 100, 200].map((ft) => ft * FOOT);

/** The bar's length in cm: the round length nearest a fifth of the plan's width. */
export function scaleLength(width: number, units: Units): number {
  const want = Math.max(width, 1) / 5;
  const steps = units === 'imperial' ? IMPERIAL : METRIC;
  return steps.reduce((best, s) => (Math.abs(s - want) < Math.abs(best - want) ? s : best), steps[0]!);
}

export function drawScaleBar(
  x: number,
  y: number,
  width: number,
  units: Units,
  locale: string | undefined,
  font: number,
  /** The texts' size (legible at fit, drawing.ts). */
  text = font * 0.8,
): SVGTemplateResult {
  const length = scaleLength(width, units);
  const h = font * 0.4;
  const quarter = length / 4;
  const label = formatLength(length, units, locale);
  return svg`<g part="scale-bar" class="scale-bar" data-length=${r(length)}>
    ${[0, 1, 2, 3].map(
      (i) =>
        svg`<rect x=${r(x + i * quarter)} y=${r(y)} width=${r(quarter)} height=${r(h)} class=${i % 2 ? 'light' : 'dark'}></rect>`,
    )}
    ${
      // "0" under its start and the length under its end, where the two do not run into each other
      // (a short bar at a legible size); else the length beside the bar, as a map's scale reads
      (label.length + 2) * 0.6 * text <= length
        ? svg`<text direction="ltr" unicode-bidi="isolate" x=${r(x)} y=${r(y + h + text * 1.2)} font-size=${r(text)}>0</text>
    <text direction="ltr" unicode-bidi="isolate" x=${r(x + length)} y=${r(y + h + text * 1.2)} font-size=${r(text)} text-anchor="end">${label}</text>`
        : svg`<text direction="ltr" unicode-bidi="isolate" x=${r(x + length + text * 0.5)} y=${r(y + h / 2)} font-size=${r(text)} dominant-baseline="central">${label}</text>`
    }
  </g>`;
}

export function drawNorthArrow(x: number, y: number, font: number): SVGTemplateResult {
  const s = font * 1.2;
  return svg`<g part="north-arrow" class="north-arrow">
    <polygon points=${`${r(x)},${r(y - s)} ${r(x + s * 0.5)},${r(y + s * 0.6)} ${r(x)},${r(y + s * 0.25)} ${r(x - s * 0.5)},${r(y + s * 0.6)}`}></polygon>
    <text x=${r(x)} y=${r(y - s * 1.3)} font-size=${r(font * 0.9)} text-anchor="middle">N</text>
  </g>`;
}
