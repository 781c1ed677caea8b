/**
 * Document 2, section 7 against the emulator over real HTTP: every failure the XML API gives, in
 * `.xml` (the real HTTP status, 422 for validation) and `.embed` (always 200, never 201, the status in
 * the failure's attribute), read by the client's readFailure; and the section 4 conventions around
 * them (Content-Type required, xml the only format, POST aliases, partner accounts only).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PlanningXmlError, readFailure } from '../../src/api/planning-xml/index.ts';
import { startDemoServer, type Running } from './helpers/server.ts';

const KEY = (key = 'demo-key') => 'Basic ' + btoa(`${key}:x`);

interface Case {
  name: string;
  method: string;
  /** Without the suffix: `.xml` and `.embed` are added. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  fields?: string[];
  message?: RegExp;
}

const CASES: Case[] = [
  {
    name: 'no credentials',
    method: 'GET',
    path: '/users',
    headers: { Authorization: '' },
    status: 401,
    message: /Access denied/,
  },
  {
    name: 'a wrong API key',
    method: 'GET',
    path: '/users',
    headers: { Authorization: KEY('nope') },
    status: 401,
  },
  {
    name: 'a password other than x',
    method: 'GET',
    path: '/users',
    headers: { Authorization: 'Basic ' + btoa('demo-key:y') },
    status: 401,
  },
  {
    name: 'a non-partner account (B)',
    method: 'GET',
    path: '/users',
    headers: { Authorization: KEY('demo-key-b') },
    status: 403,
    message: /partner/,
  },
  {
    name: "another account's private project",
    method: 'GET',
    path: '/projects/29200001',
    status: 403,
    message: /not allowed to see this project/,
  },
  { name: 'an unknown project', method: 'GET', path: '/projects/99999999', status: 404 },
  { name: 'an unknown external identifier', method: 'GET', path: '/projects/no-such-thing', status: 404 },
  { name: 'an unknown path', method: 'GET', path: '/nothing-here', status: 404 },
  { name: 'a method the path does not take', method: 'PATCH', path: '/projects/186997360', status: 405 },
  {
    name: 'a body that is not XML',
    method: 'POST',
    path: '/projects',
    body: '<project><name>x</project>',
    status: 400,
  },
  {
    name: 'a body with a document type',
    method: 'POST',
    path: '/projects',
    body: '<!DOCTYPE x [<!ENTITY a "b">]><project/>',
    status: 400,
  },
  { name: 'a body with another root', method: 'POST', path: '/users', body: '<project/>', status: 400 },
  {
    name: 'a validation failure',
    method: 'POST',
    path: '/users',
    body: '<user><email>x</email></user>',
    status: 422,
    fields: ['email', 'account-type', 'language', 'country-code'],
  },
  {
    name: 'a publish without a path',
    method: 'POST',
    path: '/projects/186997360/configuration',
    body: '<publish-configuration><show-3d>1</show-3d></publish-configuration>',
    status: 422,
    fields: ['path'],
  },
];

describe('planning XML API: failures (section 7)', () => {
  let running: Running;
  let base: string;
  before(async () => {
    running = await startDemoServer({ rooms: 5 });
    base = `${running.url}/planning-xml`;
  });
  after(() => running.close());

  for (const c of CASES)
    for (const form of ['xml', 'embed'] as const)
      it(`${c.name}: ${c.status} in .${form}`, async () => {
        const headers: Record<string, string> = {
          Authorization: KEY(),
          'Content-Type': 'text/xml',
          ...c.headers,
        };
        if (!headers.Authorization) delete headers.Authorization;
        const url = `${base}${c.path}.${form}`;
        const res = await fetch(url, { method: c.method, headers, body: c.body });
        assert.equal(res.status, form === 'xml' ? c.status : 200);
        assert.match(res.headers.get('content-type') ?? '', /^application\/xml/);
        const text = await res.text();
        assert.match(text, new RegExp(`<failure status="${c.status}" xml:lang="en">`));
        const error = readFailure(text, url, form, res.status);
        assert.ok(error instanceof PlanningXmlError);
        assert.equal(error.status, c.status);
        assert.ok(error.messages.length >= 1 && error.messages.every((m) => m.length > 0));
        if (c.fields) assert.deepEqual(error.fields.sort(), [...c.fields].sort());
        if (c.message) assert.match(error.messages[0]!, c.message);
        if (c.status === 401)
          assert.equal(
            res.headers.get('www-authenticate') !== null,
            form === 'xml',
            'the plugin never gets a login prompt',
          );
        if (c.status === 405) assert.match(res.headers.get('allow') ?? '', /GET/);
      });

  it('requires a Content-Type header, even with a format suffix (415)', async () => {
    for (const form of ['xml', 'embed']) {
      const res = await fetch(`${base}/users.${form}`, { headers: { Authorization: KEY() } });
      assert.equal(res.status, form === 'xml' ? 415 : 200);
      assert.match(await res.text(), /<failure status="415"/);
    }
    const json = await fetch(`${base}/users.xml`, {
      headers: { Authorization: KEY(), 'Content-Type': 'application/json' },
    });
    assert.equal(json.status, 415);
  });

  it('supports only the xml format (and embed): .json and a missing format are 406', async () => {
    const headers = { Authorization: KEY(), 'Content-Type': 'text/xml' };
    const json = await fetch(`${base}/users.json`, { headers });
    assert.equal(json.status, 406);
    const none = await fetch(`${base}/users`, { headers });
    assert.equal(none.status, 406);
    assert.match(await none.text(), /<failure status="406"/);
  });

  it('never answers 201 in .embed; writes characters outside ASCII as character references', async () => {
    const headers = { Authorization: KEY(), 'Content-Type': 'text/xml' };
    const res = await fetch(`${base}/projects.embed`, {
      method: 'POST',
      headers,
      body: '<project><name>Ma maison à Zürich</name></project>',
    });
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.ok(
      [...text].every((ch) => ch.charCodeAt(0) < 128),
      'the answer is ASCII',
    );
    assert.match(text, /Ma maison &#224; Z&#252;rich/);
    const created = await fetch(`${base}/projects.xml`, {
      method: 'POST',
      headers,
      body: '<project><name>n</name></project>',
    });
    assert.equal(created.status, 201);
  });

  it('answers a partner with a second account (C) only about its own data', async () => {
    const headers = { Authorization: KEY('demo-key-c'), 'Content-Type': 'text/xml' };
    const list = await fetch(`${base}/projects.xml?compact=true`, { headers });
    assert.equal(list.status, 200);
    assert.doesNotMatch(await list.text(), /186997360/);
    const other = await fetch(`${base}/projects/186997360.embed`, { headers });
    assert.equal(other.status, 200);
    assert.match(await other.text(), /<failure status="403"/);
  });
});
