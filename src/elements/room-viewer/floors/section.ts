/**
 * The section cut of `<room-viewer section-height>`: walls no higher than the cut (a plan seen from
 * above with the rooms open), and doors and windows cut with them (an opening wholly above the cut
 * is left out). A copy of the model: the one given is not changed.
 */
import type { ModelComponent, RoomModel } from '../../../model/types.js';

function cutOpening(c: ModelComponent, cut: number): ModelComponent | undefined {
  if (c.kind === 'furniture' || !c.aperture || !c.boundingBox) return c;
  const sill = c.position[2] - c.aperture.height / 2;
  const height = Math.min(c.aperture.height, cut - sill);
  if (!(height > 0)) return undefined;
  if (height === c.aperture.height) return c;
  const [[x0, , z0], [x1, , z1]] = c.boundingBox;
  return {
    ...c,
    position: [c.position[0], c.position[1], sill + height / 2],
    aperture: { ...c.aperture, height },
    // openings stand in the wall turned 270° about x: their box's y is the height
    boundingBox: [
      [x0, -height / 2, z0],
      [x1, height / 2, z1],
    ],
  };
}

export function sectionModel(model: RoomModel, height: number | undefined): RoomModel {
  if (height === undefined || height === null || !Number.isFinite(height) || height <= 0) return model;
  const cut = height;
  return {
    ...model,
    height: Math.min(model.height, cut),
    walls: model.walls.map((w) => ({ ...w, height: Math.min(w.height ?? model.height, cut) })),
    components: model.components.flatMap((c) => cutOpening(c, cut) ?? []),
  };
}
