/**
 * The plan's own texts (FML labels: a title, a disclaimer, notes) and drawn lines, where the author
 * put them. Text goes in as text (never markup); at most MAX_TEXTS are drawn.
 */
import { svg, nothing, type SVGTemplateResult } from 'lit';
import type { ModelLabel, ModelLine } from '../../../model/types.js';
import { finite, line, r } from './svg.js';

export const MAX_TEXTS = 500;
const ANCHOR = { left: 'start', center: 'middle', right: 'end' } as const;
const COLOUR = /^#[0-9a-f]{3,8}$/i;

export function drawTexts(
  labels: readonly ModelLabel[] = [],
  lines: readonly ModelLine[] = [],
  base: number,
): SVGTemplateResult | typeof nothing {
  if (!labels.length && !lines.length) return nothing;
  return svg`<g part="plan-label" class="plan-texts">${lines
    .slice(0, MAX_TEXTS)
    .filter((l) => finite(l.a) && finite(l.b))
    .map((l) => line(l.a, l.b, l.style === 'dashed' ? 'drawn dashed' : 'drawn'))}${labels
    .slice(0, MAX_TEXTS)
    .filter((l) => finite(l.position) && l.text)
    .map((l) => {
      const x = r(l.position[0]);
      const y = r(-l.position[1]);
      // the service's size is in pixels at 100 %, where one pixel is about a centimetre
      const size = r(
        Math.min(base * 3, Math.max(base * 0.5, Number.isFinite(l.fontSize) ? l.fontSize! : base)),
      );
      const turn =
        Number.isFinite(l.rotation) && l.rotation ? `rotate(${r(-l.rotation)} ${x} ${y})` : nothing;
      const fill = l.color && COLOUR.test(l.color) ? l.color : nothing;
      return svg`<text class=${l.bold ? 'plan-text bold' : 'plan-text'} x=${x} y=${y} font-size=${size}
        text-anchor=${ANCHOR[l.align] ?? 'middle'} dominant-baseline="central" transform=${turn} fill=${fill}>${l.text.slice(0, 200)}</text>`;
    })}</g>`;
}
