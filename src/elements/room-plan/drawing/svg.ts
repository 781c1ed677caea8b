/** Small helpers shared by the plan's drawing files: model points to SVG (y flipped), rounded. */
import { svg, type SVGTemplateResult } from 'lit';
import type { Vec2 } from '../../../model/types.js';

export const r = (n: number) => Math.round(n * 100) / 100;
/** A model point as an SVG coordinate pair (y flipped). */
export const pt = (p: Vec2) => `${r(p[0])},${r(-p[1])}`;
export const pointsOf = (ring: readonly Vec2[]) => ring.map(pt).join(' ');
export const finite = (p: Vec2 | undefined): p is Vec2 =>
  !!p && Number.isFinite(p[0]) && Number.isFinite(p[1]);

export function line(p: Vec2, q: Vec2, cls: string): SVGTemplateResult {
  return svg`<line class=${cls} x1=${r(p[0])} y1=${r(-p[1])} x2=${r(q[0])} y2=${r(-q[1])}></line>`;
}

/** Grows a box (model frame) to hold the points given; non-finite points are skipped. */
export function grow(box: { min: Vec2; max: Vec2 }, points: readonly Vec2[]): void {
  for (const p of points) {
    if (!finite(p)) continue;
    box.min = [Math.min(box.min[0], p[0]), Math.min(box.min[1], p[1])];
    box.max = [Math.max(box.max[0], p[0]), Math.max(box.max[1], p[1])];
  }
}
