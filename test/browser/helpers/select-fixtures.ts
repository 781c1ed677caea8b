/** Shared by the selection tests of <room-viewer> and <room-plan> (room-*-select.test.ts). */
import type { ModelLoadDetail } from '../../../src/events/index.ts';
import type { RoomModel } from '../../../src/model/types.ts';
import { fmlWall } from '../../shared/fml-documents.ts';
import { fixtureContainer, viewerPartsIn, waitForEvent } from './wait.ts';

/** What a viewer or plan is given to show: a room model or an FML document. */
export interface Shown {
  model?: object;
  fml?: unknown;
}

/** Puts `el` showing `source` in the page; resolves at its model-load with the model it shows. */
export async function mountShowing<
  T extends HTMLElement & { model?: unknown; fml?: unknown; updateComplete: Promise<boolean> },
>(el: T, source: Shown): Promise<{ el: T; model: RoomModel }> {
  if (source.model) Object.assign(el, { model: source.model });
  if (source.fml) Object.assign(el, { fml: source.fml });
  const loaded = waitForEvent<ModelLoadDetail>(el, 'model-load', 30000);
  fixtureContainer().append(el);
  const { model } = (await loaded).detail;
  await el.updateComplete;
  await viewerPartsIn(el);
  return { el, model };
}

/** The pieces a visitor can pick (furniture, FML items). */
export const furniture = (model: RoomModel) => model.components.filter((c) => c.kind === 'furniture');

/** A small FML plan: one 400 × 300 room, four items (two of one product). */
export function smallFml() {
  const square = [
    { x: 0, y: 0 },
    { x: 400, y: 0 },
    { x: 400, y: 300 },
    { x: 0, y: 300 },
  ];
  const item = (guid: string, refid: string, x: number, y: number, width: number, rotation = 0) => ({
    guid,
    refid,
    x,
    y,
    z: 0,
    width,
    height: 50,
    z_height: 80,
    rotation,
  });
  return {
    floors: [
      {
        name: 'ground',
        designs: [
          {
            walls: square.map((p, i) => fmlWall(p, square[(i + 1) % 4]!)),
            areas: [{ poly: square, customName: 'Living', showAreaLabel: true }],
            items: [
              item('sofa', 'product-sofa', 100, 80, 160),
              item('chair-a', 'product-chair', 280, 100, 50, 30),
              item('chair-b', 'product-chair', 300, 220, 50, 90),
              item('table', 'product-table', 140, 210, 120),
            ],
          },
        ],
      },
    ],
  };
}
