/**
 * The models the emulator serves, checked against the conventions of the real sample
 * (room-6346838-the-lake.3dplanner.json): closed plans, walls and areas keyed by name, materials that
 * exist, doors and windows on their parent wall's centre line at half their height, a camera inside.
 * The same checks run on the real sample itself, so they describe the real conventions, not ours.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked member by member by the asserts */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer } from './helpers/server.ts';
import { loadRealRoom } from './helpers/real-sample.ts';

type P = [number, number];
const num = (v: unknown) => Number(v);

function insidePolygon([x, y]: P, polygon: P[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from p to segment a-b, and where along it (0..1) the nearest point is. */
function toSegment(p: P, a: P, b: P): { distance: number; t: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
  const c = Math.max(0, Math.min(1, t));
  return { distance: Math.hypot(p[0] - a[0] - c * dx, p[1] - a[1] - c * dy), t };
}

/** Every convention the sample shows; `generated` adds what the emulator promises beyond it. */
function checkModel(model: any, label: string, generated: boolean): void {
  for (const key of [
    'version',
    'materials',
    'environment',
    'lights',
    'camera',
    'room_id',
    'plan',
    'components',
  ]) {
    assert.ok(key in model, `${label}: model.${key}`);
  }
  const { plan } = model;
  const points: P[] = plan.points;
  assert.ok(
    points.every((p) => p.length === 2 && p.every(Number.isFinite)),
    `${label}: points are pairs`,
  );
  const height = num(plan.height);
  assert.ok(height >= 200 && height <= 320, `${label}: height ${plan.height}`);
  const materials = new Set(model.materials.map((m: any) => m.ID));
  for (const material of model.materials) {
    assert.equal(typeof material.ID, 'string');
    assert.equal(typeof material.shader, 'string');
    if ('texture_width' in material)
      assert.equal(typeof material.texture_width, 'string', `${label}: texture_width is a string`);
    if ('diffuse' in material) assert.equal(material.diffuse.length, 3);
  }
  const degree = new Map<number, number>();
  for (const [name, wall] of Object.entries<any>(plan.walls)) {
    assert.match(name, /^wall\d+$/, label);
    assert.equal(wall.indices.length, 2);
    for (const i of wall.indices) {
      assert.ok(points[i], `${label}: ${name} point ${i}`);
      degree.set(i, (degree.get(i) ?? 0) + 1);
    }
    assert.ok(num(wall.thickness) > 0);
    assert.ok(materials.has(wall.material), `${label}: ${name} material ${wall.material}`);
  }
  for (const [name, area] of Object.entries<any>(plan.areas)) {
    assert.match(name, /^area\d+$/, label);
    assert.ok(area.indices.length >= 3);
    assert.ok(
      area.indices.every((i: number) => points[i]),
      `${label}: ${name} indices`,
    );
    assert.ok(materials.has(area.floor_material), `${label}: ${name} floor ${area.floor_material}`);
    assert.ok(materials.has(area.ceiling_material), `${label}: ${name} ceiling`);
  }
  if (generated) {
    // Closed: every corner of the plan joins at least two walls.
    for (let i = 0; i < points.length; i++)
      assert.ok((degree.get(i) ?? 0) >= 2, `${label}: point ${i} closes`);
  }

  const sun = model.lights.find((l: any) => l.type === 'sun');
  assert.ok(sun && sun.direction.length === 3 && sun.position.length === 3, `${label}: a sun`);

  const outline = (name: string): P[] => plan.areas[name].indices.map((i: number) => points[i]);
  const anyArea = (p: P) => Object.keys(plan.areas).some((name) => insidePolygon(p, outline(name)));
  assert.ok(anyArea(model.camera.position.slice(0, 2)), `${label}: camera inside`);
  assert.ok(anyArea(model.camera.focal_point.slice(0, 2)), `${label}: focal point inside`);

  let openings = 0;
  for (const component of model.components) {
    assert.equal(component.position.length, 3);
    assert.equal(component.rotation.length, 3);
    assert.equal(component.bounding_box.length, 2);
    if (component.type === 'Component') {
      assert.equal(typeof component.model, 'string');
      if (generated && component.parentID === null && component.level >= 0) {
        assert.ok(anyArea(component.position.slice(0, 2)), `${label}: ${component.ID} stands inside`);
        assert.equal(component.position[2], 0);
        assert.deepEqual(component.rotation.slice(0, 2), [0, 0]);
      }
      continue;
    }
    assert.equal(component.type, 'ArchitecturalComponent');
    assert.ok(['Door', 'Window'].includes(component.category), `${label}: category ${component.category}`);
    openings++;
    // parentID names the wall: "59" is wall59.
    const wall = plan.walls[`wall${component.parentID}`];
    assert.ok(wall, `${label}: ${component.ID} parent wall${component.parentID}`);
    const a = points[wall.indices[0]]!;
    const b = points[wall.indices[1]]!;
    const { distance, t } = toSegment(component.position.slice(0, 2), a, b);
    assert.ok(
      distance < 0.5,
      `${label}: ${component.ID} on the wall's centre line (${distance.toFixed(2)} cm off)`,
    );
    assert.ok(t > 0 && t < 1, `${label}: ${component.ID} within the wall`);
    const [w, h] = component.aperture.bounds.map(num);
    assert.equal(component.aperture.type, 'rectangle');
    assert.deepEqual(component.bounding_box, [
      [-w / 2, -h / 2, -3],
      [w / 2, h / 2, 3],
    ]);
    assert.equal(component.rotation[0], 270);
    // z is the middle of the opening: half its height above its bottom (the floor for doors).
    const bottom = component.position[2] - h / 2;
    assert.ok(
      bottom >= -0.01 && component.position[2] + h / 2 <= height + 0.01,
      `${label}: ${component.ID} fits the wall`,
    );
    if (component.category === 'Door')
      assert.ok(Math.abs(bottom) < 0.01, `${label}: doors stand on the floor`);
    if (generated) {
      const angle = (((Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI + 360) % 360).toFixed(1);
      assert.equal(
        num(component.rotation[2]).toFixed(1),
        angle,
        `${label}: ${component.ID} turned along its wall`,
      );
      assert.ok(plan.areas[component.area], `${label}: ${component.ID} area`);
    }
  }
  assert.ok(openings >= 2, `${label}: a door and a window at least`);
}

describe('room-styling emulator: models', () => {
  let running: Awaited<ReturnType<typeof startDemoServer>>;
  let models: any[];

  before(async () => {
    running = await startDemoServer({ seed: 20261122, rooms: 500 });
    const list = (await (await fetch(`${running.url}/room-styling/rooms?limit=50&offset=50`)).json()).rooms;
    models = await Promise.all(
      list.map(
        async (room: any) =>
          (await (await fetch(`${running.url}/room-styling/rooms/${room.id}`)).json()).model,
      ),
    );
  });
  after(() => running.close());

  it('the checks hold on the real sample itself', (t) => {
    const real = loadRealRoom();
    if (!real.room) {
      t.skip(real.skip!);
      return;
    }
    checkModel((real.room as any).model, 'real sample', false);
  });

  it("every generated model follows the sample's conventions", () => {
    models.forEach((model) => checkModel(model, `room ${model.room_id}`, true));
  });

  it('every room of the default data set, and of other seeds, has a model that holds the checks', async () => {
    // Straight from the generator (no HTTP): a model that threw or broke a rule for one seed would be
    // a 500 or a broken plan for that room only, which 50 rooms over HTTP could miss.
    const { generateDataset } = await import('../../server/emulator/room-styling/dataset.ts');
    const { generateModel } = await import('../../server/emulator/room-styling/model.ts');
    const now = Date.parse('2026-11-22T12:00:00Z');
    for (const [seed, count] of [
      [20261122, 500],
      [1, 150],
      [987654321, 150],
    ] as const) {
      for (const room of generateDataset(seed, count, now).rooms) {
        const model = generateModel({ roomId: room.id, seed: room.seed, category: room.category });
        checkModel(JSON.parse(JSON.stringify(model)), `seed ${seed} room ${room.id}`, true);
      }
    }
  });

  it('plans vary: rectangles, L-shapes, diagonal walls, several areas; heights sometimes as strings', () => {
    const corners = models.map((m) => m.plan.points.length);
    assert.ok(corners.includes(4), 'rectangles');
    assert.ok(
      corners.some((n) => n >= 6),
      'L-shapes',
    );
    assert.ok(
      models.some((m) => Object.keys(m.plan.areas).length > 1),
      'several areas',
    );
    const diagonal = (m: any) =>
      Object.values<any>(m.plan.walls).some((w) => {
        const [a, b] = w.indices.map((i: number) => m.plan.points[i]);
        return a[0] !== b[0] && a[1] !== b[1];
      });
    assert.ok(models.some(diagonal), 'a diagonal wall');
    assert.ok(
      models.some((m) => typeof m.plan.height === 'string'),
      'a height sent as a string',
    );
    assert.ok(models.some((m) => typeof m.plan.height === 'number'));
    const furniture = models.map(
      (m) => m.components.filter((c: any) => c.type === 'Component' && c.level >= 0).length,
    );
    assert.ok(Math.min(...furniture) >= 2, `every room is furnished (${Math.min(...furniture)})`);
  });

  it("room 6346838 serves the real sample's model when the real samples exist", async (t) => {
    const shown = await (await fetch(`${running.url}/room-styling/rooms/6346838`)).json();
    assert.equal(shown.name, 'The_LAKE_NoBalcony');
    const real = loadRealRoom();
    if (!real.room) {
      t.skip(`${real.skip}: a generated model is served`);
      checkModel(shown.model, 'room 6346838', true);
      return;
    }
    assert.deepEqual(shown.model, (real.room as any).model);
  });

  it('without the real samples, room 6346838 has a generated model', async () => {
    const bare = await startDemoServer({ seed: 20261122, rooms: 20, realdataDir: null });
    try {
      const shown = await (await fetch(`${bare.url}/room-styling/rooms/6346838`)).json();
      checkModel(shown.model, 'generated 6346838', true);
      const panorama = await (await fetch(`${bare.url}/room-styling/rooms/6346838/panorama`)).json();
      assert.equal(panorama.width, 512);
    } finally {
      await bare.close();
    }
  });
});
