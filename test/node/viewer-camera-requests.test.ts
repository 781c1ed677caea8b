import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  attributeRequest,
  cameraAttributes,
  flyRequest,
} from '../../src/elements/room-viewer/features/camera-moves.ts';
import { modelToWorld, worldToModel } from '../../src/features/motion/camera-feed.ts';
import type { PlanGeometry, RoomModel } from '../../src/model/types.ts';

// what the element asks of the drawing: pure, the same on either thread
const room = {
  model: { components: [{ id: 'model-1' }] } as unknown as RoomModel,
  plan: { areas: [{ name: 'a1', label: 'Kitchen' }] } as unknown as PlanGeometry,
};

describe('<room-viewer> camera requests', () => {
  it('names an area (by name or label), a component, an orbit or a model-space view', () => {
    assert.deepEqual(flyRequest(room, 'a1'), { area: 'a1' });
    assert.deepEqual(flyRequest(room, 'Kitchen'), { area: 'a1' });
    assert.deepEqual(flyRequest(room, 'model-1'), { component: 'model-1' });
    const orbit = flyRequest(room, '90deg 45deg 3m') as { orbit: { theta: number; radius: number } };
    assert.ok(Math.abs(orbit.orbit.theta - Math.PI / 2) < 1e-9);
    assert.equal(orbit.orbit.radius, 3);
    assert.deepEqual(flyRequest(room, { position: [0, 0, 100], target: [1, 2, 3] }), {
      model: { position: [0, 0, 100], target: [1, 2, 3] },
    });
  });

  it('refuses what names nothing, and a view that is not one', () => {
    assert.throws(() => flyRequest(room, 'nowhere'), RangeError);
    assert.throws(() => flyRequest(room, { position: [0, 0] as never, target: [0, 0, 0] }), TypeError);
  });

  it('reads the attributes into one request, and nothing from what cannot be read', () => {
    assert.equal(attributeRequest('sideways', undefined), undefined);
    const both = attributeRequest('auto auto 2m', '1m auto auto');
    assert.deepEqual(both, {
      orbit: { theta: 'auto', phi: 'auto', radius: 2 },
      target: [1, 'auto', 'auto'],
    });
  });

  it('writes a pose back in the attributes, and model and world space convert both ways', () => {
    const pose = {
      position: [0, 1, 2] as [number, number, number],
      target: [0, 1, 0] as [number, number, number],
      fov: 60,
      aspect: 1,
    };
    assert.deepEqual(cameraAttributes(pose), { orbit: '0deg 90deg 2m', target: '0m 1m 0m' });
    const model: [number, number, number] = [120, -340, 56];
    const back = worldToModel(modelToWorld(model));
    back.forEach((v, i) => assert.ok(Math.abs(v - model[i]!) < 1e-9));
  });
});
