/**
 * The render worker's three.js without the methods its first stage never calls (issue 33,
 * scripts/worker-trims/methods.ts): the trimmed three.core.js and the later module are loaded here as
 * the worker loads them (the later module over the same three.core.js), and the build's check of the
 * lists is run on chunks that break them.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { trimThreeCore } from '../../scripts/worker-trims/core.ts';
import { laterModule } from '../../scripts/worker-trims/later-three.ts';
import {
  checkTrimmedMethods,
  DEAD_METHODS,
  findMethods,
  LATER_METHODS,
} from '../../scripts/worker-trims/methods.ts';

const fail = (why: string): never => {
  throw new Error(why);
};
const coreFile = createRequire(import.meta.url)
  .resolve('three')
  .replace(/three\.cjs$|three\.module\.js$/, 'three.core.js');
const raw = readFileSync(coreFile, 'utf8');

type Three = typeof import('three');
let dir: string;
let core: Three;
let later: Three;

describe("the render worker's three.js without the methods its first stage does not call", () => {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'worker-methods-'));
    const trimmed = trimThreeCore(raw, fail);
    writeFileSync(join(dir, 'three.core.js'), trimmed);
    writeFileSync(
      join(dir, 'later.js'),
      laterModule(trimmed, './three.core.js', fail, trimThreeCore(raw, fail, 'keep-later')),
    );
    core = (await import(pathToFileURL(join(dir, 'three.core.js')).href)) as Three;
    // the first stage as it is before a later stage loads: read before the later module is imported
    assert.equal(Object.hasOwn(core.Mesh.prototype, 'raycast'), false, 'Mesh.raycast in the first stage');
    later = (await import(pathToFileURL(join(dir, 'later.js')).href)) as Three;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('three.js has every listed method, and the trimmed text none of them', () => {
    assert.doesNotThrow(() => findMethods(raw, { ...DEAD_METHODS }, fail));
    assert.doesNotThrow(() => findMethods(raw, { ...LATER_METHODS }, fail));
    const trimmed = trimThreeCore(raw, fail);
    for (const [className, methods] of Object.entries({ ...DEAD_METHODS, ...LATER_METHODS }))
      for (const method of methods)
        assert.throws(
          () => findMethods(trimmed, { [className]: [method] }, fail),
          new RegExp(`has no method ${method}`),
          `${className}.${method} is still in the trimmed three.core.js`,
        );
    // the file keeps its lines (the worker's source map points into three's)
    assert.equal(trimmed.split('\n').length, raw.split('\n').length);
  });

  it('the dead methods are gone from the classes the first frame uses', () => {
    assert.equal((core.Vector3.prototype as unknown as Record<string, unknown>).clampScalar, undefined);
    assert.equal((core.InstancedMesh.prototype as unknown as Record<string, unknown>).setColorAt, undefined);
    assert.equal(
      (core.BufferGeometry.prototype as unknown as Record<string, unknown>).computeVertexNormals,
      undefined,
    );
    // what is kept works as three's
    assert.deepEqual(
      new core.Vector3(1, 2, 3).applyMatrix4(new core.Matrix4().makeTranslation(1, 1, 1)).toArray(),
      [2, 3, 4],
    );
  });

  it('the later module puts the later methods back, and picking works as with three.js', async () => {
    const three = await import('three');
    for (const [className, methods] of Object.entries(LATER_METHODS))
      for (const method of methods) {
        const prototype = (core as unknown as Record<string, { prototype: object }>)[className]!.prototype;
        assert.ok(Object.hasOwn(prototype, method), `${className}.${method} put back`);
        assert.equal(
          Object.getOwnPropertyDescriptor(prototype, method)!.enumerable,
          false,
          `${className}.${method} not enumerable, as a class's method`,
        );
      }
    const hits = (t: Three, Raycaster: Three['Raycaster']) => {
      const box = new t.Mesh(new t.BoxGeometry(1, 1, 1), new t.MeshBasicMaterial());
      box.position.set(0, 0, -5);
      box.updateMatrixWorld();
      const boxes = new t.InstancedMesh(new t.BoxGeometry(1, 1, 1), new t.MeshBasicMaterial(), 2);
      boxes.setMatrixAt(1, new t.Matrix4().makeTranslation(0, 0, -8));
      boxes.updateMatrixWorld();
      const ray = new Raycaster(new t.Vector3(0, 0.1, 0), new t.Vector3(0, 0, -1));
      return ray
        .intersectObjects([box, boxes], false)
        .map((h) => [h.distance, h.faceIndex, h.instanceId, h.point.toArray(), h.uv?.toArray()]);
    };
    const expected = hits(three, three.Raycaster);
    // the box, and the second instance (the ray starts inside the first, which faces away from it)
    assert.equal(expected.length, 2);
    assert.deepEqual(hits(core, later.Raycaster), expected);
    // the hotspots' projection, put back on Vector3
    const camera = new core.PerspectiveCamera(50, 1, 0.1, 100);
    camera.updateMatrixWorld();
    const p = new core.Vector3(1, 2, -10).project(camera).toArray();
    const q = new three.Vector3(1, 2, -10).project(new three.PerspectiveCamera(50, 1, 0.1, 100)).toArray();
    assert.deepEqual(p, q);
  });

  it("the build's check refuses a chunk that calls a method its three.js does not carry", () => {
    const chunk = (fileName: string, code: string, imports: string[] = []) => ({ fileName, code, imports });
    const first = new Set(['render-worker.js', 'three.core.js']);
    const check = (chunks: ReturnType<typeof chunk>[]) =>
      checkTrimmedMethods(chunks, 'later.js', first, fail);
    // a definition is not a call
    assert.doesNotThrow(() => check([chunk('three.core.js', 'class X{clampScalar(e){}raycast(){}}')]));
    assert.throws(() => check([chunk('features.js', 'e.clampScalar(0,1)', ['later.js'])]), /clampScalar/);
    assert.throws(() => check([chunk('render-worker.js', 'n.raycast(e,t)')]), /raycast.*later module/);
    // a later stage without the later module imported first would call a method not put back yet
    assert.throws(() => check([chunk('features.js', 'new t().project(c)', ['three.core.js'])]), /project/);
    assert.doesNotThrow(() =>
      check([chunk('features.js', 'new t().project(c)', ['three.core.js', 'later.js'])]),
    );
  });
});
