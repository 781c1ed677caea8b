/**
 * What a valid export produces in the emulator: real PNG, JPEG and PDF files of the project's plan
 * (decoded here with pngjs, jpeg-js and pdf-lib), the result map, the callback (a real HTTP POST to a
 * receiver on another port, signed; an email to the outbox), and the exports list.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hono } from 'hono';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { PDFDocument, PDFRawStream, decodePDFRawStream, type PDFArray, type PDFStream } from 'pdf-lib';
import { oauthToken } from './helpers/planning.ts';
import { listen, startDemoServer, type Running } from './helpers/server.ts';
import { findRealdata } from '../../server/emulator/options.ts';
import { hmac } from './helpers/hmac.ts';

// project 186997360 is drawn from the real FML when ../shared/realdata is there, from a generated plan otherwise
const REAL_PLAN = findRealdata() !== null;

const KEY = { Authorization: 'Basic ' + btoa('demo-key:x') };
const PROJECT = 186997360;
const DESIGNS = [305031409, 305031445];

type Result = { project: Record<string, string[]>; design: Record<string, string[]>; export_id: number };

async function bytes(url: string): Promise<{ data: Buffer; type: string | null; cors: string | null }> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  return {
    data: Buffer.from(await response.arrayBuffer()),
    type: response.headers.get('content-type'),
    cors: response.headers.get('access-control-allow-origin'),
  };
}

/** Counts of pixel kinds in an RGBA buffer. */
function pixels(data: Uint8Array | Buffer) {
  let white = 0;
  let dark = 0;
  let coloured = 0;
  let red = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
    if (r > 245 && g > 245 && b > 245) white++;
    if (r < 90 && g < 90 && b < 90) dark++;
    if (Math.max(r, g, b) - Math.min(r, g, b) > 12) coloured++;
    if (r > 200 && g < 60 && b < 60) red++;
  }
  return { white, dark, coloured, red, total: data.length / 4 };
}

async function pdfText(data: Buffer): Promise<{ doc: PDFDocument; content: string }> {
  const doc = await PDFDocument.load(data);
  let content = '';
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents && 'asArray' in contents
        ? (contents as PDFArray).asArray().map((ref) => doc.context.lookup(ref))
        : [contents];
    for (const stream of streams) {
      const raw =
        stream instanceof PDFRawStream
          ? decodePDFRawStream(stream).decode()
          : (stream as PDFStream).getContents();
      content += Buffer.from(raw).toString('latin1');
    }
  }
  return { doc, content };
}

describe('planning emulator: export files, callbacks and the exports list', () => {
  let running: Running;
  let receiver: Running;
  const received: { headers: Record<string, string>; body: string }[] = [];
  let answers: number[] = [];
  before(async () => {
    running = await startDemoServer({ rooms: 5 });
    const app = new Hono();
    app.post('/hook', async (c) => {
      received.push({ headers: Object.fromEntries(c.req.raw.headers), body: await c.req.text() });
      const status = answers.shift() ?? 200;
      return c.json({}, status as 200);
    });
    receiver = await listen(app);
  });
  after(async () => {
    await receiver.close();
    await running.close();
  });

  const exportNow = async (
    body: Record<string, unknown>,
    headers: Record<string, string> = KEY,
  ): Promise<Result> => {
    const response = await fetch(`${running.url}/planning/api/v2/projects/${PROJECT}/export.json`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ callback: 'files@portal.example', ...body }),
    });
    const result = await response.json();
    assert.equal(response.status, 200, JSON.stringify(result));
    return result;
  };

  const record = async (id: number) =>
    (await fetch(`${running.url}/planning/api/v2/exports/${id}.json`, { headers: KEY })).json();

  /** An OAuth access token of the demo client, for `user` when given (else the emulator's default user). */
  const accessToken = async (user?: number) => (await oauthToken(running.url, { user })).access_token;

  async function settled(id: number) {
    for (let i = 0; i < 60; i++) {
      const r = await record(id);
      if (r.callback_status !== 'pending') return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`callback of export ${id} still pending`);
  }

  it('2d: one file per design and format without combine, one per format for the project with it', async () => {
    const apart = await exportNow({
      type: '2d',
      fmt: ['png', 'jpg'],
      width: 320,
      height: 240,
      paper: { combine: false },
    });
    assert.deepEqual(apart.project, {});
    assert.deepEqual(Object.keys(apart.design).map(Number).sort(), DESIGNS);
    for (const urls of Object.values(apart.design)) {
      assert.deepEqual(
        urls.map((u) => u.split('.').pop()),
        ['png', 'jpg'],
      );
      const png = await bytes(urls[0]!);
      assert.equal(png.type, 'image/png');
      assert.equal(png.cors, '*', 'files can be fetched from any page');
      const image = PNG.sync.read(png.data);
      assert.equal(image.width, 320);
      assert.equal(image.height, 240);
      const count = pixels(image.data);
      assert.ok(count.dark > 200, `walls drawn (${count.dark} dark pixels)`);
      assert.ok(count.coloured > 2000, 'rooms drawn in colour');
      const jpg = await bytes(urls[1]!);
      assert.equal(jpg.type, 'image/jpeg');
      const decoded = jpeg.decode(jpg.data, { useTArray: true });
      assert.equal(decoded.width, 320);
      assert.ok(pixels(decoded.data).dark > 200);
    }
    const together = await exportNow({
      type: '2d',
      fmt: ['png'],
      width: 200,
      height: 100,
      paper: { combine: true },
    });
    assert.deepEqual(together.design, {});
    assert.equal(together.project[PROJECT]!.length, 1);
    assert.equal((await fetch(`${together.project[PROJECT]![0]!}x`)).status, 404);
  });

  it('pdf: the plan as vectors on the paper size and orientation asked for, with names, scale bar and 1:N', async () => {
    const a4 = await exportNow({
      type: '2d',
      fmt: ['pdf'],
      width: 300,
      height: 200,
      designs: [DESIGNS[0]],
      paper: { combine: false, size: 'A4', scale: 100 },
    });
    const file = await bytes(a4.design[DESIGNS[0]!]![0]!);
    assert.equal(file.type, 'application/pdf');
    const { doc, content } = await pdfText(file.data);
    assert.equal(doc.getPageCount(), 1);
    assert.deepEqual(
      doc.getPages()[0]!.getSize(),
      { width: 841.89, height: 595.28 },
      'A4 landscape (the default orientation)',
    );
    assert.equal(doc.getTitle(), 'Amstelveenseweg 1092 A, Amsterdam');
    const fills = (content.match(/\bf\b/g) ?? []).length;
    assert.ok(fills > (REAL_PLAN ? 20 : 4), `filled paths: rooms and walls (${fills})`);
    assert.match(content, /Tj/, 'text: the design name and the scale');

    const portrait = await exportNow({
      type: '2d',
      fmt: ['pdf'],
      width: 300,
      height: 200,
      paper: { combine: true, size: 'LETTER', orientation: 'portrait', stamp_names: false },
    });
    const letter = await pdfText((await bytes(portrait.project[PROJECT]![0]!)).data);
    assert.deepEqual(letter.doc.getPages()[0]!.getSize(), { width: 612, height: 792 });

    const free = await exportNow({
      type: '2d',
      fmt: ['pdf'],
      width: 300,
      height: 200,
      paper: { combine: true },
    });
    const sized = await pdfText((await bytes(free.project[PROJECT]![0]!)).data);
    assert.deepEqual(
      sized.doc.getPages()[0]!.getSize(),
      { width: 300, height: 200 },
      'without a paper size: width × height',
    );
  });

  it('the options change the drawing: visuals, margins, wall top colour', async () => {
    const draw = async (body: Record<string, unknown>) => {
      const result = await exportNow({ fmt: ['png'], width: 240, height: 180, ...body });
      const url = [...Object.values(result.project), ...Object.values(result.design)].flat()[0]!;
      return PNG.sync.read((await bytes(url)).data);
    };
    const bw = pixels((await draw({ type: '2d', paper: { combine: true, visuals: 'BW' } })).data);
    const colour = pixels((await draw({ type: '2d', paper: { combine: true, visuals: 'ALL' } })).data);
    assert.equal(bw.coloured, 0, 'BW: black and white only');
    assert.ok(colour.coloured > 1000);

    const margin = await draw({
      type: '2d',
      paper: { combine: true, margins: { left: 60, top: 0, bottom: 0, right: 0 }, scalebar: { width: 1 } },
    });
    for (let y = 0; y < margin.height; y++)
      for (let x = 0; x < 55; x++)
        assert.equal(margin.data[(y * margin.width + x) * 4], 255, `margin pixel ${x},${y} is white`);

    const red = pixels(
      (
        await draw({
          type: '3d',
          paper: { combine: true },
          views: [{ type: 'top', wall_top_color: 'ff0000' }],
        })
      ).data,
    );
    const grey = pixels(
      (await draw({ type: '3d', paper: { combine: true }, views: [{ type: 'top' }] })).data,
    );
    assert.ok(red.red > 200 && grey.red === 0, 'the wall tops take the colour');
  });

  it('3d: a file per design and view (stereo gives left and right), paper size in pixels at 96 dpi', async () => {
    const result = await exportNow({
      type: '3d',
      fmt: ['png'],
      width: 120,
      height: 90,
      paper: { combine: false },
      views: [{ type: 'se' }, { type: 'stereo' }],
    });
    for (const id of DESIGNS) assert.equal(result.design[id]!.length, 3);
    const paper = await exportNow({
      type: '3d',
      fmt: ['png', 'pdf'],
      width: 120,
      height: 90,
      paper: { combine: true, size: 'A4', orientation: 'portrait' },
      views: [{ type: 'tilted' }],
    });
    const [png, pdf] = paper.project[PROJECT]!;
    const image = PNG.sync.read((await bytes(png!)).data);
    assert.deepEqual([image.width, image.height], [794, 1123]);
    const { doc } = await pdfText((await bytes(pdf!)).data);
    assert.deepEqual(doc.getPages()[0]!.getSize(), { width: 595.28, height: 841.89 });
  });

  it('draws the real plan of project 186997360 when the real samples are present', async (t) => {
    const generated = await startDemoServer({ rooms: 5, realdataDir: null });
    try {
      const body = JSON.stringify({
        type: '2d',
        fmt: ['png'],
        width: 160,
        height: 120,
        paper: { combine: true },
        callback: 'a@b.example',
      });
      const draw = async (base: string) => {
        const response = await fetch(`${base}/planning/api/v2/projects/${PROJECT}/export.json`, {
          method: 'POST',
          headers: { ...KEY, 'Content-Type': 'application/json' },
          body,
        });
        const result = (await response.json()) as Result;
        return (await bytes(result.project[PROJECT]![0]!)).data;
      };
      const real = await draw(running.url);
      const stand_in = await draw(generated.url);
      const project = await (
        await fetch(`${running.url}/planning/api/v2/projects/${PROJECT}.json`, { headers: KEY })
      ).json();
      if (project.floors[0].height !== 2.85) {
        t.skip('../shared/realdata is missing: both draw the generated plan');
        return;
      }
      assert.notDeepEqual(PNG.sync.read(real).data, PNG.sync.read(stand_in).data);
    } finally {
      await generated.close();
    }
  });

  it('POSTs the result map to an http callback, signed with the secret of whoever exported', async () => {
    received.length = 0;
    const result = await exportNow({
      type: '2d',
      fmt: ['png'],
      width: 40,
      height: 30,
      paper: { combine: true },
      callback: `${receiver.url}/hook`,
    });
    const done = await settled(result.export_id);
    assert.equal(done.callback_status, 'delivered');
    assert.equal(done.callback_attempts, 1);
    assert.equal(received.length, 1);
    const [call] = received;
    assert.deepEqual(JSON.parse(call!.body), { project: result.project, design: result.design });
    assert.equal(call!.headers['content-type'], 'application/json');
    assert.equal(call!.headers['x-planner-export-id'], String(result.export_id));
    assert.equal(call!.headers['x-planner-project-id'], String(PROJECT));
    const sentAt = Number(call!.headers['x-planner-timestamp']);
    assert.ok(Math.abs(sentAt - Date.now() / 1000) < 30, 'X-Planner-Timestamp is the send time in seconds');
    assert.equal(
      call!.headers['x-planner-signature'],
      await hmac('demo-key', `${sentAt}.${result.export_id}.${PROJECT}.${call!.body}`),
      'API-key exports are signed with the key, over the time, the export id, the project id and the body',
    );

    // with an OAuth token: signed with the application's client secret
    const viaToken = await exportNow(
      {
        type: '3d',
        fmt: ['jpg'],
        width: 40,
        height: 30,
        paper: { combine: true },
        views: [{ type: 'ne' }],
        callback: `${receiver.url}/hook`,
      },
      { Authorization: `Bearer ${await accessToken()}` },
    );
    await settled(viaToken.export_id);
    assert.equal(
      received[1]!.headers['x-planner-signature'],
      await hmac(
        'demo-secret',
        `${received[1]!.headers['x-planner-timestamp']}.${viaToken.export_id}.${PROJECT}.${received[1]!.body}`,
      ),
    );
  });

  it('retries a callback after a 5xx, gives up at once after a 4xx and after three failed attempts', async () => {
    received.length = 0;
    // a small plan, so each attempt is quick
    const exportTo = (callback: string) =>
      exportNow({ type: '2d', fmt: ['png'], width: 20, height: 20, paper: { combine: true }, callback });
    answers = [503, 200];
    const retried = await exportTo(`${receiver.url}/hook`);
    const first = await settled(retried.export_id);
    assert.equal(first.callback_status, 'delivered');
    assert.equal(first.callback_attempts, 2);
    answers = [410];
    const refused = await exportTo(`${receiver.url}/hook`);
    const second = await settled(refused.export_id);
    assert.equal(second.callback_status, 'failed');
    assert.equal(second.callback_attempts, 1);
    assert.equal(second.callback_response_status, 410);
    const closed = await listen(new Hono());
    await closed.close();
    const nowhere = await exportTo(`${closed.url}/gone`);
    const third = await settled(nowhere.export_id);
    assert.equal(third.callback_status, 'failed');
    assert.equal(third.callback_attempts, 3);
  });

  it('sends an email callback to the outbox', async () => {
    const result = await exportNow({
      type: '2d',
      fmt: ['pdf'],
      width: 40,
      height: 30,
      paper: { combine: true },
      callback: 'architect@portal.example',
    });
    const outbox = await (await fetch(`${running.url}/planning/emulator/outbox`)).json();
    const mail = outbox.find((m: { export_id: number }) => m.export_id === result.export_id);
    assert.equal(mail.to, 'architect@portal.example');
    assert.match(mail.text, new RegExp(result.project[PROJECT]![0]!.replace(/[.?]/g, '\\$&')));
    assert.equal((await record(result.export_id)).callback_status, 'sent');
  });

  it('lists the 100 most recent exports newest first, and shows one with the documented fields', async () => {
    await fetch(`${running.url}/planning/emulator/reset`, { method: 'POST' });
    const ids: number[] = [];
    for (let i = 0; i < 102; i++)
      ids.push(
        (await exportNow({ type: '2d', fmt: ['png'], width: 8, height: 8, paper: { combine: true } }))
          .export_id,
      );
    const list = await (await fetch(`${running.url}/planning/api/v2/exports.json`, { headers: KEY })).json();
    assert.equal(list.length, 100);
    assert.deepEqual(
      list.map((e: { id: number }) => e.id),
      ids.slice(2).reverse(),
    );
    const shown = await record(ids.at(-1)!);
    assert.deepEqual(Object.keys(shown).sort(), [
      'callback',
      'callback_attempts',
      'callback_kind',
      'callback_response_status',
      'callback_status',
      'created_at',
      'delivered_at',
      'designs',
      'finished_at',
      'fmt',
      'height',
      'id',
      'paper',
      'project_id',
      'result',
      'status',
      'type',
      'user_id',
      'views',
      'width',
    ]);
    assert.equal(shown.status, 'done');
    assert.deepEqual(shown.designs, DESIGNS);
    assert.deepEqual(shown.paper.margins, { top: 15, left: 15, bottom: 15, right: 15 }, 'defaults filled in');
    assert.deepEqual(shown.paper.scalebar, { width: 100, height: 4, div: 5 });
    assert.equal(shown.paper.stamp_names, true);

    const headers = { Authorization: `Bearer ${await accessToken(1002)}` };
    assert.deepEqual(
      await (await fetch(`${running.url}/planning/api/v2/exports.json`, { headers })).json(),
      [],
      'each user sees their own',
    );
    assert.equal(
      (await fetch(`${running.url}/planning/api/v2/exports/${ids[0]}.json`, { headers })).status,
      403,
    );
    assert.equal(
      (await fetch(`${running.url}/planning/api/v2/exports/1.json`, { headers: KEY })).status,
      404,
    );
    assert.equal((await fetch(`${running.url}/planning/api/v2/exports.json`)).status, 403);
  });
});
