/**
 * The emulator's product meshes (server/emulator/room-styling/meshes/) and its showcase room, over real
 * HTTP: every product any of its rooms lists (the showcase room's and the generated rooms') has a GLB
 * under the path its `model` names, valid by the Khronos glTF validator (0 errors), as
 * `model/gltf-binary`; the same product gives the same bytes; the mesh fills the product's box; doors,
 * windows and unknown products answer 404. The showcase room is served on a plain clone.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked member by member by the asserts */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import validator from 'gltf-validator';
import { useDemoServer } from './helpers/server.ts';
import { readModel } from '../../src/model/index.ts';
import { SHOWCASE_ROOM_ID } from '../../server/emulator/room-styling/showcase.ts';
import { SHOWCASE_PRODUCTS } from '../../server/emulator/room-styling/showcase-products.ts';
import { productsWithMeshes } from '../../server/emulator/room-styling/meshes/products.ts';

/** The GLB a component's `model` path names: `models/ab/<id>_00.mi` under `/models/ab/<id>_00.glb`. */
const glbPath = (model: string) => `/room-styling/${model.replace(/\.\w+$/, '.glb')}`;

/** The JSON chunk of a GLB (its header, then the first chunk: length, type "JSON", text). */
function glbJson(bytes: Uint8Array): any {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  assert.equal(view.getUint32(0, true), 0x46546c67, 'magic "glTF"');
  assert.equal(view.getUint32(4, true), 2, 'version 2');
  assert.equal(view.getUint32(8, true), bytes.byteLength, 'length in the header');
  const length = view.getUint32(12, true);
  assert.equal(view.getUint32(16, true), 0x4e4f534a, 'JSON chunk');
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
}

async function validate(bytes: Uint8Array, what: string): Promise<void> {
  const report = await validator.validateBytes(bytes, { maxIssues: 20 });
  assert.equal(
    report.issues.numErrors,
    0,
    `${what}: ${JSON.stringify(report.issues.messages.filter((m) => m.severity === 0))}`,
  );
}

describe('emulator: product meshes (GLB) and the showcase room', () => {
  const running = useDemoServer({ rooms: 120, realdataDir: null });

  const get = (path: string) => fetch(`${running.url}${path}`);

  it('serves the showcase room on a plain clone: walls, doors, windows, 25 pieces with categories and products', async () => {
    const response = await get(`/room-styling/rooms/${SHOWCASE_ROOM_ID}`);
    assert.equal(response.status, 200);
    const room: any = await response.json();
    assert.equal(room.id, SHOWCASE_ROOM_ID);
    assert.match(room.name, /showcase/);
    const { model, problems, drawable } = readModel(room);
    assert.equal(drawable, true);
    // the reader's coordinate bound (±10 km in cm) also notes every room id over 1 000 000, generated rooms'
    // too: that note is the reader's, not the room's
    assert.deepEqual(
      problems.filter((p) => p.path !== 'model.room_id'),
      [],
    );
    assert.equal(model.walls.length, 4);
    const furniture = model.components.filter((c) => c.kind === 'furniture');
    assert.equal(furniture.length, 25);
    assert.equal(model.components.filter((c) => c.kind === 'door').length, 1);
    assert.equal(model.components.filter((c) => c.kind === 'window').length, 4);
    const known = new Set(SHOWCASE_PRODUCTS.map((p) => p.componentId));
    for (const piece of furniture) {
      assert.ok(piece.category, `${piece.id} has a category`);
      assert.ok(known.has(piece.componentId!), `${piece.id}'s product is in the catalogue`);
      assert.match(piece.modelPath!, /^models\/[0-9a-f]{2}\/[0-9a-f]{40}_00\.mi$/);
    }
    // every product of the catalogue is in the room
    assert.deepEqual(new Set(furniture.map((c) => c.componentId)), known);
    // not in the lists: the generated data set is as it was
    const list: any = await (await get('/room-styling/rooms?limit=50')).json();
    assert.ok(!list.rooms.some((r: any) => r.id === SHOWCASE_ROOM_ID));
    // its picture is drawn from its model
    const thumbnail = await get(`/room-styling/images/rooms/${SHOWCASE_ROOM_ID}/thumbnail.png`);
    assert.equal(thumbnail.status, 200);
  });

  it('serves a valid GLB (Khronos validator: 0 errors) for every product the showcase and generated rooms list', async () => {
    const paths = new Map<string, string>();
    const showcase: any = await (await get(`/room-styling/rooms/${SHOWCASE_ROOM_ID}`)).json();
    const rooms: any = await (await get('/room-styling/rooms?limit=50')).json();
    const models = [showcase.model];
    for (const entry of rooms.rooms.slice(0, 30)) {
      const room: any = await (await get(`/room-styling/rooms/${entry.id}`)).json();
      if (room.model) models.push(room.model);
    }
    for (const model of models) {
      for (const c of model.components) {
        if (c.type === 'Component') paths.set(c.component_id, c.model);
      }
    }
    // the generated rooms list most of the catalogue; every product with a mesh is checked below anyway
    assert.ok(paths.size >= 30, `products listed: ${paths.size}`);
    for (const [componentId, model] of paths) {
      const response = await get(glbPath(model));
      assert.equal(response.status, 200, `${model}`);
      assert.equal(response.headers.get('content-type'), 'model/gltf-binary');
      assert.equal(response.headers.get('access-control-allow-origin'), '*');
      const bytes = new Uint8Array(await response.arrayBuffer());
      assert.equal(Number(response.headers.get('content-length')), bytes.byteLength);
      await validate(bytes, componentId);
    }
    // and the products no room of this data set happens to list
    for (const componentId of productsWithMeshes()) {
      if (paths.has(componentId)) continue;
      const bytes = new Uint8Array(
        await (
          await get(`/room-styling/models/${componentId.slice(0, 2)}/${componentId}_00.glb`)
        ).arrayBuffer(),
      );
      await validate(bytes, componentId);
    }
  });

  it('makes each mesh fill its product box, with PBR materials, the same bytes every time', async () => {
    for (const product of SHOWCASE_PRODUCTS) {
      const path = `/room-styling/models/${product.componentId.slice(0, 2)}/${product.componentId}_00.glb`;
      const first = new Uint8Array(await (await get(path)).arrayBuffer());
      const json = glbJson(first);
      assert.equal(json.asset.version, '2.0');
      assert.ok(json.materials.length >= 1);
      for (const material of json.materials) assert.ok(material.pbrMetallicRoughness, material.name);
      // POSITION bounds of all primitives: the box, metres, y up, centred on x and z, from the floor
      const min = [Infinity, Infinity, Infinity];
      const max = [-Infinity, -Infinity, -Infinity];
      for (const primitive of json.meshes[0].primitives) {
        const accessor = json.accessors[primitive.attributes.POSITION];
        for (let i = 0; i < 3; i++) {
          min[i] = Math.min(min[i]!, accessor.min[i]);
          max[i] = Math.max(max[i]!, accessor.max[i]);
        }
      }
      const [w, d, h] = product.mesh.size.map((cm) => cm / 100);
      const close = (a: number, b: number) => Math.abs(a - b) < 1e-3;
      assert.ok(
        close(max[0]! - min[0]!, w!) && close(max[1]! - min[1]!, h!) && close(max[2]! - min[2]!, d!),
        `${product.name}: ${min} ${max}`,
      );
      assert.ok(
        close(min[1]!, 0) && close(min[0]! + max[0]!, 0) && close(min[2]! + max[2]!, 0),
        product.name,
      );
      // made again by a fresh emulator (nothing random, no dates): byte for byte the same
      const other = await import('../../server/emulator/room-styling/meshes/glb.ts');
      const again = await other.productGlb(product.mesh, product.componentId);
      assert.deepEqual(Buffer.from(again), Buffer.from(first), product.name);
    }
  });

  it('answers 404 for doors, windows, unknown products and malformed paths', async () => {
    const showcase: any = await (await get(`/room-styling/rooms/${SHOWCASE_ROOM_ID}`)).json();
    const door = showcase.model.components.find((c: any) => c.category === 'Door');
    const id = SHOWCASE_PRODUCTS[0]!.componentId;
    for (const path of [
      `/room-styling/models/${door.component_id.slice(0, 2)}/${door.component_id}_00.glb`,
      `/room-styling/models/00/${'0'.repeat(40)}_00.glb`,
      `/room-styling/models/zz/${id}_00.glb`,
      `/room-styling/models/${id.slice(0, 2)}/${id}_00.mi`,
      `/room-styling/models/${id.slice(0, 2)}/${id}.glb`,
      `/room-styling/models/${id.slice(0, 2)}/..%2F${id}_00.glb`,
    ]) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.deepEqual(await response.json(), { error: 'Model not found' });
    }
  });
});
