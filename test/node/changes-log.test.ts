/**
 * The change log's pure parts (src/features/changes/change-log.ts): changes made, refused, undone,
 * redone and replayed against a real applier over a plain map (the log knows nothing else of a room).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ChangeLog,
  ChangeRefused,
  MAX_CHANGES,
  parseChangeList,
  type ChangeFailure,
  type RoomChange,
} from '../../src/features/changes/change-log.ts';

/** A "room" of named surfaces with a colour each (null: the model's own), and a log over it. */
function room(options: { slow?: boolean } = {}) {
  const surfaces = new Map<string, unknown>([
    ['wall:a:left', null],
    ['wall:a:right', null],
  ]);
  const changes: RoomChange[] = [];
  const refusals: ChangeFailure[] = [];
  const log = new ChangeLog({ changed: (c) => changes.push(c), refused: (f) => refusals.push(f) });
  log.register('surface', {
    current: (target) => surfaces.get(target),
    validate: (target, value) => {
      if (!surfaces.has(target)) return new ChangeRefused('unknown-target', `no surface ${target}`);
      if (value !== null && typeof (value as { color?: unknown }).color !== 'string') return 'not a colour';
      return undefined;
    },
    apply: async (target, value) => {
      if (options.slow) await new Promise((r) => setTimeout(r, 5));
      if ((value as { color?: string } | null)?.color === 'fail') throw new Error('texture 404');
      surfaces.set(target, value);
    },
  });
  return { surfaces, changes, refusals, log };
}

describe('change log', () => {
  it('makes a change, tells it with before and after, lists it as JSON', async () => {
    const { log, surfaces, changes } = room();
    const value = { color: '#ff0000' };
    assert.equal(await log.make({ kind: 'surface', target: 'wall:a:left', after: value }), true);
    value.color = 'mutated by the page';
    assert.deepEqual(surfaces.get('wall:a:left'), { color: '#ff0000' });
    assert.deepEqual(changes, [
      { kind: 'surface', target: 'wall:a:left', before: null, after: { color: '#ff0000' }, source: 'api' },
    ]);
    assert.deepEqual(JSON.parse(JSON.stringify(log.changes)), changes);
  });

  it('refuses bad input with a reason and touches nothing', async () => {
    const { log, surfaces, changes, refusals } = room();
    assert.equal(await log.make({ kind: 'surface', target: 'wall:zz:left', after: { color: 'red' } }), false);
    assert.equal(await log.make({ kind: 'surface', target: 'wall:a:left', after: { colour: 1 } }), false);
    assert.equal(await log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'fail' } }), false);
    assert.equal(await log.make({ kind: 'replace', target: 'sofa', after: {} }), false);
    assert.deepEqual(
      refusals.map((r) => r.reason),
      ['unknown-target', 'bad-value', 'load-failed', 'unknown-kind'],
    );
    assert.match(refusals[2]!.message, /texture 404/);
    assert.equal(surfaces.get('wall:a:left'), null);
    assert.deepEqual(changes, []);
    assert.deepEqual(log.changes, []);
  });

  it('undoes and redoes in order, a new change forgets the redo', async () => {
    const { log, surfaces, changes } = room();
    await log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'red' } });
    await log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'blue' } });
    assert.equal(await log.undo(), true);
    assert.deepEqual(surfaces.get('wall:a:left'), { color: 'red' });
    assert.equal(await log.undo(), true);
    assert.equal(surfaces.get('wall:a:left'), null);
    assert.equal(await log.undo(), false);
    assert.equal(await log.redo(), true);
    assert.deepEqual(surfaces.get('wall:a:left'), { color: 'red' });
    assert.deepEqual(
      changes.slice(2).map((c) => [c.source, c.before, c.after]),
      [
        ['undo', { color: 'blue' }, { color: 'red' }],
        ['undo', { color: 'red' }, null],
        ['redo', null, { color: 'red' }],
      ],
    );
    assert.equal(log.canRedo, true);
    await log.make({ kind: 'surface', target: 'wall:a:right', after: { color: 'green' } });
    assert.equal(log.canRedo, false);
    assert.equal(await log.redo(), false);
    assert.deepEqual(
      log.changes.map((c) => c.target),
      ['wall:a:left', 'wall:a:right'],
    );
  });

  it('runs operations in the order asked, even when applying takes time', async () => {
    const { log, surfaces } = room({ slow: true });
    const made = log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'red' } });
    const undone = log.undo();
    assert.deepEqual(await Promise.all([made, undone]), [true, true]);
    assert.equal(surfaces.get('wall:a:left'), null);
  });

  it('replays a saved list onto a fresh room: the same state, refused entries skipped and told', async () => {
    const first = room();
    await first.log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'red' } });
    await first.log.make({ kind: 'surface', target: 'wall:a:right', after: { color: 'blue' } });
    const saved = JSON.stringify(first.log.changes);

    const second = room();
    const list = parseChangeList(saved);
    list.splice(1, 0, { kind: 'surface', target: 'wall:nope:left', after: { color: 'red' } });
    assert.equal(await second.log.replay(list), 2);
    assert.deepEqual([...second.surfaces], [...first.surfaces]);
    assert.deepEqual(
      second.changes.map((c) => c.source),
      ['replay', 'replay'],
    );
    assert.equal(second.refusals[0]?.reason, 'unknown-target');
    // revertAll: the model's own again, newest first
    await second.log.revertAll();
    assert.deepEqual([...second.surfaces.values()], [null, null]);
    assert.deepEqual(second.log.changes, []);
  });

  it('clear() forgets everything, and drops operations queued before it', async () => {
    const { log, surfaces } = room({ slow: true });
    void log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'red' } });
    const queued = log.make({ kind: 'surface', target: 'wall:a:right', after: { color: 'red' } });
    log.clear();
    assert.equal(await queued, false);
    assert.equal(surfaces.get('wall:a:right'), null);
  });

  it('reads a saved list strictly: JSON text or an array of { kind, target, after }', () => {
    assert.deepEqual(parseChangeList(''), []);
    assert.deepEqual(parseChangeList(null), []);
    assert.deepEqual(
      parseChangeList('[{"kind":"surface","target":"area:1:floor","after":null,"before":7}]'),
      [{ kind: 'surface', target: 'area:1:floor', after: null }],
    );
    assert.throws(() => parseChangeList('{"kind":"surface"}'), TypeError);
    assert.throws(() => parseChangeList([{ kind: 'surface', target: 3, after: null }]), /changes\[0\]/);
    assert.throws(() => parseChangeList('not json'), SyntaxError);
    assert.throws(() =>
      parseChangeList(new Array(MAX_CHANGES + 1).fill({ kind: 'surface', target: 'x', after: 1 })),
    );
  });

  it('is bounded: the change past MAX_CHANGES is refused with limit', async () => {
    const { log, refusals } = room();
    for (let i = 0; i < MAX_CHANGES; i++) {
      await log.make({ kind: 'surface', target: 'wall:a:left', after: { color: `#${i}` } });
    }
    assert.equal(await log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'red' } }), false);
    assert.equal(refusals.at(-1)?.reason, 'limit');
    assert.equal(log.changes.length, MAX_CHANGES);
    // undo still works at the limit, and makes room
    assert.equal(await log.undo(), true);
    assert.equal(await log.make({ kind: 'surface', target: 'wall:a:left', after: { color: 'red' } }), true);
  });
});
