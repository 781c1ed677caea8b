/**
 * One FML XML reader for the client and the emulator (issue 33): the planning emulator reads the FML
 * it is sent (POST /projects/import.json, the FML design routes) with the client's parser and element
 * accessors (src/model/fml/fml-xml-nodes.ts), so both see the same floors, designs, walls and areas in
 * a document: in every real legacy FML file, and in the shapes only one of them used to read (bare
 * repeated elements without their `type="array"` wrapper).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import {
  projectFromFml,
  readFml as emulatorRead,
} from '../../server/emulator/planning/formats/fml-import.ts';
import { readFml as clientRead } from '../../src/model/index.ts';

const root = findRealdata();
const SKIP = 'the real samples (../shared/realdata) are not present in this checkout';

/** Walls and areas per design per floor, as the client reads the document. */
function clientCounts(text: string): [number, number][][] {
  return clientRead(text).plan.floors.map((f) => f.designs.map((d) => [d.walls.length, d.areas.length]));
}

/** The same, as the emulator imports it. */
function emulatorCounts(text: string): [number, number][][] {
  const read = emulatorRead(text);
  assert.ok(read.ok, read.ok ? '' : read.problem);
  let id = 1;
  const project = projectFromFml(read, { floor: () => id++, design: () => id++ }, '2026-01-01T00:00:00Z');
  return project.floors.map((f) => f.designs.map((d) => [d.walls.length, d.areas.length]));
}

const wall = (points: string) => `<line><type>default_wall</type><points>${points}</points></line>`;
const area = (points: string) => `<area><type>custom_area</type><points>${points}</points></area>`;
const SQUARE_AREA = '0 0 0 4 0 0, 4 0 0 4 3 0, 4 3 0 0 3 0, 0 3 0 0 0 0';

describe('the emulator reads FML XML with the client reader', () => {
  it('the same walls and areas as the client in every real legacy FML file', { skip: !root && SKIP }, () => {
    const dir = join(root!, 'floorplanner', 'fml-xml');
    const files = readdirSync(dir).filter((f) => f.endsWith('.fml.xml'));
    assert.ok(files.length > 0);
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      assert.deepEqual(emulatorCounts(text), clientCounts(text), file);
    }
  });

  it('bare repeated elements (no wrapper) as the client reads them', () => {
    const design = `<design><name>Bare</name>${wall('0 0 0 4 0 0, 0 0 2.8 4 0 2.8')}${wall(
      '4 0 0 4 3 0, 4 0 2.8 4 3 2.8',
    )}${area(SQUARE_AREA)}</design>`;
    const project = `<?xml version="1.0"?><project><name>P</name><floor><name>Ground</name><level>0</level>${design.replace(
      '<design>',
      '<design><id>7</id>',
    )}</floor></project>`;
    for (const text of [design, project]) {
      assert.deepEqual(clientCounts(text), [[[2, 1]]], 'what the client reads');
      assert.deepEqual(emulatorCounts(text), [[[2, 1]]], 'what the emulator imports');
    }
  });

  it('the wrapped form still, and what is not an element (text in a list) is no wall', () => {
    const text = `<design><lines type="array">${wall('0 0 0 4 0 0')}<line>just text</line></lines><areas type="array">${area(
      SQUARE_AREA,
    )}</areas></design>`;
    assert.deepEqual(emulatorCounts(text), [[[1, 1]]]);
  });
});
