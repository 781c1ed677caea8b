/**
 * The v2 route table's order is a contract (server/emulator/planning/routes/v2-routes.ts): Hono answers
 * with the first row that matches, so a fixed path must come before the pattern that would also take
 * it. Checked two ways: every `before` the table declares holds, and each row is the first match, in
 * Hono's own routing, for a path of its own; and over HTTP for the paths that depend on it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { V2_ROUTES, type V2Route } from '../../server/emulator/planning/routes/v2-routes.ts';
import { useDemoServer } from './helpers/server.ts';

/** A concrete path for a row: numeric segments become 7, `:file` becomes 7.json, others x. */
const samplePath = (path: string) =>
  path
    .replace(/:\w+\{\[0-9\]\+\}/g, '7')
    .replace(/:file\b/g, '7.json')
    .replace(/:\w+/g, 'x');

/** Rows that are not the first match for their own sample path, in Hono's routing of `routes`. */
async function shadowed(routes: readonly V2Route[]): Promise<string[]> {
  const app = new Hono();
  routes.forEach((r, index) => app.on([...r.methods], r.path, (c) => c.text(String(index))));
  const problems: string[] = [];
  for (const [index, r] of routes.entries()) {
    for (const method of r.methods) {
      const answer = await app.request(samplePath(r.path), { method });
      const winner = answer.status === 200 ? Number(await answer.text()) : -1;
      if (winner !== index)
        problems.push(
          `${method} ${samplePath(r.path)} goes to ${routes[winner]?.path ?? 'nothing'}, not ${r.path}`,
        );
    }
  }
  return problems;
}

/** Declared `before` constraints that the order breaks (or that name no row). */
function brokenBefore(routes: readonly V2Route[]): string[] {
  const problems: string[] = [];
  routes.forEach((r, index) => {
    if (!r.before) return;
    const later = routes.flatMap((other, at) =>
      other.path === r.before && other.methods.some((m) => r.methods.includes(m)) ? [at] : [],
    );
    if (!later.length) problems.push(`${r.path}: no row ${r.before} with its method`);
    for (const at of later) if (at < index) problems.push(`${r.path} comes after ${r.before}`);
  });
  return problems;
}

describe('planning v2 route table: the order is explicit and holds', () => {
  it('every declared `before` holds, and each row is the first match for a path of its own', async () => {
    assert.ok(V2_ROUTES.filter((r) => r.before).length >= 6, 'the table declares its order');
    assert.deepEqual(brokenBefore(V2_ROUTES), []);
    assert.deepEqual(await shadowed(V2_ROUTES), []);
  });

  it('the checks catch a fixed path moved after its pattern', async () => {
    const search = V2_ROUTES.findIndex((r) => r.path === '/projects/search.json');
    const pattern = V2_ROUTES.findIndex((r) => r.path === '/projects/:file' && r.methods.includes('GET'));
    assert.ok(search >= 0 && pattern > search);
    const swapped = [...V2_ROUTES];
    [swapped[search], swapped[pattern]] = [swapped[pattern]!, swapped[search]!];
    assert.deepEqual(brokenBefore(swapped), ['/projects/search.json comes after /projects/:file']);
    assert.deepEqual(await shadowed(swapped), [
      'GET /projects/search.json goes to /projects/:file, not /projects/search.json',
    ]);
  });

  describe('over HTTP', () => {
    const running = useDemoServer({ rooms: 5, realdataDir: null });
    const get = async (path: string) => {
      const answer = await fetch(`${running.url}/planning/api/v2${path}`, {
        headers: { Authorization: 'Basic ' + btoa('demo-key:x') },
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };

    it('the fixed paths answer as themselves, not as an id of the pattern beside them', async () => {
      const search = await get('/projects/search.json');
      assert.equal(search.status, 200);
      assert.ok(Array.isArray(search.body.results), 'a search answer');
      const users = await get('/users/search.json');
      assert.equal(users.status, 200);
      assert.ok(Array.isArray(users.body.results));
      const profile = await get('/users/profile.json');
      assert.equal(profile.status, 200);
      assert.equal(typeof profile.body.email, 'string');
      const defaults = await get('/room_type_sets/defaults.json');
      assert.equal(defaults.status, 200);
      assert.ok(Array.isArray(defaults.body));
    });
  });
});
