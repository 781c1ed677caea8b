/**
 * The `surface` change's one check, shared by `<room-viewer>` and `<room-plan>`
 * (src/features/changes/surface-change.ts): a real ChangeLog with the shared validator refuses what each
 * element refused with its own copy before (not ready, unknown surface, bad value), with the same reasons,
 * and `surfaceAfter` keeps the checked value so a saved list replays the same.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChangeLog, type ChangeFailure, type RoomChange } from '../../src/features/changes/change-log.ts';
import { findSurface, surfaceAfter, surfaceValidator } from '../../src/features/changes/surface-change.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import type { PlanGeometry } from '../../src/model/types.ts';
import { boxPlan } from '../shared/fixtures.ts';

/** A stand-in for the page's CSS engine (Node has none): `red` and #rrggbb. */
const colours = (value: string): [number, number, number] | undefined =>
  value === 'red'
    ? [255, 0, 0]
    : /^#[0-9a-f]{6}$/i.test(value)
      ? ([1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)) as [number, number, number])
      : undefined;

function plan(): PlanGeometry {
  return planGeometry(readModel({ plan: boxPlan(400, 300, { wall: 'white', floor: 'oak' }) }).model);
}

/** A log whose surface applier checks with the shared validator over a plan that may not be there yet. */
function logOver(shown: { plan?: PlanGeometry }) {
  const applied: [string, unknown][] = [];
  const refusals: ChangeFailure[] = [];
  const changes: RoomChange[] = [];
  const log = new ChangeLog({ refused: (f) => refusals.push(f), changed: (c) => changes.push(c) });
  log.register('surface', {
    validate: surfaceValidator(() => shown.plan, 'no room is drawn yet', colours),
    current: () => null,
    apply: (target, value) => void applied.push([target, value]),
  });
  return { log, applied, refusals, changes };
}

describe('the surface change check both elements share', () => {
  it('refuses before a room is shown with not-ready and the element’s own sentence', async () => {
    const shown: { plan?: PlanGeometry } = {};
    const { log, applied, refusals } = logOver(shown);
    assert.equal(
      await log.make({ kind: 'surface', target: 'wall:wall0:left', after: { color: 'red' } }),
      false,
    );
    assert.deepEqual(
      refusals.map((r) => [r.reason, r.message]),
      [['not-ready', 'no room is drawn yet']],
    );
    assert.equal(applied.length, 0);
    // the same log takes the change once the room is there
    shown.plan = plan();
    assert.equal(
      await log.make({
        kind: 'surface',
        target: 'wall:wall0:left',
        after: surfaceAfter({ color: 'red' }, colours),
      }),
      true,
    );
    assert.deepEqual(applied, [['wall:wall0:left', { color: '#ff0000' }]]);
  });

  it('refuses an unknown surface and a bad value with their reasons, the room untouched', async () => {
    const { log, applied, refusals } = logOver({ plan: plan() });
    const cases: [string, unknown, string][] = [
      ['wall:nope:left', { color: 'red' }, 'unknown-target'],
      ['area:area0:roof', { color: 'red' }, 'unknown-target'],
      ['wall:wall0:left', { color: 'reddish' }, 'bad-value'],
      ['wall:wall0:left', { texture: 'javascript:alert(1)' }, 'bad-value'],
      ['area:area0:floor', 'red', 'bad-value'],
    ];
    for (const [target, paint, reason] of cases) {
      assert.equal(await log.make({ kind: 'surface', target, after: surfaceAfter(paint, colours) }), false);
      assert.equal(refusals.at(-1)?.reason, reason, `${target} ${JSON.stringify(paint)}`);
    }
    assert.match(refusals[0]!.message, /no surface "wall:nope:left" in this room/);
    assert.match(refusals[2]!.message, /"reddish" is not a CSS colour/);
    assert.equal(applied.length, 0);
  });

  it('keeps the checked value as the change’s after, and passes on what it cannot read', () => {
    assert.deepEqual(surfaceAfter({ color: '#AABBCC' }, colours), { color: '#aabbcc' });
    assert.deepEqual(surfaceAfter({ texture: 'https://cdn.example/oak.jpg', rotation: -90 }, colours), {
      texture: 'https://cdn.example/oak.jpg',
      tileSize: 100,
      rotation: 270,
    });
    assert.equal(surfaceAfter(null, colours), null);
    const bad = { color: 'reddish' };
    assert.equal(surfaceAfter(bad, colours), bad);
  });

  it('finds a surface of the plan, or nothing', () => {
    const p = plan();
    assert.deepEqual(findSurface(p, 'area:area0:floor'), { kind: 'area', id: 'area0', face: 'floor' });
    assert.equal(findSurface(p, 'wall:nope:left'), undefined);
    assert.equal(findSurface(p, 'floor'), undefined);
  });
});
