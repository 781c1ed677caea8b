/**
 * readFml() and fmlDesignToRoomModel() on small hand-written documents: format detection, the one
 * unit and axis conversion, wall centre lines from `balance`, curves, doors and windows, areas,
 * labels, caps against hostile sizes, and the bridge to the room model planGeometry() draws.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  FML_LIMITS,
  detectFmlFormat,
  fmlDesignToRoomModel,
  planGeometry,
  readFml,
  type FmlDesign,
  type Vec2,
} from '../../src/model/index.ts';

const close = (a: number, b: number, eps = 1e-6) => Math.abs(a - b) <= eps;
const closeVec = (a: readonly number[], b: readonly number[], eps = 1e-6) =>
  a.length === b.length && a.every((v, i) => close(v, b[i]!, eps));

/** A 400 × 300 room in FML JSON v3 (cm, y down), one door and one window, one item, one label. */
function jsonProject(): Record<string, unknown> {
  const wall = (ax: number, ay: number, bx: number, by: number, openings: unknown[] = []) => ({
    a: { x: ax, y: ay },
    b: { x: bx, y: by },
    c: null,
    az: { z: 0, h: 260 },
    bz: { z: 0, h: 260 },
    thickness: 20,
    balance: 0.5,
    openings,
  });
  return {
    id: 42,
    name: 'Test <b>house</b>',
    settings: { wallHeight: 260, wallThickness: 10, useMetric: true },
    floors: [
      {
        id: 7,
        name: 'Begane grond',
        level: 0,
        height: 260,
        cameras: [],
        designs: [
          {
            id: 70,
            name: 'First design',
            walls: [
              wall(0, 0, 400, 0, [
                { type: 'door', t: 0.25, width: 80, z: 0, z_height: 210, mirrored: [0, 1], refid: 'd1' },
                { type: 'window', t: 0.75, width: 100, z: 90, z_height: 120, mirrored: [0, 0] },
              ]),
              wall(400, 0, 400, 300),
              wall(400, 300, 0, 300),
              wall(0, 300, 0, 0),
            ],
            areas: [
              {
                name: 'Slaapkamer',
                customName: 'Kamer <script>',
                color: '#E3D9C6',
                role: 3,
                showAreaLabel: true,
                showSurfaceArea: true,
                poly: [
                  { x: 10, y: 10 },
                  { x: 390, y: 10 },
                  { x: 390, y: 290 },
                  { x: 10, y: 290 },
                ],
              },
            ],
            surfaces: [],
            items: [
              {
                refid: 'bed',
                x: 200,
                y: 150,
                z: 0,
                width: 160,
                height: 200,
                z_height: 50,
                rotation: 90,
                mirrored: [1, 0],
              },
            ],
            labels: [{ x: 50, y: 50, text: 'H=2.60m', fontSize: 16, align: 'left', rotation: 0 }],
            dimensions: [{ type: 'custom_dimension', a: { x: 0, y: -50 }, b: { x: 400, y: -50 } }],
            lines: [{ type: 'dashed_line', color: 0, thickness: 2, a: { x: 0, y: 0 }, b: { x: 10, y: 10 } }],
            cameras: [
              {
                name: 'Camera 1',
                type_name: 'orbital',
                fov: 30,
                x: 100,
                y: 200,
                z: 700,
                dx: 0,
                dy: 0,
                dz: -1,
                ux: 0,
                uy: -1,
                uz: 0,
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The same room in legacy FML XML (metres, y down). */
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<project>
  <id type="integer">9</id>
  <name>Old &amp; new</name>
  <wall-thickness type="decimal">0.2</wall-thickness>
  <floors type="array">
    <floor>
      <name>Ground floor</name>
      <level type="integer">0</level>
      <height type="decimal">2.6</height>
      <designs type="array">
        <design>
          <name>One</name>
          <units>meters</units>
          <assets type="array">
            <asset id="s1"><name>Stairs</name><url2d>x.flz</url2d></asset>
          </assets>
          <lines type="array">
            <line><type>default_wall</type><points>0 0 0 4 0 0,0 0 2.6 4 0 2.6</points><thickness>0.2</thickness></line>
            <line><type>default_wall</type><points>4 0 0 4 3 0,4 0 2.6 4 3 2.6</points><thickness>0.2</thickness></line>
            <line><type>normal_wall</type><points>4 3 0 0 3 0 2 4 0,4 3 1 0 3 2</points><thickness>0.2</thickness></line>
            <line><type>default_wall</type><points>0 3 0 0 0 0</points><thickness>0.2</thickness><height>2.4</height></line>
            <line><type>triangle_dimension</type><points>0 -0.5 0 4 -0.5 0,0 -0.5 0.1 4 -0.5 0.1</points><text>4m</text></line>
            <line><type>dashed_line</type><points>0 0 0 1 1 0,0 0 0.1 1 1 0.1</points><thickness>0.01</thickness></line>
          </lines>
          <objects type="array">
            <object><asset refid="200"/><type>door</type><points>1 0 0</points><size>0.8 0.2 2.1</size><rotation>0 0 0</rotation><mirrored>0 1 0</mirrored></object>
            <object><asset refid="219"/><type>window</type><points>3 0.05 0.9</points><size>1 0.2 1.2</size><rotation>0 0 180</rotation></object>
            <object><asset refid="219"/><type>window</type><points>9 9 0.9</points><size>1 0.2 1.2</size></object>
            <object><asset refid="s1"/><type>furniture</type><points>2 1.5 0</points><size>0.9 2 3</size><rotation>0 0 90</rotation></object>
            <object><type>text</type><points>2 -1 0</points><text>h%3D2%2E60m%0DEerste</text><align>center</align><font-size>14</font-size><background-alpha>0</background-alpha></object>
          </objects>
          <areas type="array">
            <area><type>custom_area</type><name>Living</name><color>#ECC486</color>
              <points>0.1 0.1 0 3.9 0.1 0,3.9 0.1 0 3.9 2.9 0,3.9 2.9 0 0.1 2.9 0,0.1 2.9 0 0.1 0.1 0</points></area>
          </areas>
        </design>
      </designs>
    </floor>
  </floors>
</project>`;

function onlyDesign(result: ReturnType<typeof readFml>): FmlDesign {
  return result.plan.floors[0]!.designs[0]!;
}

describe('readFml: format detection', () => {
  it('tells XML from JSON by content', () => {
    assert.equal(detectFmlFormat('  \uFEFF<project/>'), 'fml-xml');
    assert.equal(detectFmlFormat('\n{"floors": []}'), 'fml-json-v3');
    assert.equal(detectFmlFormat({ floors: [] }), 'fml-json-v3');
    assert.equal(detectFmlFormat('floors'), undefined);
    assert.equal(detectFmlFormat(42), undefined);
    assert.equal(readFml(XML).plan.format, 'fml-xml');
    assert.equal(readFml(JSON.stringify(jsonProject())).plan.format, 'fml-json-v3');
  });

  it('reports what is not FML instead of throwing', () => {
    for (const input of [
      undefined,
      null,
      42,
      'hello',
      '{not json',
      '<',
      '<a><b></a>',
      [],
      '[]',
      '{}',
      '<svg/>',
    ]) {
      const result = readFml(input);
      assert.equal(result.drawable, false, String(input));
      assert.ok(result.problems.length > 0, String(input));
    }
  });

  it('refuses a document type (no entity expansion)', () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE p [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><project><name>&b;</name></project>`;
    const result = readFml(bomb);
    assert.equal(result.plan.floors.length, 0);
    assert.match(result.problems[0]!.message, /document type/);
  });
});

describe('readFml: FML JSON v3', () => {
  it('reads floors, designs, walls, openings, areas, items, labels, dimensions, lines and cameras', () => {
    const result = readFml(jsonProject());
    assert.deepEqual(result.problems, []);
    assert.equal(result.drawable, true);
    const { plan } = result;
    assert.equal(plan.id, '42');
    assert.equal(plan.name, 'Test <b>house</b>', 'markup is kept as text, never interpreted');
    assert.equal(plan.floors.length, 1);
    const floor = plan.floors[0]!;
    assert.deepEqual([floor.id, floor.name, floor.level, floor.height], ['7', 'Begane grond', 0, 260]);
    const design = floor.designs[0]!;
    assert.equal(design.walls.length, 4);
    assert.equal(design.walls[0]!.openings.length, 2);
    assert.equal(design.areas.length, 1);
    assert.equal(design.items.length, 1);
    assert.equal(design.labels.length, 1);
    assert.equal(design.dimensions.length, 1);
    assert.equal(design.lines.length, 1);
    assert.equal(design.cameras.length, 1);
  });

  it('keeps centimetres and turns y down into y up (angles turn the other way)', () => {
    const design = onlyDesign(readFml(jsonProject()));
    assert.deepEqual(design.walls[1]!.a, [400, 0]);
    assert.deepEqual(design.walls[1]!.b, [400, -300]);
    const item = design.items[0]!;
    assert.deepEqual(item.position, [200, -150, 0]);
    assert.equal(item.rotation, 270, 'FML turns clockwise on screen: 90 there is 270 here');
    assert.deepEqual(item.mirrored, [true, false]);
    // 160 wide along its own x, turned a quarter: it spans 200 in x and 160 in y
    const xs = item.footprint.map((p) => p[0]);
    const ys = item.footprint.map((p) => p[1]);
    assert.ok(close(Math.max(...xs) - Math.min(...xs), 200, 1e-9));
    assert.ok(close(Math.max(...ys) - Math.min(...ys), 160, 1e-9));
    assert.deepEqual(design.labels[0]!.position, [50, -50]);
    assert.deepEqual(design.cameras[0]!.position, [100, -200, 700]);
    assert.deepEqual(design.cameras[0]!.up, [0, 1, 0]);
    assert.equal(design.dimensions[0]!.length, 400);
  });

  it('reads openings: centre along the wall, width, height, sill, and the door swing from mirrored', () => {
    const [door, window] = onlyDesign(readFml(jsonProject())).walls[0]!.openings;
    assert.deepEqual(
      [door!.kind, door!.offset, door!.width, door!.height, door!.sill, door!.refid],
      ['door', 100, 80, 210, 0, 'd1'],
    );
    // mirrored [0, 1]: the leaf swings to the wall's right (our frame), hinges at its start
    assert.deepEqual([door!.swingSide, door!.hinge], [-1, 'start']);
    assert.deepEqual(
      [window!.kind, window!.offset, window!.width, window!.height, window!.sill],
      ['window', 300, 100, 120, 90],
    );
  });

  it('names an area by customName first, keeps the type name, its colour, role and floor area', () => {
    const area = onlyDesign(readFml(jsonProject())).areas[0]!;
    assert.equal(area.name, 'Kamer <script>');
    assert.equal(area.typeName, 'Slaapkamer');
    assert.equal(area.color, '#e3d9c6');
    assert.equal(area.role, 3);
    assert.ok(close(area.areaM2, 3.8 * 2.8, 1e-9));
    assert.equal(area.showLabel, true);
    assert.equal(area.showArea, true);
  });

  it('moves a wall line to its centre by balance (the wall lies on the line’s right for 0)', () => {
    const doc = jsonProject();
    const walls = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!
      .walls as Record<string, unknown>[];
    walls[0]!.balance = 0; // line (0,0)→(400,0), our frame: walking +x, right is -y
    walls[1]!.balance = 1;
    const design = onlyDesign(readFml(doc));
    assert.deepEqual(design.walls[0]!.a, [0, -10]);
    assert.deepEqual(design.walls[0]!.b, [400, -10]);
    // (400,0)→(400,-300) in our frame walks -y; its right is -x, so balance 1 moves the centre +x
    assert.ok(closeVec(design.walls[1]!.a, [410, 0]));
  });

  it('keeps a wall of thickness 0 as a divider that the bridge does not draw', () => {
    const doc = jsonProject();
    const design0 = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!;
    (design0.walls as Record<string, unknown>[]).push({
      a: { x: 200, y: 0 },
      b: { x: 200, y: 300 },
      thickness: 0,
    });
    const result = readFml(doc);
    assert.deepEqual(result.problems, []);
    assert.equal(onlyDesign(result).walls[4]!.thickness, 0);
    assert.equal(fmlDesignToRoomModel(result.plan).model.walls.length, 4);
  });

  it('reads a curved wall: the control point, and the bridge draws it as straight pieces', () => {
    const doc = jsonProject();
    const walls = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!
      .walls as Record<string, unknown>[];
    walls[2]!.c = { x: 200, y: 400 };
    const result = readFml(doc);
    assert.deepEqual(onlyDesign(result).walls[2]!.control, [200, -400]);
    const { model } = fmlDesignToRoomModel(result.plan);
    const pieces = model.walls.filter((w) => w.curve);
    assert.ok(pieces.length >= 4);
    // every piece lies on the curve, the middle one reaching about y = -350 (the Bézier's apex)
    const lowest = Math.min(...pieces.map((w) => model.points[w.a]![1]));
    assert.ok(close(lowest, -350, 1), `apex ${lowest}`);
  });

  it('leaves out bad members with a problem and keeps the rest', () => {
    const doc = jsonProject();
    const design0 = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!;
    (design0.walls as unknown[]).push(
      { a: { x: NaN, y: 0 }, b: { x: 1, y: 1 } },
      { a: { x: 5, y: 5 }, b: { x: 5, y: 5 }, thickness: 10 },
      'wall',
      null,
    );
    (design0.areas as unknown[]).push(
      {
        poly: [
          { x: 0, y: 0 },
          { x: 1, y: 1 },
        ],
      },
      { poly: 'x' },
    );
    (design0.items as unknown[]).push({ x: 'a', y: 0, width: 10, height: 10 });
    const result = readFml(doc);
    const design = onlyDesign(result);
    assert.equal(design.walls.length, 4);
    assert.equal(design.areas.length, 1);
    assert.equal(design.items.length, 1);
    assert.ok(
      result.problems.some((p) => p.path === 'floors[0].designs[0].walls[5]' && /no length/.test(p.message)),
    );
    assert.ok(result.problems.some((p) => p.path.startsWith('floors[0].designs[0].areas[1]')));
    assert.ok(result.problems.some((p) => p.path.startsWith('floors[0].designs[0].items[1]')));
  });

  it('survives getters that throw and a cycle', () => {
    const doc = jsonProject();
    const design0 = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!;
    Object.defineProperty(design0, 'items', {
      get() {
        throw new Error('boom');
      },
      enumerable: true,
    });
    (design0 as Record<string, unknown>).self = design0;
    const result = readFml(doc);
    assert.equal(onlyDesign(result).walls.length, 4);
    assert.ok(result.problems.some((p) => /boom/.test(p.message)));
  });

  it('reads a bare design or a bare floor too', () => {
    const project = jsonProject();
    const floor = (project.floors as Record<string, unknown>[])[0]!;
    const design = (floor.designs as Record<string, unknown>[])[0]!;
    assert.equal(onlyDesign(readFml(floor)).walls.length, 4);
    assert.equal(onlyDesign(readFml(design)).walls.length, 4);
  });
});

describe('readFml: legacy FML XML', () => {
  const result = readFml(XML);
  const design = onlyDesign(result);

  it('reads metres as centimetres, y down as y up', () => {
    assert.deepEqual(
      result.problems.map((p) => p.message),
      ['1 doors or windows lie on no wall; kept apart'],
    );
    assert.equal(result.plan.name, 'Old & new');
    assert.equal(result.plan.settings.wallThickness, 20);
    const floor = result.plan.floors[0]!;
    assert.deepEqual([floor.name, floor.level, floor.height], ['Ground floor', 0, 260]);
    assert.equal(design.walls.length, 4);
    const [w0, w1, w2, w3] = design.walls;
    assert.ok(closeVec(w0!.a, [0, 0]) && closeVec(w0!.b, [400, 0]));
    assert.ok(closeVec(w1!.b, [400, -300]));
    assert.equal(w0!.thickness, 20);
    assert.ok(close(w0!.height, 260));
    // the sloping wall: 100 high at its start, 200 at its end, and curved through (200, -400)
    assert.ok(close(w2!.height, 100) && close(w2!.heightEnd, 200));
    assert.ok(closeVec(w2!.control!, [200, -400]));
    assert.equal(w2!.kind, 'normal');
    // six floats and its own <height>
    assert.ok(close(w3!.height, 240));
  });

  it('puts doors and windows into the wall they lie on; one on no wall is kept apart', () => {
    const openings = design.walls[0]!.openings;
    assert.equal(openings.length, 2);
    const [door, window] = openings;
    assert.deepEqual([door!.kind, door!.refid], ['door', '200']);
    assert.ok(
      close(door!.offset, 100) && close(door!.width, 80) && close(door!.height, 210) && door!.sill === 0,
    );
    // turned with the wall and mirrored in y: swings to the wall's right, hinge at its start
    assert.deepEqual([door!.swingSide, door!.hinge], [-1, 'start']);
    assert.ok(close(window!.offset, 300) && close(window!.sill, 90) && close(window!.height, 120));
    assert.equal(design.looseOpenings.length, 1);
  });

  it('reads areas with their name and colour, furniture, stairs, texts and dimension lines', () => {
    assert.equal(design.areas.length, 1);
    const area = design.areas[0]!;
    assert.equal(area.name, 'Living');
    assert.equal(area.color, '#ecc486');
    assert.ok(close(area.areaM2, 3.8 * 2.8, 1e-9));
    assert.equal(design.items.length, 1);
    assert.equal(design.items[0]!.name, 'Stairs');
    assert.equal(design.stairs.length, 1);
    assert.ok(close(design.items[0]!.height, 300));
    assert.deepEqual(
      design.labels.map((l) => l.text),
      ['h=2.60m\nEerste'],
    );
    assert.equal(design.labels[0]!.background, undefined, 'background-alpha 0 is no background');
    assert.equal(design.dimensions.length, 1);
    assert.equal(design.dimensions[0]!.text, '4m');
    assert.ok(close(design.dimensions[0]!.length, 400));
    assert.deepEqual(
      design.lines.map((l) => l.style),
      ['dashed'],
    );
  });

  it('reads a bare <design> as one floor', () => {
    const bare = readFml(
      '<design><name>D</name><lines><line><type>default_wall</type><points>0 0 0 1 0 0</points></line></lines></design>',
    );
    assert.equal(bare.plan.floors.length, 1);
    assert.equal(bare.plan.floors[0]!.designs[0]!.walls.length, 1);
  });
});

describe('readFml: caps against hostile sizes', () => {
  it('keeps the first items, walls and openings past the caps and says so', () => {
    const doc = jsonProject();
    const design0 = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!;
    const item = { x: 1, y: 1, width: 10, height: 10, z_height: 10 };
    design0.items = Array.from({ length: 100_000 }, () => item);
    const wall = (design0.walls as unknown[])[0];
    design0.walls = Array.from({ length: FML_LIMITS.walls + 10 }, () => wall);
    const started = performance.now();
    const result = readFml(doc);
    const design = onlyDesign(result);
    assert.ok(performance.now() - started < 5_000);
    assert.equal(design.items.length, FML_LIMITS.items);
    assert.equal(design.walls.length, FML_LIMITS.walls);
    const openings = design.walls.reduce((sum, w) => sum + w.openings.length, 0);
    assert.equal(openings, FML_LIMITS.openings);
    assert.ok(result.problems.some((p) => /100000 items/.test(p.message)));
    assert.ok(result.problems.some((p) => /walls; only the first/.test(p.message)));
    assert.ok(result.problems.some((p) => /openings in the design/.test(p.message)));
    assert.ok(result.problems.length <= 201);
  });

  it('caps the points of one outline and the length of a text', () => {
    const doc = jsonProject();
    const design0 = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!;
    const ring = Array.from({ length: 50_000 }, (_, i) => ({
      x: Math.cos((i / 50_000) * 2 * Math.PI) * 100,
      y: Math.sin((i / 50_000) * 2 * Math.PI) * 100,
    }));
    design0.areas = [{ name: 'x'.repeat(10_000), poly: ring }];
    design0.labels = [{ x: 0, y: 0, text: 'y'.repeat(1_000_000) }];
    const result = readFml(doc);
    const design = onlyDesign(result);
    assert.equal(design.areas[0]!.polygon.length, FML_LIMITS.points);
    assert.equal(design.areas[0]!.name!.length, FML_LIMITS.name);
    assert.equal(design.labels[0]!.text.length, FML_LIMITS.text);
  });

  it('reports hostile XML (deep nesting, a __proto__ tag) with short messages, without throwing', () => {
    for (const text of [
      '<design>' + '<a>'.repeat(100_000) + '</a>'.repeat(100_000) + '</design>',
      '<design>' + '<a>'.repeat(100_000),
      '<design><__proto__><polluted>1</polluted></__proto__></design>',
    ]) {
      const result = readFml(text);
      assert.equal(result.drawable, false);
      assert.ok(result.problems.length > 0);
      for (const p of result.problems) assert.ok(p.message.length <= 301, p.message.slice(0, 80));
    }
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('caps XML walls and objects too', () => {
    const walls = '<line><type>default_wall</type><points>0 0 0 1 0 0</points></line>'.repeat(
      FML_LIMITS.walls + 5,
    );
    const objects = '<object><type>furniture</type><points>0 0 0</points><size>1 1 1</size></object>'.repeat(
      FML_LIMITS.items + 5,
    );
    const result = readFml(`<design><lines>${walls}</lines><objects>${objects}</objects></design>`);
    const design = onlyDesign(result);
    assert.equal(design.walls.length, FML_LIMITS.walls);
    assert.equal(design.items.length, FML_LIMITS.items);
    assert.equal(result.problems.filter((p) => /more than/.test(p.message)).length, 2);
  });
});

describe('fmlDesignToRoomModel', () => {
  it('gives the room model planGeometry draws: walls, placed openings with their swing, named areas, furniture', () => {
    const { plan } = readFml(jsonProject());
    const result = fmlDesignToRoomModel(plan, { floor: 0, design: 0 });
    assert.deepEqual(result.problems, []);
    assert.equal(result.drawable, true);
    const { model } = result;
    assert.equal(model.height, 260);
    assert.equal(model.walls.length, 4);
    assert.equal(model.points.length, 8, 'wall ends are shared, area corners are their own');
    assert.equal(model.areas.length, 1);
    assert.equal(model.areas[0]!.label, 'Kamer <script>');
    assert.equal(model.areas[0]!.color, '#e3d9c6');
    assert.deepEqual(model.materials[model.areas[0]!.floorMaterial!]!.diffuse, [
      0xe3 / 255,
      0xd9 / 255,
      0xc6 / 255,
    ]);
    assert.equal(model.components.filter((c) => c.kind === 'furniture').length, 1);
    assert.equal(model.labels?.[0]?.text, 'H=2.60m');
    assert.equal(model.dimensions?.length, 1);

    const geometry = planGeometry(model);
    assert.equal(geometry.unplacedOpenings, undefined);
    const [door, window] = geometry.walls[0]!.openings;
    assert.deepEqual(
      [door!.kind, door!.offset, door!.width, door!.bottom, door!.top],
      ['door', 100, 80, 0, 210],
    );
    assert.deepEqual([door!.swingSide, door!.hinge, door!.assignedBy], [-1, 'start', 'parent']);
    assert.deepEqual([window!.kind, window!.offset, window!.bottom, window!.top], ['window', 300, 90, 210]);
    assert.ok(close(geometry.areas[0]!.area / 10_000, 10.64, 1e-9));
  });

  it('gives planGeometry every combination of swing and hinge', () => {
    for (const mirrored of [
      [0, 0],
      [0, 1],
      [1, 0],
      [1, 1],
    ]) {
      const doc = jsonProject();
      const walls = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!
        .walls as Record<string, unknown>[];
      (walls[0]!.openings as Record<string, unknown>[])[0]!.mirrored = mirrored;
      const { plan } = readFml(doc);
      const read = plan.floors[0]!.designs[0]!.walls[0]!.openings[0]!;
      const drawn = planGeometry(fmlDesignToRoomModel(plan).model).walls[0]!.openings[0]!;
      assert.deepEqual([drawn.swingSide, drawn.hinge], [read.swingSide, read.hinge], String(mirrored));
      assert.deepEqual([read.swingSide, read.hinge], [mirrored[1] ? -1 : 1, mirrored[0] ? 'end' : 'start']);
    }
  });

  it('picks a floor and design by index, id or name, and falls back to the first with a problem', () => {
    const doc = jsonProject();
    const floors = doc.floors as Record<string, unknown>[];
    floors.push({ ...floors[0]!, id: 8, name: 'Eerste verdieping', level: 1, height: 300 });
    const { plan } = readFml(doc);
    assert.equal(fmlDesignToRoomModel(plan, { floor: 1 }).model.height, 300);
    assert.equal(fmlDesignToRoomModel(plan, { floor: '8' }).floorIndex, 1);
    assert.equal(
      fmlDesignToRoomModel(plan, { floor: 8 }).floorIndex,
      1,
      'a number that is no index is an id',
    );
    assert.equal(fmlDesignToRoomModel(plan, { floor: '1' }).floorIndex, 1);
    assert.equal(fmlDesignToRoomModel(plan, { floor: 'Eerste verdieping' }).floorIndex, 1);
    assert.equal(fmlDesignToRoomModel(plan, { floor: '70', design: '70' }).designIndex, 0);
    const missing = fmlDesignToRoomModel(plan, { floor: 5 });
    assert.equal(missing.floorIndex, 0);
    assert.equal(missing.problems.length, 1);
    const empty = fmlDesignToRoomModel({ format: 'fml-json-v3', floors: [], settings: {} });
    assert.equal(empty.drawable, false);
    assert.ok(empty.problems.length > 0);
  });

  it('puts an opening of a curved wall on the piece it falls on', () => {
    const doc = jsonProject();
    const walls = ((doc.floors as Record<string, unknown>[])[0]!.designs as Record<string, unknown>[])[0]!
      .walls as Record<string, unknown>[];
    walls[2]!.c = { x: 200, y: 400 };
    walls[2]!.openings = [{ type: 'window', t: 0.5, width: 60, z: 90, z_height: 100 }];
    const { model } = fmlDesignToRoomModel(readFml(doc).plan);
    const geometry = planGeometry(model);
    assert.equal(geometry.unplacedOpenings, undefined);
    const holder = geometry.walls.find((w) => w.openings.length && w.name.startsWith('wall2.'));
    assert.ok(holder, 'a piece of the curved wall holds the window');
    const centre: Vec2 = [200, -350];
    const c = model.components.find((x) => x.kind === 'window' && x.parentId === holder.name)!;
    assert.ok(Math.hypot(c.position[0] - centre[0], c.position[1] - centre[1]) < 1);
  });

  it('bridges the XML room too, its curved and sloping walls included', () => {
    const { plan } = readFml(XML);
    const result = fmlDesignToRoomModel(plan);
    const geometry = planGeometry(result.model);
    assert.equal(geometry.unplacedOpenings, undefined);
    assert.equal(geometry.areas[0]!.label, 'Living');
    assert.equal(result.model.stairs?.length, 1);
    assert.ok(result.problems.some((p) => /no wall/.test(p.message)));
  });
});
