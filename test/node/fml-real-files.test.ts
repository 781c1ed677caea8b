/**
 * readFml() on every real FML file in ../shared/realdata/floorplanner (six FML JSON v3 projects,
 * nineteen legacy FML XML documents): the counts of floors, walls, openings, areas and items match
 * what the files hold (counted here from the raw JSON and the raw XML text, without the reader), no
 * throw, and every design bridges to a room model planGeometry() draws with every opening placed.
 * Then the floor areas of project 186997360 against the numbers printed on the service's own
 * export images (project-186997360-2D-BG.jpg and 2D-1E.jpg, read by eye).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import {
  fmlDesignToRoomModel,
  formatArea,
  planGeometry,
  readFml,
  type FmlPlan,
} from '../../src/model/index.ts';
import { EXPORTED_AREAS_186997360 } from '../shared/exported-areas.ts';

const root = findRealdata();
const SKIP = 'the real samples (../shared/realdata) are not present in this checkout';
const dir = (name: string) => (root ? join(root, 'floorplanner', name) : '');

function files(name: string, ending: string): string[] {
  if (!root) return [];
  try {
    return readdirSync(dir(name))
      .filter((f) => f.endsWith(ending))
      .sort();
  } catch {
    return [];
  }
}

const jsonFiles = files('fml-json-v3', '.fml.json');
const xmlFiles = files('fml-xml', '.fml.xml');

interface Counts {
  floors: number;
  designs: number;
  walls: number;
  openings: number;
  areas: number;
  items: number;
}

function countPlan(plan: FmlPlan): Counts {
  const designs = plan.floors.flatMap((f) => f.designs);
  return {
    floors: plan.floors.length,
    designs: designs.length,
    walls: designs.reduce((s, d) => s + d.walls.length, 0),
    openings: designs.reduce(
      (s, d) => s + d.looseOpenings.length + d.walls.reduce((t, w) => t + w.openings.length, 0),
      0,
    ),
    areas: designs.reduce((s, d) => s + d.areas.length, 0),
    items: designs.reduce((s, d) => s + d.items.length, 0),
  };
}

/** Counted straight from the parsed JSON: every member the file lists. */
function countJson(doc: { floors: { designs: Record<string, unknown[]>[] }[] }): Counts {
  const designs = doc.floors.flatMap((f) => f.designs);
  const sum = (key: string) => designs.reduce((s, d) => s + (d[key]?.length ?? 0), 0);
  return {
    floors: doc.floors.length,
    designs: designs.length,
    walls: sum('walls'),
    openings: designs.reduce(
      (s, d) =>
        s + (d.walls as { openings?: unknown[] }[]).reduce((t, w) => t + (w.openings?.length ?? 0), 0),
      0,
    ),
    areas: sum('areas'),
    items: sum('items'),
  };
}

/** Counted from the raw XML text with regular expressions: no XML parser involved. */
function countXml(text: string): Counts {
  const count = (re: RegExp) => (text.match(re) ?? []).length;
  const designs = count(/<design[\s>]/g);
  return {
    floors: /^\s*(<\?xml[^>]*>\s*)?<design[\s>]/.test(text) ? 1 : count(/<floor>/g),
    designs,
    walls: count(/<type>\s*(default|normal|banister)_wall\s*<\/type>/g),
    openings: count(/<type>\s*(door|window)\s*<\/type>/g),
    areas: count(/<type>\s*(generated|custom)_area\s*<\/type>/g),
    items: count(/<type>\s*furniture\s*<\/type>/g),
  };
}

/**
 * The tests over every real file in `folder`: that there are `count` of them (`what`), then each one
 * read by readFml as its format and drawable, with `check` on top; skipped, saying why, without the samples.
 */
function eachRealFile(
  folder: 'fml-json-v3' | 'fml-xml',
  files: string[],
  count: number,
  what: string,
  check: (text: string, result: ReturnType<typeof readFml>) => void,
) {
  it(`finds the ${what}`, (t) => {
    if (!root) return t.skip(SKIP);
    assert.equal(files.length, count);
  });
  for (const name of files.length ? files : ['(none)']) {
    it(`${name}: counts match the file, every design bridges and draws`, (t) => {
      if (!root || name === '(none)') return t.skip(SKIP);
      const text = readFileSync(join(dir(folder), name), 'utf8');
      const result = readFml(text);
      assert.equal(result.plan.format, folder);
      assert.equal(result.drawable, true);
      check(text, result);
    });
  }
}

describe('readFml on the real FML JSON v3 projects', () => {
  eachRealFile('fml-json-v3', jsonFiles, 6, 'six projects', (text, result) => {
    assert.deepEqual(countPlan(result.plan), countJson(JSON.parse(text)));
    // the only problems the real files give: a door wider than its wall (narrowed)
    for (const p of result.problems)
      assert.match(p.message, /wider than its wall/, `${p.path}: ${p.message}`);
    // centimetres: storeys are 2 to 4 m high
    for (const floor of result.plan.floors) assert.ok(floor.height >= 200 && floor.height <= 400);
    result.plan.floors.forEach((floor, f) =>
      floor.designs.forEach((design, d) => {
        const bridged = fmlDesignToRoomModel(result.plan, { floor: f, design: d });
        assert.deepEqual(bridged.problems, []);
        const geometry = planGeometry(bridged.model);
        assert.equal(geometry.unplacedOpenings, undefined, `${floor.name}: every opening on its wall`);
        const drawnWalls = design.walls.filter((w) => w.thickness > 0);
        const drawnOpenings = drawnWalls.reduce((s, w) => s + w.openings.length, 0);
        assert.equal(
          geometry.walls.reduce((s, w) => s + w.openings.length, 0),
          drawnOpenings,
        );
        for (const wall of geometry.walls)
          for (const opening of wall.openings) assert.equal(opening.assignedBy, 'parent');
      }),
    );
  });

  it('reads the features the issue lists: curves aside, labels, dimensions, surfaces, cameras, a drawing', (t) => {
    if (!root) return t.skip(SKIP);
    const all = jsonFiles.map((f) => readFml(readFileSync(join(dir('fml-json-v3'), f), 'utf8')).plan);
    const designs = all.flatMap((p) => p.floors.flatMap((f) => f.designs));
    assert.ok(designs.some((d) => d.labels.length > 0));
    assert.ok(designs.some((d) => d.dimensions.length > 0));
    assert.ok(designs.some((d) => d.surfaces.length > 0));
    assert.ok(designs.every((d) => d.cameras.length === 2));
    assert.ok(
      designs.some((d) => d.areas.some((a) => a.typeName !== undefined)),
      'a customName somewhere',
    );
    assert.ok(all.some((p) => p.floors.some((f) => f.drawing)));
    const benedendorpsweg = all.find((p) => p.id === '187026346')!;
    assert.deepEqual(
      benedendorpsweg.floors.map((f) => [f.name, f.level]),
      [
        ['Begane grond', 0],
        ['1e verdieping', 1],
        ['Tuin', 2],
        ['Floor 3', 3],
      ],
    );
    assert.equal(benedendorpsweg.floors[2]!.designs[0]!.items.length, 82);
  });
});

describe('readFml on the real legacy FML XML documents', () => {
  eachRealFile('fml-xml', xmlFiles, 19, 'nineteen documents', (text, result) => {
    assert.deepEqual(result.problems, []);
    assert.deepEqual(countPlan(result.plan), countXml(text));
    result.plan.floors.forEach((floor, f) =>
      floor.designs.forEach((design, d) => {
        assert.equal(design.looseOpenings.length, 0, 'every door and window lies on a wall');
        const geometry = planGeometry(fmlDesignToRoomModel(result.plan, { floor: f, design: d }).model);
        assert.equal(geometry.unplacedOpenings, undefined);
        // metres became centimetres: walls 5 to 70 cm thick (blanc has 0.7 m walls)
        for (const wall of design.walls)
          assert.ok(wall.thickness >= 5 && wall.thickness <= 70, `${wall.thickness}`);
      }),
    );
  });

  it('reads the curved walls of qudee-curvature (fifteen floats) and the texts of evpunt', (t) => {
    if (!root) return t.skip(SKIP);
    const curvature = readFml(readFileSync(join(dir('fml-xml'), 'qudee-curvature.fml.xml'), 'utf8')).plan;
    const curved = curvature.floors[0]!.designs[0]!.walls.filter((w) => w.control);
    assert.equal(curved.length, 1);
    // its control point (4.274, -1.938) m is the Bézier's: the generated area bulges to y = -0.86 m
    // at x = 4.62 m, which is the curve's apex (-0.98 m) less half the wall's 0.25 m
    assert.deepEqual(
      curved[0]!.control!.map((n) => Math.round(n * 10) / 10),
      [427.4, 193.8],
    );
    const evpunt = readFml(readFileSync(join(dir('fml-xml'), 'qudee-evpunt.fml.xml'), 'utf8')).plan;
    const design = evpunt.floors[0]!.designs[0]!;
    assert.equal(design.labels.length, 22);
    assert.ok(design.labels.some((l) => l.text === 'h=2.40m'));
    assert.equal(design.dimensions.length, 13);
    assert.equal(design.walls.filter((w) => w.kind === 'banister').length, 2);
  });
});

/** What the service's export images of project 186997360 print (test/shared/exported-areas.ts). */
const EXPORTED = EXPORTED_AREAS_186997360;

const sorted = (list: [string, string][]) => list.map((x) => x.join(' ')).sort();

describe('project 186997360 against its export images', () => {
  const file = 'project-186997360-amstelveenseweg-1092a.fml.json';

  it('labels the same rooms with the same floor areas (reader)', (t) => {
    if (!root) return t.skip(SKIP);
    const { plan } = readFml(readFileSync(join(dir('fml-json-v3'), file), 'utf8'));
    assert.deepEqual(
      plan.floors.map((f) => f.name),
      Object.keys(EXPORTED),
    );
    for (const floor of plan.floors) {
      const design = floor.designs[0]!;
      // the service labels areas and surfaces that have a name and showAreaLabel, with their area
      const shown = [...design.areas, ...design.surfaces]
        .filter((a) => a.showLabel && a.showArea)
        .map((a): [string, string] => [a.name!, formatArea(a.areaM2 * 10_000, 'metric', 'en')]);
      assert.deepEqual(sorted(shown), sorted(EXPORTED[floor.name]!), floor.name);
    }
  });

  it('draws the same numbers through the bridge and planGeometry (the area polygon, not the walls)', (t) => {
    if (!root) return t.skip(SKIP);
    const { plan } = readFml(readFileSync(join(dir('fml-json-v3'), file), 'utf8'));
    plan.floors.forEach((floor, f) => {
      const geometry = planGeometry(fmlDesignToRoomModel(plan, { floor: f }).model);
      const labelled = geometry.areas
        .filter((a) => a.label !== undefined)
        .map((a): [string, string] => [a.label!, formatArea(a.area, 'metric', 'en')]);
      assert.deepEqual(sorted(labelled), sorted(EXPORTED[floor.name]!), floor.name);
    });
  });

  it('has the overall size the export prints (5.98 m by 12.53 m inside the ground floor walls)', (t) => {
    if (!root) return t.skip(SKIP);
    const { plan } = readFml(readFileSync(join(dir('fml-json-v3'), file), 'utf8'));
    // the export's outer chains are the author's own dimension lines: 12.53 m and 5.98 m on the ground floor
    const lengths = plan.floors[0]!.designs[0]!.dimensions.map((d) => (d.length / 100).toFixed(2));
    assert.ok(lengths.includes('12.53'), lengths.join(' '));
    assert.ok(lengths.includes('5.98'), lengths.join(' '));
    const firstFloor = plan.floors[1]!.designs[0]!.dimensions.map((d) => (d.length / 100).toFixed(2));
    for (const printed of ['10.37', '5.86', '5.76', '2.17', '3.58', '2.74', '2.91'])
      assert.ok(firstFloor.includes(printed), `${printed} in ${firstFloor.join(' ')}`);
  });
});
