/**
 * Items (FML furniture, stairs, symbols) as outlined footprints, as the service's 2D export draws
 * them: the component's bounding box turned by its rotation, no fill detail. Bounded: at most
 * MAX_ITEMS are drawn (a hostile document with 100 000 items stays responsive).
 */
import { svg, nothing, type SVGTemplateResult } from 'lit';
import type { ModelStair, RoomModel, Vec2 } from '../../../model/types.js';
import { finite, pointsOf } from './svg.js';

export const MAX_ITEMS = 2_000;

export function itemFootprints(model: RoomModel): Vec2[][] {
  const out: Vec2[][] = [];
  for (const c of model.components) {
    if (out.length >= MAX_ITEMS) break;
    if (c.kind !== 'furniture' || !c.boundingBox) continue;
    const [[x0, y0], [x1, y1]] = c.boundingBox;
    const [px, py] = c.position;
    const turn = ((c.rotation?.[2] ?? 0) * Math.PI) / 180;
    const cos = Math.cos(turn);
    const sin = Math.sin(turn);
    const ring: Vec2[] = (
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ] as Vec2[]
    ).map(([x, y]) => [px + x * cos - y * sin, py + x * sin + y * cos]);
    if (ring.every(finite)) out.push(ring);
  }
  return out;
}

export function drawItems(
  footprints: readonly Vec2[][],
  stairs: readonly ModelStair[] = [],
): SVGTemplateResult {
  return svg`<g part="item" class="items">${footprints.map(
    (ring) => svg`<polygon points=${pointsOf(ring)}></polygon>`,
  )}${
    stairs.length
      ? stairs
          .slice(0, MAX_ITEMS)
          .filter((s) => s.polygon.length > 2 && s.polygon.every(finite))
          .map((s) => svg`<polygon class="stair" points=${pointsOf(s.polygon)}></polygon>`)
      : nothing
  }</g>`;
}
