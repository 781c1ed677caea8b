/**
 * Every rule of Document 1's export tables (section 4.3), table-driven, over HTTP: each rule with a
 * value that passes (200 and files) and a value that breaks it (422, "invalid parameters specified",
 * and exactly one reason in `details` naming the member). The bases are valid requests; each case
 * changes one thing.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDemoServer, type Running } from './helpers/server.ts';

const KEY = { Authorization: 'Basic ' + btoa('demo-key:x') };
const PROJECT = 186997360;
const DESIGNS = [305031409, 305031445];
const DELETE = Symbol('delete');

type Body = Record<string, unknown>;
interface Case {
  rule: string;
  base: '2d' | '3d';
  change: Record<string, unknown>;
  /** undefined: valid; otherwise the reason expected in details */
  error?: RegExp;
}

const BASE: Record<'2d' | '3d', Body> = {
  '2d': {
    type: '2d',
    fmt: ['png'],
    width: 64,
    height: 48,
    paper: { combine: true },
    callback: 'files@portal.example',
  },
  '3d': {
    type: '3d',
    fmt: ['png'],
    width: 64,
    height: 48,
    paper: { combine: true },
    views: [{ type: 'top' }],
    callback: 'files@portal.example',
  },
};

/** A copy of `body` with dotted paths set (or deleted). */
function changed(body: Body, change: Record<string, unknown>): Body {
  const copy = structuredClone(body);
  for (const [path, value] of Object.entries(change)) {
    const keys = path.split('.');
    let node = copy as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) {
      if (!node[key] || typeof node[key] !== 'object') node[key] = {};
      node = node[key] as Record<string, unknown>;
    }
    if (value === DELETE) delete node[keys.at(-1)!];
    else node[keys.at(-1)!] = value;
  }
  return copy;
}

const ok = (rule: string, base: '2d' | '3d', change: Record<string, unknown>): Case => ({
  rule,
  base,
  change,
});
const bad = (rule: string, base: '2d' | '3d', change: Record<string, unknown>, error: RegExp): Case => ({
  rule,
  base,
  change,
  error,
});

function cases(cameraId: number, callbackUrl: string): Case[] {
  return [
    // required members
    bad('type required', '2d', { type: DELETE }, /^type: required/),
    bad('type 2d or 3d', '2d', { type: '4d' }, /^type: must be 2d or 3d/),
    bad('type is lower case', '2d', { type: '2D' }, /^type: must be 2d or 3d/),
    bad('fmt required', '2d', { fmt: DELETE }, /^fmt: required/),
    bad('fmt is an array', '2d', { fmt: 'png' }, /^fmt: must be an array/),
    bad('fmt not empty', '2d', { fmt: [] }, /^fmt: must not be empty/),
    bad('fmt values', '2d', { fmt: ['png', 'gif'] }, /^fmt: unknown format "gif"/),
    ok('fmt png, pdf and jpg', '2d', { fmt: ['png', 'pdf', 'jpg'] }),
    ok('fmt pdf', '2d', { fmt: ['pdf'] }),
    ok('fmt jpg (3d)', '3d', { fmt: ['jpg'] }),
    bad('width required', '2d', { width: DELETE }, /^width: required/),
    bad('width integer', '2d', { width: 64.5 }, /^width: must be an integer/),
    bad('width numeric', '2d', { width: 'wide' }, /^width: must be an integer/),
    bad('width positive', '2d', { width: 0 }, /^width: must be between 1 and 10000/),
    bad('width bounded', '2d', { width: 10001 }, /^width: must be between 1 and 10000/),
    ok('width as a numeric string', '2d', { width: '64' }),
    ok('width at the bound', '2d', { width: 10000, height: 2 }),
    bad('height required', '3d', { height: DELETE }, /^height: required/),
    bad('height positive', '3d', { height: -1 }, /^height: must be between/),
    bad('callback required', '2d', { callback: DELETE }, /^callback: required/),
    bad(
      'callback http(s) or email',
      '2d',
      { callback: 'ftp://portal.example/x' },
      /^callback: must be an http\(s\) URL or an email/,
    ),
    bad(
      'callback not a word',
      '2d',
      { callback: 'tomorrow' },
      /^callback: must be an http\(s\) URL or an email/,
    ),
    bad('callback a string', '2d', { callback: 42 }, /^callback: must be a string/),
    ok('callback http endpoint', '2d', { callback: callbackUrl }),
    ok('callback email', '3d', { callback: 'someone@example.org' }),
    bad('paper required', '2d', { paper: DELETE }, /^paper: required/),
    bad('paper an object', '2d', { paper: 'A4' }, /^paper: must be an object/),
    bad(
      'paper.combine required',
      '2d',
      { 'paper.combine': DELETE, 'paper.orientation': 'portrait' },
      /^paper\.combine: required/,
    ),
    bad('paper.combine boolean', '2d', { 'paper.combine': 'yes' }, /^paper\.combine: must be a boolean/),
    ok('paper.combine false', '2d', { 'paper.combine': false }),
    ok('paper.combine "true"', '3d', { 'paper.combine': 'true' }),
    // designs
    ok('designs null = all', '2d', { designs: null }),
    ok('designs of the project', '2d', { designs: DESIGNS }),
    ok('designs as numeric strings', '3d', { designs: [String(DESIGNS[1])] }),
    bad('designs an array', '2d', { designs: DESIGNS[0] }, /^designs: must be an array/),
    bad('designs not empty', '2d', { designs: [] }, /^designs: must not be empty/),
    bad(
      'designs inside the project',
      '2d',
      { designs: [DESIGNS[0], 32144] },
      /^designs: not a design of this project: 32144/,
    ),
    // paper members of both types
    ok('orientation portrait', '2d', { 'paper.orientation': 'portrait' }),
    ok('orientation landscape', '3d', { 'paper.orientation': 'landscape' }),
    bad(
      'orientation values',
      '2d',
      { 'paper.orientation': 'sideways' },
      /^paper\.orientation: must be one of landscape, portrait/,
    ),
    ok('size A4 with pdf (2d)', '2d', { fmt: ['pdf'], 'paper.size': 'A4' }),
    ok('size LEGAL with pdf and png (2d)', '2d', { fmt: ['pdf', 'png'], 'paper.size': 'LEGAL' }),
    bad(
      'size only with pdf (2d)',
      '2d',
      { 'paper.size': 'A4' },
      /^paper\.size: for type 2d only together with fmt pdf/,
    ),
    ok('size with png (3d)', '3d', { 'paper.size': 'A3', 'paper.orientation': 'portrait' }),
    bad(
      'size values',
      '2d',
      { fmt: ['pdf'], 'paper.size': 'A5' },
      /^paper\.size: must be one of A4, A3, A2, A1, A0, LETTER, LEGAL/,
    ),
    bad('size upper case', '3d', { 'paper.size': 'a4' }, /^paper\.size: must be one of/),
    ok('logo url, position, scale', '2d', {
      'paper.logo': { url: 'https://portal.example/logo.png', position: 'TL', scale: 0.99 },
    }),
    ok('logo scale 1 (automatic)', '3d', {
      'paper.logo': { url: 'http://portal.example/l.png', position: 'BC', scale: 1 },
    }),
    bad(
      'logo an object',
      '2d',
      { 'paper.logo': 'https://portal.example/logo.png' },
      /^paper\.logo: must be an object/,
    ),
    bad(
      'logo url http(s)',
      '2d',
      { 'paper.logo.url': 'javascript:alert(1)' },
      /^paper\.logo\.url: must be an http\(s\) URL/,
    ),
    bad(
      'logo position values',
      '2d',
      { 'paper.logo.position': 'MM' },
      /^paper\.logo\.position: must be one of BL, BC, BR, TL, TC, TR/,
    ),
    bad(
      'logo scale above 0',
      '2d',
      { 'paper.logo.scale': 0 },
      /^paper\.logo\.scale: must be a number above 0 and at most 1/,
    ),
    bad('logo scale at most 1', '3d', { 'paper.logo.scale': 1.5 }, /^paper\.logo\.scale:/),
    ok('margins integers', '2d', { 'paper.margins': { top: 0, left: 20, bottom: 5, right: 15 } }),
    ok('margins as strings', '3d', { 'paper.margins': { top: '10' } }),
    bad(
      'margins not negative',
      '2d',
      { 'paper.margins.top': -1 },
      /^paper\.margins\.top: must be an integer/,
    ),
    bad(
      'margins integers only',
      '2d',
      { 'paper.margins.left': 1.5 },
      /^paper\.margins\.left: must be an integer/,
    ),
    bad('margins an object', '2d', { 'paper.margins': 15 }, /^paper\.margins: must be an object/),
    // 2d only
    ok('stamp_names false', '2d', { 'paper.stamp_names': false }),
    bad(
      'stamp_names boolean',
      '2d',
      { 'paper.stamp_names': 'nope' },
      /^paper\.stamp_names: must be a boolean/,
    ),
    bad('stamp_names only 2d', '3d', { 'paper.stamp_names': true }, /^paper\.stamp_names: only for type 2d/),
    ok('scale 1:100 with pdf', '2d', { fmt: ['pdf'], 'paper.scale': 100 }),
    ok('scale 1:500 with pdf and jpg', '2d', { fmt: ['pdf', 'jpg'], 'paper.scale': '500' }),
    bad('scale only with pdf', '2d', { 'paper.scale': 100 }, /^paper\.scale: only with fmt pdf/),
    bad(
      'scale values',
      '2d',
      { fmt: ['pdf'], 'paper.scale': 75 },
      /^paper\.scale: must be one of 50, 100, 200, 500/,
    ),
    bad('scale only 2d', '3d', { 'paper.scale': 100 }, /^paper\.scale: only for type 2d/),
    ok('scale null in 3d (not given)', '3d', { 'paper.scale': null, 'paper.size': null }),
    ok('visuals ALL', '2d', { 'paper.visuals': 'ALL' }),
    ok('visuals BW', '2d', { 'paper.visuals': 'BW' }),
    ok('visuals BWC', '2d', { 'paper.visuals': 'BWC' }),
    bad('visuals values', '2d', { 'paper.visuals': 'GREY' }, /^paper\.visuals: must be one of ALL, BW, BWC/),
    bad('visuals only 2d', '3d', { 'paper.visuals': 'BW' }, /^paper\.visuals: only for type 2d/),
    ok('scalebar width, height, div', '2d', { 'paper.scalebar': { width: 120, height: 6, div: 4 } }),
    bad(
      'scalebar div positive',
      '2d',
      { 'paper.scalebar.div': 0 },
      /^paper\.scalebar\.div: must be a positive integer/,
    ),
    bad(
      'scalebar width integer',
      '2d',
      { 'paper.scalebar.width': 'wide' },
      /^paper\.scalebar\.width: must be a positive integer/,
    ),
    bad(
      'scalebar height integer',
      '2d',
      { 'paper.scalebar.height': 2.5 },
      /^paper\.scalebar\.height: must be a positive integer/,
    ),
    bad('scalebar an object', '2d', { 'paper.scalebar': 100 }, /^paper\.scalebar: must be an object/),
    bad('scalebar only 2d', '3d', { 'paper.scalebar': { width: 100 } }, /^paper\.scalebar: only for type 2d/),
    bad('views only 3d', '2d', { views: [{ type: 'top' }] }, /^views: only for type 3d/),
    // 3d views
    bad('views required for 3d', '3d', { views: DELETE }, /^views: required for type 3d/),
    bad('views an array', '3d', { views: { type: 'top' } }, /^views: must be an array/),
    bad('views not empty', '3d', { views: [] }, /^views: must not be empty/),
    bad('views of objects', '3d', { views: ['top'] }, /^views\[0\]: must be an object/),
    bad('view type required', '3d', { views: [{ section: 100 }] }, /^views\[0\]\.type: required/),
    bad(
      'view type values',
      '3d',
      { views: [{ type: 'top' }, { type: 'front' }] },
      /^views\[1\]\.type: must be one of top, ne, se, sw, nw, tilted, photo, panorama, stereo/,
    ),
    ...['top', 'ne', 'se', 'sw', 'nw', 'tilted', 'photo', 'panorama', 'stereo'].map((type) =>
      ok(`view type ${type}`, '3d', { views: [{ type }] }),
    ),
    ok('camera_id with photo', '3d', { views: [{ type: 'photo', camera_id: cameraId }] }),
    ok('camera_id with panorama', '3d', { views: [{ type: 'panorama', camera_id: String(cameraId) }] }),
    ok('camera_id with stereo', '3d', { views: [{ type: 'stereo', camera_id: cameraId }] }),
    bad(
      'camera_id only for photo, panorama, stereo',
      '3d',
      { views: [{ type: 'top', camera_id: cameraId }] },
      /^views\[0\]\.camera_id: only for view types photo, panorama, stereo/,
    ),
    bad(
      'camera_id a camera of the project',
      '3d',
      { views: [{ type: 'photo', camera_id: 12345 }] },
      /^views\[0\]\.camera_id: not a camera of this project/,
    ),
    bad(
      'camera_id an id',
      '3d',
      { views: [{ type: 'photo', camera_id: 'front' }] },
      /^views\[0\]\.camera_id: must be a camera id/,
    ),
    ok('section in centimetres', '3d', { views: [{ type: 'se', section: 150 }] }),
    ok('section as a decimal string', '3d', { views: [{ type: 'se', section: '120.5' }] }),
    bad(
      'section above 0',
      '3d',
      { views: [{ type: 'se', section: 0 }] },
      /^views\[0\]\.section: must be a cut height in centimetres above 0/,
    ),
    bad('section a number', '3d', { views: [{ type: 'se', section: 'high' }] }, /^views\[0\]\.section:/),
    ok('wall_top_color 6 digits', '3d', { views: [{ type: 'top', wall_top_color: 'ff0000' }] }),
    ok('wall_top_color 3 digits', '3d', { views: [{ type: 'nw', wall_top_color: 'F00' }] }),
    bad(
      'wall_top_color without #',
      '3d',
      { views: [{ type: 'top', wall_top_color: '#ff0000' }] },
      /^views\[0\]\.wall_top_color: must be a hex colour of 3 or 6 digits without #/,
    ),
    bad(
      'wall_top_color hex',
      '3d',
      { views: [{ type: 'top', wall_top_color: 'red' }] },
      /^views\[0\]\.wall_top_color:/,
    ),
    bad(
      'wall_top_color 3 or 6 digits',
      '3d',
      { views: [{ type: 'top', wall_top_color: 'ff00' }] },
      /^views\[0\]\.wall_top_color:/,
    ),
  ];
}

describe('planning emulator: the export tables, rule by rule', () => {
  let running: Running;
  let cameraId = 0;
  before(async () => {
    running = await startDemoServer({ rooms: 5 });
    const project = await (
      await fetch(`${running.url}/planning/api/v2/projects/${PROJECT}.json`, { headers: KEY })
    ).json();
    const floors = project.floors as {
      cameras: { id: number }[];
      designs: { cameras: { id: number }[] }[];
    }[];
    cameraId = [
      ...floors.flatMap((f) => f.cameras),
      ...floors.flatMap((f) => f.designs.flatMap((d) => d.cameras)),
    ][0]!.id;
  });
  after(() => running.close());

  const post = (
    body: unknown,
    headers: Record<string, string> = { 'Content-Type': 'application/json' },
    project = PROJECT,
  ) =>
    fetch(`${running.url}/planning/api/v2/projects/${project}/export.json`, {
      method: 'POST',
      headers: { ...KEY, ...headers },
      body:
        typeof body === 'string' || body instanceof URLSearchParams || body instanceof FormData
          ? body
          : JSON.stringify(body),
    });

  it('checks every rule with a passing and a failing value (JSON bodies)', async () => {
    const all = cases(cameraId, `${running.url}/partner/export-callback`);
    const rules = new Set(all.map((c) => c.rule.replace(/ \(.*\)$/, '')));
    assert.ok(
      all.filter((c) => c.error).length >= 50 && all.filter((c) => !c.error).length >= 40,
      'both kinds, plenty',
    );
    for (const c of all) {
      const response = await post(changed(BASE[c.base], c.change));
      const body = await response.json();
      if (!c.error) {
        assert.equal(response.status, 200, `${c.rule}: ${JSON.stringify(body)}`);
        const urls = [...Object.values(body.project), ...Object.values(body.design)].flat();
        assert.ok(urls.length >= 1, `${c.rule}: files`);
      } else {
        assert.equal(response.status, 422, `${c.rule} should fail`);
        assert.equal(body.error, 'invalid parameters specified');
        assert.equal(body.details.length, 1, `${c.rule}: ${JSON.stringify(body.details)}`);
        assert.match(body.details[0], c.error, c.rule);
      }
    }
    assert.ok(rules.size > 60);
  });

  it('reports every problem of a request at once', async () => {
    const response = await post({
      type: '3d',
      fmt: ['gif'],
      width: 0,
      paper: { scale: 100, visuals: 'BW' },
      views: [{ type: 'top', camera_id: 1 }],
    });
    assert.equal(response.status, 422);
    const { details } = await response.json();
    assert.deepEqual(
      details.map((d: string) => d.split(':')[0]),
      [
        'fmt',
        'width',
        'height',
        'callback',
        'paper.combine',
        'paper.scale',
        'paper.visuals',
        'views[0].camera_id',
      ],
    );
  });

  it('reads form fields with brackets the same way', async () => {
    const twoD = new URLSearchParams([
      ['type', '2d'],
      ['fmt[]', 'pdf'],
      ['fmt[]', 'png'],
      ['width', '64'],
      ['height', '48'],
      ['paper[combine]', 'false'],
      ['paper[size]', 'A4'],
      ['paper[scale]', '200'],
      ['paper[margins][top]', '20'],
      ['paper[scalebar][div]', '4'],
      ['designs[]', String(DESIGNS[0])],
      ['callback', 'files@portal.example'],
    ]);
    const ok2d = await post(twoD, {});
    assert.equal(ok2d.status, 200, JSON.stringify(await ok2d.clone().json()));
    assert.deepEqual(Object.keys((await ok2d.json()).design), [String(DESIGNS[0])]);
    const threeD = new URLSearchParams([
      ['type', '3d'],
      ['fmt[]', 'jpg'],
      ['width', '64'],
      ['height', '48'],
      ['paper[combine]', '1'],
      ['views[][type]', 'photo'],
      ['views[][camera_id]', String(cameraId)],
      ['views[][type]', 'ne'],
      ['views[][wall_top_color]', '00ff00'],
      ['callback', 'files@portal.example'],
    ]);
    const ok3d = await post(threeD, { 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.equal(ok3d.status, 200);
    const indexed = new URLSearchParams(
      'type=3d&fmt[]=png&width=64&height=48&paper[combine]=true&views[1][type]=sw&views[0][type]=bogus&callback=a@b.example',
    );
    const failed = await post(indexed, {});
    assert.equal(failed.status, 422);
    assert.deepEqual((await failed.json()).details, [
      'views[0].type: must be one of top, ne, se, sw, nw, tilted, photo, panorama, stereo',
    ]);
    const multipart = new FormData();
    for (const [k, v] of twoD) multipart.append(k, v);
    assert.equal((await post(multipart, {})).status, 200);
  });

  it('accepts the public sample client’s body (nulls as "not given", a body id ignored)', async () => {
    const sample = {
      id: 1,
      designs: DESIGNS,
      fmt: ['jpg'],
      width: 96,
      height: 54,
      type: '2d',
      paper: {
        combine: false,
        orientation: 'landscape',
        size: null,
        scale: null,
        visuals: 'BW',
        logo: { url: 'http://example.org/image.png', position: 'BR', scale: 0.99 },
        margins: { top: 15, left: 15, bottom: 15, right: 15 },
        scalebar: { height: 4, width: 100, div: 5 },
      },
      callback: 'files@portal.example',
    };
    const response = await post(sample);
    assert.equal(response.status, 200);
    assert.deepEqual(
      Object.keys((await response.json()).design)
        .map(Number)
        .sort(),
      DESIGNS,
    );
  });

  it('refuses a body that is not JSON or not an object, and answers 403 / 404 before validating', async () => {
    assert.equal((await post('{"type": "2d", "fmt": [')).status, 422);
    const array = await post('[1, 2]');
    assert.equal(array.status, 422);
    assert.equal((await array.json()).error, 'invalid parameters specified');
    assert.equal(
      (
        await fetch(`${running.url}/planning/api/v2/projects/${PROJECT}/export.json`, {
          method: 'POST',
          body: '{}',
        })
      ).status,
      403,
    );
    assert.equal((await post(BASE['2d'], undefined, 29200001)).status, 403, "another user's project");
    assert.equal((await post(BASE['2d'], undefined, 29200002)).status, 403, "another user's public project");
    assert.equal((await post(BASE['2d'], undefined, 1)).status, 404);
  });
});
