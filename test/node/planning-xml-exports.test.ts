/**
 * Document 2's exports against the emulator over real HTTP: export as image (render, a zip archive),
 * design export (six types, bounds) and 3D render (export_render). The XML results are POSTed to a
 * test server on 127.0.0.1 and read there by the client's callback helper; `send_to` goes to the
 * outbox; the partner back end's XML callback receiver (server/partner/xml-callback.ts) stores them
 * for its status polling.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import {
  exportDesign,
  ExportCallbackError,
  readExportCallback,
  renderDesign3d,
  renderProject,
  showProject,
  verifyExportCallback,
  type ExportCallback,
} from '../../src/api/planning-xml/index.ts';
import { MemoryStore } from '../../server/partner/store.ts';
import { xmlExportCallback, type ReceivedXmlExport } from '../../server/partner/xml-callback.ts';
import { listen, type Running } from './helpers/server.ts';
import { hmac } from './helpers/hmac.ts';
import { usePlanningXml, xmlRejection } from './helpers/planning.ts';

/** A partner's callback receiver: every POST is checked and read with the client's helper. */
function receiver() {
  const received: (ExportCallback | { error: string; status: number })[] = [];
  const waiters: (() => void)[] = [];
  const app = new Hono();
  app.post('/callback', async (c) => {
    try {
      received.push(await readExportCallback(c.req.raw, 'demo-key'));
      waiters.splice(0).forEach((w) => w());
      return c.text('ok');
    } catch (error) {
      const status = error instanceof ExportCallbackError ? error.status : 500;
      received.push({ error: (error as Error).message, status });
      waiters.splice(0).forEach((w) => w());
      return c.text('no', status);
    }
  });
  const next = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (received.length < count && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    assert.ok(received.length >= count, 'the callback arrived');
    return received[count - 1]!;
  };
  return { app, received, next };
}

/** The headers the emulator sends with export 7 of project 9: signed over `<timestamp>.7.9.<body>`. */
async function signedHeaders(body: string, timestamp: number): Promise<Record<string, string>> {
  return {
    'X-Planner-Timestamp': String(timestamp),
    'X-Planner-Export-Id': '7',
    'X-Planner-Project-Id': '9',
    'X-Planner-Signature': await hmac('demo-key', `${timestamp}.7.9.${body}`),
  };
}

function zipNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 30 <= bytes.length && view.getUint32(at, true) === 0x04034b50) {
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    names.push(new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength)));
    at += 30 + nameLength + size;
  }
  return names;
}

describe('planning XML API: exports and their callbacks', () => {
  const { running, xml, embed } = usePlanningXml();
  let partner: Running;
  const sink = receiver();
  let callback: string;
  before(async () => {
    partner = await listen(sink.app);
    callback = `${partner.url}/callback`;
  });
  after(() => partner.close());

  it('renders every design of a project into a zip archive and POSTs the XML result to the callback', async () => {
    const accepted = await renderProject(xml, 186997360, {
      width: 400,
      height: 300,
      callback,
      type: 'image/png',
      scalebar: true,
    });
    assert.ok(accepted.exportId);
    const result = (await sink.next(1)) as ExportCallback;
    assert.equal(result.kind, 'result');
    assert.equal(result.namespace, `${xml.base}/export/result`);
    assert.equal(result.exportId, accepted.exportId);
    assert.equal(result.projectId, 186997360);
    assert.equal(result.designId, null);
    // signed over its send time, which the helper checked against the clock
    assert.ok(Math.abs(result.timestamp - Date.now() / 1000) < 60, `timestamp ${result.timestamp}`);
    assert.equal(result.links.length, 1);
    assert.equal(result.links[0]!.type, 'application/zip');
    const zip = await fetch(result.links[0]!.href);
    assert.equal(zip.status, 200);
    assert.equal(zip.headers.get('content-type'), 'application/zip');
    const names = zipNames(new Uint8Array(await zip.arrayBuffer()));
    const project = await showProject(xml, 186997360);
    const designs = project.floors!.flatMap((f) => f.designs).length;
    assert.equal(names.length, designs);
    assert.ok(names.every((n) => n.endsWith('.png')));
    // the same export in the v2 API
    const v2 = await fetch(`${running.url}/planning/api/v2/exports/${accepted.exportId}.json`, {
      headers: { Authorization: 'Basic ' + btoa('demo-key:x') },
    });
    assert.equal(v2.status, 200);
  });

  it('sends the result to an email address with send_to (the outbox)', async () => {
    const accepted = await renderProject(xml, 186997360, {
      width: 210,
      height: 297,
      sendTo: 'planner@partner.example',
      type: 'application/pdf',
      paperScale: 0.01,
      scaling: 'constant',
      blackWhite: true,
    });
    const outbox = (await (await fetch(`${running.url}/planning/emulator/outbox`)).json()) as {
      to: string;
      export_id: number;
      text: string;
    }[];
    const mail = outbox.find((m) => m.export_id === accepted.exportId)!;
    assert.equal(mail.to, 'planner@partner.example');
    assert.match(mail.text, /project-186997360\.zip/);
  });

  it('refuses render parameters with every field named, in .xml and .embed', async () => {
    for (const ctx of [xml, embed]) {
      const error = await xmlRejection(
        renderProject(ctx, 186997360, {
          width: 0,
          height: 20000,
          type: 'image/gif' as 'image/png',
          paperScale: 0.5,
        }),
      );
      assert.equal(error.status, 422);
      assert.deepEqual(error.fields.sort(), [
        'callback',
        'paper_scale',
        'resolution[height]',
        'resolution[width]',
        'type',
      ]);
    }
    const pdfOnly = await xmlRejection(
      renderProject(xml, 186997360, { width: 10, height: 10, callback, paperScale: 0.01 }),
    );
    assert.deepEqual(pdfOnly.messages, ['paper_scale applies to application/pdf only']);
  });

  it('exports one design in each of the six types, with its bounds', async () => {
    const project = await showProject(xml, 186997360);
    const design = project.floors![0]!.designs[0]!.id;
    const types = [
      'image/jpeg',
      'image/png',
      'image/svg+xml',
      'application/pdf',
      'application/vnd.google-earth.kmz',
      'application/sla',
    ] as const;
    let count = sink.received.length;
    for (const type of types) {
      const accepted = await exportDesign(xml, design, { width: 320, height: 240, callback, type });
      const result = (await sink.next(++count)) as ExportCallback;
      assert.equal(result.exportId, accepted.exportId);
      assert.equal(result.designId, design);
      assert.equal(result.links[0]!.type, type);
      assert.equal(result.bounds?.units, 'm');
      assert.ok(result.bounds!.right > result.bounds!.left && result.bounds!.bottom > result.bounds!.top);
      const file = await fetch(result.links[0]!.href);
      assert.equal(file.status, 200);
      assert.equal(file.headers.get('content-type'), type);
      const bytes = new Uint8Array(await file.arrayBuffer());
      const head = new TextDecoder().decode(bytes.subarray(0, 8));
      if (type === 'image/png') assert.equal(head.slice(1, 4), 'PNG');
      if (type === 'application/pdf') assert.equal(head.slice(0, 5), '%PDF-');
      if (type === 'image/svg+xml') assert.match(new TextDecoder().decode(bytes), /<svg /);
      if (type === 'application/sla') assert.equal(head.slice(0, 5), 'solid');
      if (type === 'application/vnd.google-earth.kmz')
        assert.deepEqual(zipNames(bytes), ['doc.kml', 'plan.png']);
    }
    const error = await xmlRejection(
      exportDesign(embed, design, {
        width: 10,
        height: 10,
        callback: 'ftp://x',
        type: 'image/bmp' as 'image/png',
      }),
    );
    assert.deepEqual(error.fields.sort(), ['callback', 'type']);
    assert.equal((await xmlRejection(exportDesign(xml, 1, { width: 10, height: 10, callback }))).status, 404);
  });

  it('renders a design in 3D (export_render) and POSTs a result in the render namespace', async () => {
    const project = await showProject(xml, 186997360);
    const floor = project.floors![0]!;
    const design = floor.designs[0]!.id;
    const count = sink.received.length;
    const accepted = await renderDesign3d(
      xml,
      { project: 186997360, floor: floor.id, design },
      { width: 300, height: 200, angle: 'NE', wallTops: '#336699', callback },
    );
    const result = (await sink.next(count + 1)) as ExportCallback;
    assert.equal(result.kind, 'render');
    assert.equal(result.namespace, `${xml.base}/export/render`);
    assert.equal(result.exportId, accepted.exportId);
    assert.equal(result.links[0]!.type, 'image/png');
    const error = await xmlRejection(
      renderDesign3d(
        embed,
        { project: 186997360, floor: floor.id, design },
        { width: 300, height: 200, angle: 'UP' as 'NE', wallTops: 'blue', callback: '' },
      ),
    );
    assert.deepEqual(error.fields.sort(), ['angle', 'callback', 'wall_tops']);
    assert.equal(
      (
        await xmlRejection(
          renderDesign3d(
            xml,
            { project: 186997360, floor: 1, design },
            { width: 1, height: 1, angle: 'TD', wallTops: '#000000', callback },
          ),
        )
      ).status,
      404,
    );
  });

  it('accepts the real render request sample shape (hyphenated children, the service namespace)', async () => {
    const count = sink.received.length;
    const body = `<export xmlns="http://floorplanner.com/export/request"><resolution><width>500</width><height>500</height></resolution><callback>${callback}</callback><type>application/pdf</type><paper-scale>0.003</paper-scale><scaling>constant</scaling><scalebar>1</scalebar><black-white>false</black-white></export>`;
    const res = await fetch(`${xml.base}/projects/186997360/render`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + btoa('demo-key:x'), 'Content-Type': 'text/xml' },
      body,
    });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
    const result = (await sink.next(count + 1)) as ExportCallback;
    assert.equal(result.links[0]!.type, 'application/zip');
  });

  it('the callback helper refuses a wrong signature, a foreign namespace and links that are not http(s)', async () => {
    const body = `<result xmlns="${xml.base}/export/result" xmlns:xlink="http://www.w3.org/1999/xlink"><link xlink:href="http://x.example/a.zip" type="application/zip"/></result>`;
    const now = Math.floor(Date.now() / 1000);
    await assert.rejects(
      verifyExportCallback(
        {
          body,
          headers: {
            'X-Planner-Timestamp': String(now),
            'X-Planner-Export-Id': '1',
            'X-Planner-Signature': 'sha256=00',
          },
        },
        'demo-key',
      ),
      (e: unknown) => e instanceof ExportCallbackError && e.status === 401 && e.code === 'bad_signature',
    );
    const ok = await verifyExportCallback({ body, headers: await signedHeaders(body, now) }, [
      'other',
      'demo-key',
    ]);
    assert.equal(ok.exportId, 7);
    assert.equal(ok.timestamp, now);
    assert.equal(ok.links[0]!.href, 'http://x.example/a.zip');
    const foreign = body.replace('/export/result', '/elsewhere');
    await assert.rejects(
      verifyExportCallback({ body: foreign, headers: await signedHeaders(foreign, now) }, 'demo-key'),
      (e: unknown) => e instanceof ExportCallbackError && e.status === 400,
    );
    const js = body.replace('http://x.example/a.zip', 'javascript:alert(1)');
    await assert.rejects(
      verifyExportCallback({ body: js, headers: await signedHeaders(js, now) }, 'demo-key'),
      (e: unknown) => e instanceof ExportCallbackError && e.status === 400,
    );
  });

  it('the callback helper checks the timestamp: signed, fresh by its clock, and seen once when asked', async () => {
    const body = `<result xmlns="${xml.base}/export/result" xmlns:xlink="http://www.w3.org/1999/xlink"><link xlink:href="http://x.example/a.zip" type="application/zip"/></result>`;
    const sent = 1_900_000_000;
    const headers = await signedHeaders(body, sent);
    const at = (seconds: number) => ({ now: () => seconds * 1000 });
    const refused = (code: string, status: number) => (e: unknown) =>
      e instanceof ExportCallbackError && e.code === code && e.status === status;
    // within five minutes either way of the receiver's clock
    assert.equal((await verifyExportCallback({ body, headers }, 'demo-key', at(sent + 299))).exportId, 7);
    assert.equal((await verifyExportCallback({ body, headers }, 'demo-key', at(sent - 299))).exportId, 7);
    await assert.rejects(
      verifyExportCallback({ body, headers }, 'demo-key', at(sent + 301)),
      refused('stale_callback', 401),
      'older than five minutes',
    );
    await assert.rejects(
      verifyExportCallback({ body, headers }, 'demo-key', at(sent - 301)),
      refused('stale_callback', 401),
      'from the future',
    );
    await assert.rejects(
      verifyExportCallback({ body, headers }, 'demo-key', { ...at(sent + 100), maxAge: 60 }),
      refused('stale_callback', 401),
      'a narrower window',
    );
    // the timestamp is signed: moved forward, the signature no longer matches
    await assert.rejects(
      verifyExportCallback(
        { body, headers: { ...headers, 'X-Planner-Timestamp': String(sent + 600) } },
        'demo-key',
        at(sent + 600),
      ),
      refused('bad_signature', 401),
    );
    // the form without a timestamp (signed over the ids and the body only) is refused
    const { 'X-Planner-Timestamp': _, ...untimed } = headers;
    await assert.rejects(
      verifyExportCallback(
        { body, headers: { ...untimed, 'X-Planner-Signature': await hmac('demo-key', `7.9.${body}`) } },
        'demo-key',
        at(sent),
      ),
      refused('bad_signature', 401),
    );
    // a replay guard: the first delivery passes, the same one again is refused
    const seen = new Set<string>();
    const once = {
      ...at(sent),
      firstSeen: (signature: string) => !seen.has(signature) && !!seen.add(signature),
    };
    assert.equal((await verifyExportCallback({ body, headers }, 'demo-key', once)).exportId, 7);
    await assert.rejects(
      verifyExportCallback({ body, headers }, 'demo-key', once),
      refused('replayed_callback', 409),
    );
  });

  it("the partner back end's XML receiver stores the result where its status polling reads it", async () => {
    const store = new MemoryStore();
    const app = new Hono();
    app.route('/export-callback-xml', xmlExportCallback({ store, secrets: ['demo-key'] }));
    const partnerXml = await listen(app);
    try {
      const project = await showProject(xml, 186997360);
      const design = project.floors![0]!.designs[0]!.id;
      const render = await renderProject(xml, 186997360, {
        width: 100,
        height: 100,
        callback: `${partnerXml.url}/export-callback-xml`,
      });
      const single = await exportDesign(xml, design, {
        width: 100,
        height: 100,
        callback: `${partnerXml.url}/export-callback-xml`,
        type: 'image/png',
      });
      const wait = async (id: number) => {
        for (let i = 0; i < 50; i++) {
          const got = await store.get<ReceivedXmlExport>(`export:${id}`);
          if (got) return got;
          await new Promise((r) => setTimeout(r, 100));
        }
        assert.fail(`export ${id} never arrived`);
      };
      const a = await wait(render.exportId!);
      assert.equal(a.project_id, 186997360);
      assert.equal(a.result.project['186997360']!.length, 1);
      assert.deepEqual(a.result.design, {});
      assert.equal(a.links[0]!.type, 'application/zip');
      const b = await wait(single.exportId!);
      assert.deepEqual(Object.keys(b.result.design), [String(design)]);
      assert.equal(b.bounds?.units, 'm');
      // an unsigned or forged callback is refused
      const forged = await fetch(`${partnerXml.url}/export-callback-xml`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/xml',
          'X-Planner-Export-Id': '99',
          'X-Planner-Signature': 'sha256=abcd',
        },
        body: '<result/>',
      });
      assert.equal(forged.status, 401);
      assert.equal(await store.get('export:99'), undefined);
      // a signed one passes once; its replay, a stale one and the form without a timestamp do not
      const body = `<result xmlns="${xml.base}/export/result" xmlns:xlink="http://www.w3.org/1999/xlink"><link xlink:href="http://x.example/a.zip" type="application/zip"/></result>`;
      const post = (headers: Record<string, string>) =>
        fetch(`${partnerXml.url}/export-callback-xml`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/xml', ...headers },
          body,
        }).then(async (r) => ({ status: r.status, error: ((await r.json()) as { error?: string }).error }));
      const now = Math.floor(Date.now() / 1000);
      const fresh = await signedHeaders(body, now);
      assert.deepEqual(await post(fresh), { status: 200, error: undefined });
      assert.deepEqual(await post(fresh), { status: 409, error: 'replayed_callback' });
      assert.deepEqual(await post(await signedHeaders(body, now - 301)), {
        status: 401,
        error: 'stale_callback',
      });
      const { 'X-Planner-Timestamp': _, ...untimed } = fresh;
      assert.deepEqual(
        await post({ ...untimed, 'X-Planner-Signature': await hmac('demo-key', `7.9.${body}`) }),
        { status: 401, error: 'bad_signature' },
      );
    } finally {
      await partnerXml.close();
    }
  });
});
