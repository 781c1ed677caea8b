/**
 * The real XML samples (../shared/realdata/floorplanner/api-v1-xml and fml-xml) read by the client
 * and written back without loss, the real create body accepted by the emulator with an answer shaped
 * like the real create response, and the real failure body read as a PlanningXmlError.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRealdata } from '../../server/emulator/options.ts';
import {
  buildXml,
  parseXml,
  readFailure,
  serializeXml,
  typedValue,
  type XmlProject,
} from '../../src/api/planning-xml/index.ts';
import { useDemoServer } from './helpers/server.ts';

const dir = findRealdata();
const api = dir ? join(dir, 'floorplanner', 'api-v1-xml') : '';
const fml = dir ? join(dir, 'floorplanner', 'fml-xml') : '';
const skip =
  !dir || !existsSync(api) ? 'the real samples (../shared/realdata) are not present in this checkout' : false;
const read = (folder: string, name: string) => readFileSync(join(folder, name), 'utf8');

/** Element names of a document, each once, in document order. */
function elementNames(xml: string): string[] {
  return [...new Set([...xml.matchAll(/<([a-z][\w-]*)[\s>]/g)].map((m) => m[1]!))];
}

describe('planning XML API: the real samples', { skip }, () => {
  const running = useDemoServer({ rooms: 5 });

  it('reads the project list, the found project and the create response with their types', () => {
    const list = typedValue(parseXml(read(api, 'skalar-all.xml')).value) as XmlProject[];
    assert.deepEqual(
      list.map((p) => p.id),
      [29261344, 29261186, 29255071, 29253756],
    );
    assert.equal(list[1]!.gridCellSize, 2);
    assert.equal(list[0]!.description, null);
    assert.equal(list[0]!.enableAutosave, false);
    assert.equal(list[2]!.originalProjectId, 29253756);
    assert.equal(list[1]!.floorsCount, 3);
    const found = typedValue(parseXml(read(api, 'skalar-find.xml')).value) as XmlProject;
    assert.equal(found.externalIdentifier, 'ID2345');
    assert.equal(found.floors![0]!.height, 2.8);
    assert.deepEqual(found.floors![0]!.designs, []);
    const created = typedValue(parseXml(read(api, 'skalar-create_response.xml')).value) as XmlProject;
    assert.equal(created.exportedAt, null, 'an empty datetime without nil is null');
    assert.equal(created.floors![0]!.drawing!.contentType, 'image/jpeg');
  });

  it('writes every sample back without loss (parse, write, parse)', () => {
    const files = [
      ...readdirSync(api).map((f) => join(api, f)),
      ...(existsSync(fml) ? readdirSync(fml).map((f) => join(fml, f)) : []),
    ].filter((f) => f.endsWith('.xml'));
    assert.ok(files.length >= 6);
    for (const file of files) {
      const first = parseXml(readFileSync(file, 'utf8'));
      const again = parseXml(serializeXml(first.root, first.value));
      assert.equal(again.root, first.root, file);
      assert.deepEqual(again.value, first.value, file);
      assert.deepEqual(typedValue(again.value), typedValue(first.value), file);
    }
  });

  it('builds the create body of the sample from typed values, and the render request', () => {
    const sample = parseXml(read(api, 'skalar-create.xml'));
    const typed = typedValue(sample.value) as Record<string, unknown>;
    const built = parseXml(buildXml('project', typed));
    assert.deepEqual(typedValue(built.value), typed);
    const render = parseXml(read(api, 'skalar-render_request.xml'));
    assert.equal(render.root, 'export');
    const params = typedValue(render.value) as Record<string, unknown>;
    assert.deepEqual(params.resolution, { width: '500', height: '500' });
    assert.equal(params.paperScale, '0.003');
  });

  it('reads the real failure body: status, language and message', () => {
    const error = readFailure(read(api, 'docs-error-failure-403.xml'), 'http://x', 'embed', 200)!;
    assert.equal(error.status, 403);
    assert.equal(error.lang, 'nl');
    assert.deepEqual(error.messages, ['You are not allowed to see this project']);
    assert.deepEqual(error.fields, []);
  });

  it('accepts the real create body as is and answers a project shaped like the real create response', async () => {
    const res = await fetch(`${running.url}/planning-xml/projects.xml`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + btoa('demo-key:x'), 'Content-Type': 'text/xml' },
      body: read(api, 'skalar-create.xml'),
    });
    assert.equal(res.status, 201);
    const text = await res.text();
    const project = typedValue(parseXml(text).value) as XmlProject;
    assert.equal(project.name, 'Portveien 2');
    assert.equal(project.description, 'A nice little house with 2 floors');
    assert.equal(project.externalIdentifier, 'ID123');
    assert.equal(project.floors![0]!.drawing!.url, 'http://example.com/some-image.jpg');
    const missing = elementNames(read(api, 'skalar-create_response.xml')).filter(
      (n) => !elementNames(text).includes(n),
    );
    assert.deepEqual(missing, [], 'every element of the real response is in the emulator answer');
    // and the real index's elements in a compact index
    const list = await fetch(`${running.url}/planning-xml/projects.xml?compact=true`, {
      headers: { Authorization: 'Basic ' + btoa('demo-key:x'), 'Content-Type': 'text/xml' },
    });
    const listText = await list.text();
    assert.deepEqual(
      elementNames(read(api, 'skalar-all.xml')).filter((n) => !elementNames(listText).includes(n)),
      [],
    );
  });
});
