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
