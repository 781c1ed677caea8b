/**
 * The plan's own dimension lines (FML `dimensions`: what the author measured), drawn as the export
 * does: a line with end ticks and its length (the author's text when given) above it. The text is
 * drawn at `text` size (legible at fit, drawing.ts) and left out where it is longer than its line,
 * which at that size it would cross into the next one.
 */
import { svg, nothing, type SVGTemplateResult } from 'lit';
import { formatLength, type Units } from '../../../model/units.js';
import type { ModelDimension } from '../../../model/types.js';
import { finite, line, r } from './svg.js';

export const MAX_DIMENSIONS = 500;

export function drawDimensionLines(
  dimensions: readonly ModelDimension[] = [],
  units: Units,
  locale: string | undefined,
  font: number,
  text = font * 0.8,
): SVGTemplateResult | typeof nothing {
  if (!dimensions.length) return nothing;
  const tick = font * 0.35;
  return svg`<g part="dimension" class="dimensions plan-dimensions">${dimensions
    .slice(0, MAX_DIMENSIONS)
    .filter((d) => finite(d.a) && finite(d.b))
    .map((d) => {
      const dx = d.b[0] - d.a[0];
      const dy = d.b[1] - d.a[1];
      const length = Math.hypot(dx, dy);
      if (!(length > 0)) return nothing;
      const n: [number, number] = [(-dy / length) * tick, (dx / length) * tick];
      // the text beside the line, clear of its ticks whatever its size
      const away = Math.max(1.6, (text * 0.7) / tick);
      const mid: [number, number] = [
        (d.a[0] + d.b[0]) / 2 + n[0] * away,
        (d.a[1] + d.b[1]) / 2 + n[1] * away,
      ];
      let angle = (-Math.atan2(dy, dx) * 180) / Math.PI;
      if (angle > 90) angle -= 180;
      if (angle < -90) angle += 180;
      const label = d.text?.trim()
        ? d.text.trim().slice(0, 40)
        : formatLength(d.length || length, units, locale);
      // (an estimate of the text's width: digits and units in the plan's sans-serif)
      const fits = label.length * 0.58 * text <= length;
      return svg`${line(d.a, d.b, 'dim')}${line(
        [d.a[0] - n[0], d.a[1] - n[1]],
        [d.a[0] + n[0], d.a[1] + n[1]],
        'dim',
      )}${line([d.b[0] - n[0], d.b[1] - n[1]], [d.b[0] + n[0], d.b[1] + n[1]], 'dim')}${
        fits
          ? svg`<text
        direction="ltr" unicode-bidi="isolate" x=${r(mid[0])} y=${r(-mid[1])} font-size=${r(text)} text-anchor="middle" dominant-baseline="central"
        transform=${`rotate(${r(angle)} ${r(mid[0])} ${r(-mid[1])})`}>${label}</text>`
          : nothing
      }`;
    })}</g>`;
}
