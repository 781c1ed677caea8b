/** The planning emulator's memory: export files are kept for the newest exports only; reset restores the seed. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { planningConfigFromEnv } from '../../server/emulator/planning/domain/config.ts';
import type { ExportRecord } from '../../server/emulator/planning/domain/records.ts';
import { FILES_KEPT_FOR, PlanningState } from '../../server/emulator/planning/domain/state.ts';

const record = (id: number) => ({ id, user_id: 1001, project_id: 1 }) as ExportRecord;
const file = (name: string) =>
  new Map([[name, { bytes: new Uint8Array(10), contentType: 'image/png', name }]]);

describe('PlanningState', () => {
  it('keeps the files of the newest exports and drops older ones (the records stay)', () => {
    const state = new PlanningState(planningConfigFromEnv({}), 1, null);
    for (let i = 1; i <= FILES_KEPT_FOR + 5; i++) state.addExport(record(i), file(`t${i}/f.png`));
    assert.equal(state.exports.length, FILES_KEPT_FOR + 5);
    assert.equal(state.files.size, FILES_KEPT_FOR);
    assert.equal(state.files.has('t5/f.png'), false);
    assert.equal(state.files.has('t6/f.png'), true);
    assert.equal(state.files.has(`t${FILES_KEPT_FOR + 5}/f.png`), true);
  });

  it('reset brings back the seeded projects and forgets exports and tokens', () => {
    const state = new PlanningState(planningConfigFromEnv({}), 7, null);
    const seeded = [...state.projects.keys()];
    state.projects.delete(seeded[0]!);
    state.addExport(record(1), file('a/b.png'));
    state.tokens.set('x', {
      token: 'x',
      kind: 'oauth',
      userId: 1001,
      scope: 'public',
      createdAt: 0,
      expiresAt: Infinity,
      revoked: false,
    });
    state.reset();
    assert.deepEqual([...state.projects.keys()], seeded);
    assert.equal(state.exports.length + state.files.size + state.tokens.size, 0);
  });
});
