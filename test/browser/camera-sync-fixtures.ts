/**
 * Shared by room-viewer-camera.test.ts and room-plan-sync.test.ts: a room of two areas side by side
 * (west and east, 400 × 300 cm each, a wall between them) with furniture in both, and reading a
 * viewer's camera.
 */
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { cameraFeedOf, worldToModel } from '../../src/features/motion/camera-feed.ts';
import { pointInRing } from '../../src/model/index.ts';
import type { Vec2, Vec3 } from '../../src/model/types.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

export const WEST: Vec2[] = [
  [0, 0],
  [400, 0],
  [400, 300],
  [0, 300],
];
export const EAST: Vec2[] = [
  [400, 0],
  [800, 0],
  [800, 300],
  [400, 300],
];

/** Two rooms, `west` and `east`, with four pieces of furniture (model-0 … model-3) spread over both. */
export function twoRooms(): Record<string, unknown> {
  const model = boxRoom({ width: 800, depth: 300, components: 4, kinds: 2 });
  const plan = model.plan as {
    points: Vec2[];
    walls: Record<string, unknown>;
    areas: Record<string, unknown>;
  };
  plan.points.push([400, 0], [400, 300]);
  plan.walls.wall4 = { indices: [4, 5], thickness: 10, material: 'wall' };
  const surface = { floor_material: 'floor', ceiling_material: 'ceiling' };
  plan.areas = { west: { indices: [0, 4, 5, 3], ...surface }, east: { indices: [4, 1, 2, 5], ...surface } };
  return model;
}

/** The viewer's camera in model space (cm, z up), as its last frame drew it (on either thread). */
export function cameraOf(viewer: RoomViewer): { position: Vec3; target: Vec3 } {
  const pose = cameraFeedOf(viewer)?.pose;
  if (!pose) throw new Error('the viewer has drawn no frame');
  return { position: worldToModel(pose.position), target: worldToModel(pose.target) };
}

/** Whether the viewer looks at a point inside `ring` (model x, y). */
export function looksInto(viewer: RoomViewer, ring: Vec2[]): boolean {
  const { target } = cameraOf(viewer);
  return pointInRing([target[0], target[1]], ring);
}

/** Largest coordinate difference between two points. */
export function distance(a: readonly number[], b: readonly number[]): number {
  return Math.max(...a.map((v, i) => Math.abs(v - b[i]!)));
}

/** A user's drag across `element` with the mouse (real input events), `dx` CSS pixels to the right. */
export async function dragAcross(element: Element, dx: number, steps = 6): Promise<void> {
  element.scrollIntoView({ block: 'center' });
  const rect = element.getBoundingClientRect();
  const x = Math.round(rect.left + rect.width / 2 - dx / 2);
  const y = Math.round(rect.top + rect.height / 2);
  await sendMouse({ type: 'move', position: [x, y] });
  await sendMouse({ type: 'down' });
  for (let i = 1; i <= steps; i++)
    await sendMouse({ type: 'move', position: [Math.round(x + (dx * i) / steps), y] });
  await sendMouse({ type: 'up' });
  await resetMouse();
}
