/**
 * Issue 22, finding 10 (the emulator's part): a body the XML parser throws on (elements nested too
 * deeply, an element named `__proto__` or `constructor`) is a bad request with a clear error, never a
 * 500, in every emulator route that reads XML: the XML API's bodies (400, its answer to a body it
 * cannot read) and the v2 API's FML bodies (422, its answer to invalid FML; docs/emulator-planning.md).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useDemoServer } from './helpers/server.ts';

const BASIC = 'Basic ' + btoa('demo-key:x');
const DEEP = 1000;
const hostile = (root: string) => ({
  'too deep': `<${root}><name>x</name>${'<a>'.repeat(DEEP)}${'</a>'.repeat(DEEP)}</${root}>`,
  '__proto__ element': `<${root}><__proto__><polluted>1</polluted></__proto__><name>x</name></${root}>`,
  'constructor element': `<${root}><constructor>1</constructor><name>x</name></${root}>`,
});

describe('emulator: XML the parser refuses is a bad request, not a 500 (issue 22, finding 10)', () => {
  const running = useDemoServer({ rooms: 5, realdataDir: null });
  const send = (method: string, path: string, body: string) =>
    fetch(`${running.url}${path}`, {
      method,
      headers: { 'Content-Type': 'text/xml', Authorization: BASIC },
      body,
    });

  it('the XML API answers 400 with the reason', async () => {
    for (const [what, body] of Object.entries(hostile('project'))) {
      for (const [method, path] of [
        ['POST', '/planning-xml/projects.xml'],
        ['POST', '/planning-xml/users.xml'],
      ] as const) {
        const answer = await send(method, path, body);
        const text = await answer.text();
        assert.equal(answer.status, 400, `${what} to ${path}: ${text.slice(0, 200)}`);
        assert.match(text, /<failure status="400"/);
        assert.match(text, what === 'too deep' ? /nested more than \d+ deep/ : /not allowed/, what);
      }
    }
  });

  it('the v2 API answers 422 with the reason for FML import, FML designs and a project updated as FML', async () => {
    const project = (await (
      await fetch(`${running.url}/planning/api/v2/projects.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: BASIC },
        body: JSON.stringify({ name: 'target' }),
      })
    ).json()) as { id: number; floors: { id: number }[] };
    const floor = project.floors[0]!.id;
    for (const [what, body] of [
      ...Object.entries(hostile('project')),
      ...Object.entries(hostile('design')),
    ]) {
      for (const [method, path] of [
        ['POST', '/planning/api/v2/projects/import.json'],
        ['PUT', `/planning/api/v2/projects/${project.id}.json`],
        ['POST', `/planning/api/v2/projects/${project.id}/floors/${floor}/designs.fml`],
      ] as const) {
        const answer = await send(method, path, body);
        const text = await answer.text();
        assert.equal(answer.status, 422, `${what} ${method} ${path}: ${text.slice(0, 200)}`);
        const details = (JSON.parse(text) as { details: string[] }).details.join(' ');
        assert.match(details, what === 'too deep' ? /nested more than \d+ deep/ : /not allowed/, what);
      }
    }
    // the emulator is still whole: nothing was polluted, a good import still works
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    const good = await send(
      'POST',
      '/planning/api/v2/projects/import.json',
      '<project><name>ok</name></project>',
    );
    assert.equal(good.status, 200);
  });
});
