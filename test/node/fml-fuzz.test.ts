/**
 * Fuzzing the FML boundary: seeded random FML JSON and FML XML documents, and random mutations of
 * the real files (of a small built-in project when ../shared/realdata is absent), must never make
 * readFml(), fmlDesignToRoomModel() or planGeometry() throw; what comes out holds finite numbers
 * only, problems are bounded, and broken input is reported. The seed is in every failure message.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import { fmlDesignToRoomModel, planGeometry, readFml, type FmlReadResult } from '../../src/model/index.ts';
import { seededRandom } from '../shared/seeded-random.ts';
import { mutateMember } from '../shared/mutate-member.ts';

const JUNK: unknown[] = [
  null,
  undefined,
  NaN,
  Infinity,
  -Infinity,
  -1,
  0,
  1e308,
  '',
  'garbage',
  '12',
  '__proto__',
  true,
  [],
  {},
  [1],
  { x: 'a' },
  '<script>alert(1)</script>',
];

function junk(rand: () => number): unknown {
  const pick = rand();
  if (pick < 0.5) return JUNK[Math.floor(rand() * JUNK.length)];
  if (pick < 0.8) return (rand() - 0.5) * 4000;
  return String(Math.round((rand() - 0.5) * 4000));
}

const maybe = <T>(rand: () => number, value: T, p = 0.85): unknown => (rand() < p ? value : junk(rand));
const point = (rand: () => number) =>
  maybe(rand, { x: maybe(rand, rand() * 1000), y: maybe(rand, rand() * 1000) });

function randomJson(rand: () => number): unknown {
  const design = () => ({
    name: maybe(rand, 'Design'),
    walls: maybe(
      rand,
      Array.from({ length: Math.floor(rand() * 25) }, () =>
        maybe(rand, {
          a: point(rand),
          b: point(rand),
          c: rand() < 0.1 ? point(rand) : null,
          thickness: maybe(rand, rand() * 40),
          balance: maybe(rand, rand()),
          az: maybe(rand, { z: 0, h: maybe(rand, 260) }),
          bz: maybe(rand, { z: 0, h: maybe(rand, 260) }),
          openings: maybe(
            rand,
            Array.from({ length: Math.floor(rand() * 3) }, () =>
              maybe(rand, {
                type: maybe(rand, rand() < 0.5 ? 'door' : 'window'),
                t: maybe(rand, rand()),
                width: maybe(rand, rand() * 150),
                z: maybe(rand, rand() * 100),
                z_height: maybe(rand, 100 + rand() * 150),
                mirrored: maybe(rand, [rand() < 0.5 ? 1 : 0, rand() < 0.5 ? 1 : 0]),
              }),
            ),
          ),
        }),
      ),
    ),
    areas: maybe(
      rand,
      Array.from({ length: Math.floor(rand() * 6) }, () =>
        maybe(rand, {
          name: maybe(rand, 'Kamer'),
          customName: rand() < 0.3 ? junk(rand) : undefined,
          color: maybe(rand, '#aabbcc'),
          poly: maybe(
            rand,
            Array.from({ length: Math.floor(rand() * 8) }, () => point(rand)),
          ),
        }),
      ),
    ),
    surfaces: maybe(rand, [{ poly: [point(rand), point(rand), point(rand)], isCutout: junk(rand) }]),
    items: maybe(
      rand,
      Array.from({ length: Math.floor(rand() * 8) }, () =>
        maybe(rand, {
          x: maybe(rand, rand() * 1000),
          y: maybe(rand, rand() * 1000),
          width: maybe(rand, rand() * 200),
          height: maybe(rand, rand() * 200),
          z_height: maybe(rand, rand() * 200),
          rotation: maybe(rand, rand() * 720 - 360),
          refid: maybe(rand, rand() < 0.2 ? 'sym-22' : 'abc'),
        }),
      ),
    ),
    labels: maybe(rand, [{ x: maybe(rand, 1), y: maybe(rand, 2), text: maybe(rand, 'H=2.60m') }]),
    dimensions: maybe(rand, [{ a: point(rand), b: point(rand) }]),
    lines: maybe(rand, [{ type: junk(rand), a: point(rand), b: point(rand) }]),
    cameras: maybe(rand, [{ x: junk(rand), y: 1, z: 2, dx: 0, dy: junk(rand), dz: -1 }]),
  });
  const doc = {
    id: maybe(rand, 1),
    name: maybe(rand, 'Project'),
    settings: maybe(rand, { wallHeight: maybe(rand, 260), useMetric: junk(rand) }),
    floors: maybe(
      rand,
      Array.from({ length: Math.floor(rand() * 4) }, () =>
        maybe(rand, {
          name: maybe(rand, 'Floor'),
          level: maybe(rand, 0),
          height: maybe(rand, 280),
          designs: maybe(rand, Array.from({ length: 1 + Math.floor(rand() * 2) }, design)),
        }),
      ),
    ),
  };
  const shape = rand();
  if (shape < 0.2) return JSON.stringify(doc);
  if (shape < 0.25) return JSON.stringify(doc).slice(0, Math.floor(rand() * 400));
  return doc;
}

const num = (rand: () => number) =>
  rand() < 0.9
    ? (rand() * 20 - 10).toFixed(3)
    : ['NaN', 'x', '', '1e999', '-', '--1'][Math.floor(rand() * 6)]!;
const nums = (rand: () => number, n: number) => Array.from({ length: n }, () => num(rand)).join(' ');

function randomXml(rand: () => number): string {
  const wallTypes = [
    'default_wall',
    'normal_wall',
    'banister_wall',
    'solid_line',
    'dashed_line',
    'triangle_dimension',
    'odd',
  ];
  const objectTypes = ['door', 'window', 'furniture', 'text', 'opening', 'odd'];
  const lines = Array.from({ length: Math.floor(rand() * 20) }, () => {
    const counts = [6, 9, 12, 15, 3, 0];
    const n = counts[Math.floor(rand() * counts.length)]!;
    const points = n >= 12 ? `${nums(rand, n - 6)},${nums(rand, 6)}` : nums(rand, n);
    return `<line><type>${wallTypes[Math.floor(rand() * wallTypes.length)]}</type><points>${points}</points><thickness>${num(rand)}</thickness></line>`;
  }).join('');
  const objects = Array.from({ length: Math.floor(rand() * 12) }, () => {
    const type = objectTypes[Math.floor(rand() * objectTypes.length)]!;
    return `<object><asset refid="${Math.floor(rand() * 5)}"/><type>${type}</type><points>${nums(rand, 3)}</points><size>${nums(rand, 3)}</size><rotation>${nums(rand, 3)}</rotation><mirrored>${nums(rand, 3)}</mirrored><text>${rand() < 0.5 ? '%E0%A4%A' : 'a%20b&amp;&lt;i&gt;'}</text></object>`;
  }).join('');
  const areas = Array.from({ length: Math.floor(rand() * 5) }, () => {
    const edges = Array.from({ length: Math.floor(rand() * 7) }, () => nums(rand, rand() < 0.9 ? 6 : 9)).join(
      ',',
    );
    return `<area><type>custom_area</type><name>R&amp;D</name><color>#${Math.floor(rand() * 0xffffff).toString(16)}</color><points>${edges}</points></area>`;
  }).join('');
  const design = `<design><name>D</name><units>${rand() < 0.9 ? 'meters' : 'feet'}</units><assets><asset id="1"><name>Stairs</name></asset></assets><lines>${lines}</lines><objects>${objects}</objects><areas>${areas}</areas></design>`;
  const shape = rand();
  let text: string;
  if (shape < 0.3) text = design;
  else
    text = `<?xml version="1.0"?><project><name>P</name><floors type="array">${Array.from(
      { length: Math.floor(rand() * 3) },
      () =>
        `<floor><name>F</name><level>${num(rand)}</level><height>${num(rand)}</height><designs>${design}</designs></floor>`,
    ).join('')}</floors></project>`;
  if (rand() < 0.15) text = text.slice(0, Math.floor(rand() * text.length));
  return text;
}

/** Sets, deletes or replaces a random member somewhere in `value` (in place). */
const mutateJson = (value: unknown, rand: () => number): void =>
  mutateMember(value, rand, junk, { maxDepth: 10, descend: 0.8 });

const XML_JUNK = [
  '<',
  '>',
  '&',
  '&amp;',
  '</line>',
  '<line>',
  '<points>',
  'NaN',
  '1e309',
  ',',
  '<!-- x',
  ']]>',
  '\u0000',
  '💥',
  '<floor>',
];

function mutateXml(text: string, rand: () => number): string {
  let out = text;
  const edits = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < edits; i++) {
    const at = Math.floor(rand() * out.length);
    const action = rand();
    if (action < 0.3) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(rand() * 200));
    else if (action < 0.5)
      out = out.slice(0, at) + out.slice(at, at + Math.floor(rand() * 300)) + out.slice(at);
    else if (action < 0.75)
      out = out.slice(0, at) + XML_JUNK[Math.floor(rand() * XML_JUNK.length)] + out.slice(at);
    else out = out.replace(/-?\d+\.\d+/, () => num(rand));
  }
  return out;
}

/** Every number anywhere in `value` (depth-bounded). */
function collectNumbers(value: unknown, out: number[], depth = 0): void {
  if (depth > 12) return;
  if (typeof value === 'number') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectNumbers(v, out, depth + 1);
  else if (value && typeof value === 'object')
    for (const key of Object.keys(value))
      collectNumbers((value as Record<string, unknown>)[key], out, depth + 1);
}

function check(input: unknown, label: string): FmlReadResult {
  let result: FmlReadResult;
  try {
    result = readFml(input);
  } catch (error) {
    assert.fail(`${label}: readFml threw ${(error as Error).message}`);
  }
  assert.ok(Array.isArray(result.problems) && result.problems.length <= 201, label);
  for (const p of result.problems) assert.equal(typeof p.message, 'string', label);
  const numbers: number[] = [];
  collectNumbers(result.plan, numbers);
  result.plan.floors.forEach((floor, f) =>
    floor.designs.forEach((_, d) => {
      try {
        const bridged = fmlDesignToRoomModel(result.plan, { floor: f, design: d });
        collectNumbers(bridged.model, numbers);
        collectNumbers(planGeometry(bridged.model), numbers);
      } catch (error) {
        assert.fail(`${label}: the bridge or planGeometry threw ${(error as Error).stack}`);
      }
    }),
  );
  const bad = numbers.find((n) => !Number.isFinite(n));
  assert.equal(bad, undefined, `${label}: a number that is not finite`);
  return result;
}

const root = findRealdata();
function realTexts(folder: string, ending: string): string[] {
  if (!root) return [];
  try {
    const dir = join(root, 'floorplanner', folder);
    return readdirSync(dir)
      .filter((f) => f.endsWith(ending))
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

/** A small valid project of each format, mutated when the real files are absent. */
const BUILT_IN_JSON = JSON.stringify({
  floors: [
    {
      name: 'F',
      level: 0,
      height: 260,
      designs: [
        {
          name: 'D',
          walls: [
            {
              a: { x: 0, y: 0 },
              b: { x: 400, y: 0 },
              thickness: 20,
              balance: 0.5,
              openings: [{ type: 'door', t: 0.5, width: 80, z: 0, z_height: 210 }],
            },
            { a: { x: 400, y: 0 }, b: { x: 400, y: 300 }, thickness: 20, balance: 0, openings: [] },
          ],
          areas: [
            {
              name: 'A',
              poly: [
                { x: 0, y: 0 },
                { x: 400, y: 0 },
                { x: 400, y: 300 },
              ],
            },
          ],
          items: [{ x: 1, y: 1, width: 10, height: 10, z_height: 10, rotation: 45 }],
        },
      ],
    },
  ],
});
const BUILT_IN_XML = `<project><floors><floor><name>F</name><level>0</level><height>2.6</height><designs><design><name>D</name><lines><line><type>default_wall</type><points>0 0 0 4 0 0,0 0 2.6 4 0 2.6</points><thickness>0.2</thickness></line></lines><objects><object><type>door</type><points>2 0 0</points><size>0.8 0.2 2.1</size></object></objects><areas><area><type>custom_area</type><name>A</name><points>0 0 0 4 0 0,4 0 0 4 3 0,4 3 0 0 0 0</points></area></areas></design></designs></floor></floors></project>`;

/** Checks the documents `make` gives for seeds 1 to `cases`; how many of them came back with problems. */
function withProblems(cases: number, what: string, make: (seed: number) => unknown): number {
  let reported = 0;
  for (let seed = 1; seed <= cases; seed++) {
    if (check(make(seed), `${what} seed ${seed}`).problems.length) reported++;
  }
  return reported;
}

describe('FML fuzz', () => {
  for (const [format, randomDocument, cases, atLeast] of [
    ['JSON', randomJson, 1500, 1400],
    ['XML', randomXml, 600, 550],
  ] as const) {
    it(`random FML ${format} documents: no throw, finite output, problems reported`, () => {
      const reported = withProblems(cases, format, (seed) => randomDocument(seededRandom(seed)));
      assert.ok(reported > atLeast, `${reported} of ${cases} broken documents reported problems`);
    });
  }

  it('mutations of the real FML JSON projects (or a built-in one)', () => {
    const texts = realTexts('fml-json-v3', '.fml.json');
    const sources = texts.length ? texts : [BUILT_IN_JSON];
    const reported = withProblems(240, 'mutated json', (seed) => {
      const rand = seededRandom(10_000 + seed);
      const doc = JSON.parse(sources[seed % sources.length]!) as unknown;
      for (let i = 0; i < 1 + Math.floor(rand() * 4); i++) mutateJson(doc, rand);
      return doc;
    });
    assert.ok(reported > 240 / 2, `${reported} of 240 mutations reported problems`);
  });

  it('mutations of the real FML XML documents (or a built-in one)', () => {
    const texts = realTexts('fml-xml', '.fml.xml');
    const sources = texts.length ? texts : [BUILT_IN_XML];
    const reported = withProblems(190, 'mutated xml', (seed) =>
      mutateXml(sources[seed % sources.length]!, seededRandom(20_000 + seed)),
    );
    assert.ok(reported > 190 / 2, `${reported} of 190 mutations reported problems`);
  });

  it('hostile values stay inert: markup in names, NaN coordinates, a wall of length zero', () => {
    const result = check(
      {
        name: '<img src=x onerror=alert(1)>',
        floors: [
          {
            name: '<b>floor</b>',
            designs: [
              {
                walls: [
                  { a: { x: NaN, y: 0 }, b: { x: 1, y: 1 }, thickness: 10 },
                  { a: { x: 5, y: 5 }, b: { x: 5, y: 5 }, thickness: 10 },
                  { a: { x: 0, y: 0 }, b: { x: 100, y: 0 }, thickness: 10 },
                ],
                areas: [
                  {
                    name: '<svg onload=alert(1)>',
                    poly: [
                      { x: 0, y: 0 },
                      { x: 100, y: 0 },
                      { x: 0, y: 100 },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      'hostile',
    );
    const design = result.plan.floors[0]!.designs[0]!;
    assert.equal(design.walls.length, 1);
    assert.equal(
      design.areas[0]!.name,
      '<svg onload=alert(1)>',
      'kept as plain text for the renderer to escape',
    );
    assert.ok(result.problems.length >= 2);
  });
});
