/** The partner's default session store: values are copies, expire on time, and the store stays bounded. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryStore } from '../../server/partner/store.ts';

describe('MemoryStore', () => {
  it('returns copies, forgets deleted and expired entries', async () => {
    const store = new MemoryStore();
    const value = { exports: [1] };
    await store.set('a', value, 60);
    const read = await store.get<{ exports: number[] }>('a');
    assert.deepEqual(read, { exports: [1] });
    read!.exports.push(2);
    assert.deepEqual(
      await store.get('a'),
      { exports: [1] },
      'a caller cannot change what is stored by accident',
    );
    await store.delete('a');
    assert.equal(await store.get('a'), undefined);
    await store.set('short', 1, 0.05);
    assert.equal(await store.get('short'), 1);
    await new Promise((r) => setTimeout(r, 70));
    assert.equal(await store.get('short'), undefined);
  });

  it('drops the oldest entries beyond its bound', async () => {
    const store = new MemoryStore(3);
    for (const key of ['a', 'b', 'c', 'd']) await store.set(key, key, 60);
    assert.equal(store.size, 3);
    assert.equal(await store.get('a'), undefined);
    assert.equal(await store.get('d'), 'd');
  });
});

describe('MemoryStore under a flood', () => {
  it('keeps each kind in its own lane: states cannot push sessions out', async () => {
    const store = new MemoryStore({ session: 10, state: 5 });
    await store.set('session:me', { id: 'me' }, 3600);
    for (let i = 0; i < 1000; i++) await store.set(`state:${i}`, { binding: 'x' }, 600);
    assert.equal(store.sizeOf('state'), 5);
    assert.deepEqual(await store.get('session:me'), { id: 'me' });
    assert.equal(await store.get('state:0'), undefined, 'the oldest states went');
    assert.deepEqual(await store.get('state:999'), { binding: 'x' });
  });

  it('evicts expired entries before live ones, and a write keeps an entry at the back', async () => {
    const store = new MemoryStore({ session: 3 });
    await store.set('session:old', 1, 0.01);
    await store.set('session:a', 2, 60);
    await store.set('session:b', 3, 60);
    await new Promise((r) => setTimeout(r, 20));
    await store.set('session:a', 4, 60); // saved again: now the newest
    await store.set('session:c', 5, 60);
    assert.equal(await store.get('session:old'), undefined, 'the expired one went first');
    assert.equal(await store.get('session:a'), 4);
    assert.equal(await store.get('session:b'), 3);
    assert.equal(await store.get('session:c'), 5);
    await store.set('session:d', 6, 60);
    assert.equal(await store.get('session:b'), undefined, 'then the one written longest ago');
    assert.equal(await store.get('session:a'), 4);
  });

  it('a write into a full store costs the same as into an empty one (no scan)', async () => {
    const timeOf = async (store: MemoryStore, prefix: string, count: number) => {
      const started = performance.now();
      for (let i = 0; i < count; i++) await store.set(`${prefix}:${i}`, { i }, 600);
      return performance.now() - started;
    };
    const empty = await timeOf(new MemoryStore(), 'session', 20_000);
    const full = new MemoryStore({ session: 50_000 });
    await timeOf(full, 'session', 50_000);
    const whenFull = await timeOf(full, 'session', 20_000);
    assert.equal(full.sizeOf('session'), 50_000);
    // a scan of 50 000 entries per write would make this hundreds of times slower
    assert.ok(whenFull < empty * 5 + 200, `full ${whenFull.toFixed(0)} ms, empty ${empty.toFixed(0)} ms`);
  });

  it('add() stores only the first time; publish reaches subscribers until they leave', async () => {
    const store = new MemoryStore();
    assert.equal(await store.add('seen:x', 1, 60), true);
    assert.equal(await store.add('seen:x', 1, 60), false);
    const heard: string[] = [];
    const leave = await store.subscribe('export-ready', (m) => heard.push(m));
    await store.publish('export-ready', '5001');
    await new Promise((r) => setTimeout(r, 0));
    await leave();
    await store.publish('export-ready', '5002');
    await new Promise((r) => setTimeout(r, 0));
    assert.deepEqual(heard, ['5001']);
  });
});
