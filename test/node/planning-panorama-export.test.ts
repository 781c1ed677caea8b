/**
 * Issue 38: the planning emulator exports `panorama` views as six real cube faces rendered from the
 * camera (decoded here with jpeg-js: the floor under the camera in its room's colour, the ceiling above,
 * faces that meet at their seams), the client reads an export back into `<room-tour>`'s panoramas by
 * camera, and the partner hands a signed-in page a project's FML and exported panoramas without its token.
 * Over real HTTP on 127.0.0.1; project 186997360's real plan when ../shared/realdata is there.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import jpeg from 'jpeg-js';
import { findRealdata } from '../../server/emulator/options.ts';
import { apiKey } from '../../src/api/planning/server.ts';
import {
  exportPanoramas,
  projectCameras,
  readPanoramaExport,
  showProjectFml,
  type PlanningContext,
} from '../../src/api/planning/index.ts';
import { demoServerForSuite } from './partner-setup.ts';
import { TestBrowser } from './partner-test-browser.ts';

const HOME = 29250001;
/** The made-up home's ground-floor design and its kitchen camera (demo-home.ts): at (760, 180), FML frame. */
const HOME_GROUND = 292500015;
const KITCHEN = 2925000163;
const KITCHEN_FLOOR: [number, number, number] = [0xd8, 0xec, 0xd0];
const REAL = 186997360;
const REAL_PLAN = findRealdata() !== null;
const FACES = ['r', 'd', 'l', 'u', 'b', 'f'] as const;

type Result = { project: Record<string, string[]>; design: Record<string, string[]>; export_id: number };

async function decode(url: string): Promise<{ width: number; height: number; data: Uint8Array }> {
  const response = await fetch(url);
  assert.equal(response.status, 200, url);
  assert.equal(response.headers.get('content-type'), 'image/jpeg');
  return jpeg.decode(new Uint8Array(await response.arrayBuffer()), { useTArray: true });
}

const pixel = (img: { width: number; data: Uint8Array }, x: number, y: number) => {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
};
const near = (a: number[], b: readonly number[], by: number) => a.every((v, i) => Math.abs(v - b[i]!) <= by);

/** Mean absolute difference (0..255) between a column of one face and a column of another. */
function columnGap(
  a: { width: number; height: number; data: Uint8Array },
  ax: number,
  b: { width: number; data: Uint8Array },
  bx: number,
): number {
  let sum = 0;
  for (let y = 0; y < a.height; y++) {
    const p = pixel(a, ax, y);
    const q = pixel(b, bx, y);
    sum += (Math.abs(p[0]! - q[0]!) + Math.abs(p[1]! - q[1]!) + Math.abs(p[2]! - q[2]!)) / 3;
  }
  return sum / a.height;
}

describe('planning emulator: panorama views are six cube faces rendered from the camera', () => {
  const demo = demoServerForSuite();
  const ctx = (): PlanningContext => ({
    base: `${demo.url}/planning/api/v2`,
    auth: apiKey('demo-key'),
    retries: 0,
  });
  const exportBody = (views: unknown[], extra: Record<string, unknown> = {}) => ({
    type: '3d',
    fmt: ['jpg'],
    width: 96,
    height: 96,
    paper: { combine: false },
    callback: 'pano@partner.example',
    views,
    ...extra,
  });
  const post = async (project: number, body: unknown) => {
    const response = await fetch(`${demo.url}/planning/api/v2/projects/${project}/export.json`, {
      method: 'POST',
      headers: { Authorization: 'Basic ' + btoa('demo-key:x'), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return (await response.json()) as Result;
  };

  it("lists each camera's six faces under its design, the floor below in the room's colour and the faces meeting", async () => {
    const result = await post(HOME, exportBody([{ type: 'panorama', camera_id: KITCHEN }]));
    const urls = result.design[String(HOME_GROUND)]!;
    assert.deepEqual(
      urls.map((u) => u.split('/').pop()),
      FACES.map((f) => `${HOME}-3d-${HOME_GROUND}-pano0-c${KITCHEN}-${f}.jpg`),
      'one file per face, named for the camera, r d l u b f',
    );
    // the camera stands on the ground floor: the upstairs design has no panorama of it
    assert.deepEqual(Object.keys(result.design), [String(HOME_GROUND)]);
    const faces = Object.fromEntries(
      await Promise.all(FACES.map(async (f, i) => [f, await decode(urls[i]!)] as const)),
    );
    for (const f of FACES) assert.deepEqual([faces[f]!.width, faces[f]!.height], [96, 96], f);
    // straight down: the kitchen's floor (its FML colour, a little shaded); straight up: the ceiling
    assert.ok(
      near(
        pixel(faces.d!, 48, 48),
        KITCHEN_FLOOR.map((v) => v * 0.93),
        8,
      ),
      `${pixel(faces.d!, 48, 48)}`,
    );
    assert.ok(near(pixel(faces.u!, 48, 48), [247, 246, 243], 8), `${pixel(faces.u!, 48, 48)}`);
    // the side strip l f r b joins up: each face's right edge is the next one's left edge
    for (const [a, b] of [
      ['l', 'f'],
      ['f', 'r'],
      ['r', 'b'],
      ['b', 'l'],
    ] as const) {
      const seam = columnGap(faces[a]!, 95, faces[b]!, 0);
      const across = columnGap(faces[a]!, 95, faces[b]!, 48);
      assert.ok(seam < 12, `${a}|${b} seam differs by ${seam.toFixed(1)}`);
      assert.ok(
        seam < across,
        `${a}|${b}: the seam (${seam.toFixed(1)}) closer than mid-face (${across.toFixed(1)})`,
      );
    }
    // a room seen from inside: the horizon shows walls, the faces are not one colour
    const colours = new Set(FACES.map((f) => pixel(faces[f]!, 48, 48).join()));
    assert.ok(colours.size >= 3, [...colours].join(' '));
  });

  it('keeps faces at most 512 pixels, and the export with other views lists both', async () => {
    const result = await post(
      HOME,
      exportBody([{ type: 'se' }, { type: 'panorama', camera_id: KITCHEN }], { width: 900, height: 700 }),
    );
    const urls = result.design[String(HOME_GROUND)]!;
    assert.equal(urls.filter((u) => /-pano1-/.test(u)).length, 6);
    assert.equal(urls.filter((u) => !/-pano/.test(u)).length, 1, 'the se view as before');
    const face = await decode(urls.find((u) => u.endsWith('-f.jpg'))!);
    assert.deepEqual([face.width, face.height], [512, 512]);
  });

  it('shows cameras with where they stand, and the client reads an export into panoramas by camera', async () => {
    const show = await (
      await fetch(`${demo.url}/planning/api/v2/projects/${HOME}.json`, {
        headers: { Authorization: 'Basic ' + btoa('demo-key:x') },
      })
    ).json();
    const cameras = projectCameras(show);
    const kitchen = cameras.find((c) => c.id === KITCHEN)!;
    assert.deepEqual(kitchen, {
      id: KITCHEN,
      name: 'Keuken',
      type: 'walkthrough',
      floor: 0,
      position: [760, -180],
    });
    const exported = await exportPanoramas(ctx(), HOME, { callback: 'pano@partner.example', size: 32 });
    assert.deepEqual(exported.problems, []);
    assert.ok(exported.exportId! > 0);
    assert.deepEqual(exported.panoramas.map((p) => [p.camera, p.floor]).sort(), [
      ['Hal', 0],
      ['Keuken', 0],
      ['Overloop', 1],
      ['Werkkamer', 0],
      ['Woonkamer', 0],
    ]);
    for (const p of exported.panoramas) {
      assert.deepEqual(Object.keys(p.faces).sort(), [...FACES].sort());
      for (const url of Object.values(p.faces))
        assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/planning\/files\//);
    }
  });

  it('reads a broken result map into what it can, and says what it cannot', () => {
    const cameras = [{ id: 7, name: 'Keuken', type: 'walkthrough', floor: 0 }];
    const face = (id: number, f: string, ext = 'jpg') =>
      `http://planner.example/files/t/1-3d-5-pano0-c${id}-${f}.${ext}`;
    const read = readPanoramaExport(
      {
        project: {},
        design: {
          '5': [
            ...FACES.filter((f) => f !== 'u').map((f) => face(7, f)),
            ...FACES.map((f) => face(9, f)),
            'javascript:alert(1)//-pano0-c7-u.jpg',
            'http://planner.example/files/t/1-3d-5-1.png',
          ],
        },
      },
      cameras,
    );
    assert.deepEqual(read.panoramas, []);
    assert.deepEqual(read.problems.sort(), [
      'the export has a panorama of camera 9, which the project does not list',
      'the panorama of "Keuken" lacks its u face',
    ]);
    const whole = readPanoramaExport(
      {
        project: {},
        design: { '5': [...FACES.map((f) => face(7, f, 'png')), ...FACES.map((f) => face(7, f))] },
      },
      cameras,
    );
    assert.equal(whole.panoramas.length, 1);
    assert.equal(whole.panoramas[0]!.faces.f, face(7, 'f'), 'the JPEG face before the PNG one');
  });

  it(
    'real project 186997360: the design cameras get ids, and each walkthrough camera exports its panorama',
    { skip: REAL_PLAN ? false : 'the real samples (../shared/realdata) are not present in this checkout' },
    async () => {
      const show = await (
        await fetch(`${demo.url}/planning/api/v2/projects/${REAL}.json`, {
          headers: { Authorization: 'Basic ' + btoa('demo-key:x') },
        })
      ).json();
      const walkthrough = projectCameras(show).filter((c) => c.type === 'walkthrough');
      // the floor's own camera (id in the document), and each design's (ids given by the emulator)
      assert.deepEqual(walkthrough.map((c) => [c.name, c.floor]).sort(), [
        ['Camera 2', 0],
        ['Camera 2', 0],
        ['Camera 2', 1],
      ]);
      assert.ok(
        walkthrough.every((c) => c.position),
        'each with where it stands',
      );
      const started = performance.now();
      const exported = await exportPanoramas(ctx(), REAL, { callback: 'pano@partner.example', size: 128 });
      const ms = performance.now() - started;
      assert.deepEqual(exported.problems, []);
      assert.equal(exported.panoramas.length, 3);
      console.log(`186997360: three 128² panoramas exported in ${ms.toFixed(0)} ms`);
      const fml = await showProjectFml(ctx(), REAL);
      assert.equal(fml.id, REAL);
    },
  );

  it('the partner hands a signed-in page the FML and the exported panoramas, and no token', async () => {
    const browser = new TestBrowser(demo.url);
    const anonymous = await browser.fetch(`/partner/projects/${HOME}/tour.json`, { json: {} });
    assert.equal(anonymous.status, 401);
    await browser.navigate('/partner/oauth/start?return_to=/partner/session');
    const answer = await browser.fetch(`/partner/projects/${HOME}/tour.json`, { json: { size: 32 } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    const text = await answer.text();
    const body = JSON.parse(text) as {
      fml: { id: number; floors: unknown[] };
      panoramas: { camera: string; floor: number; faces: Record<string, string> }[];
      problems: string[];
      export_id: number;
    };
    assert.equal(body.fml.id, HOME);
    assert.equal(body.fml.floors.length, 2);
    assert.equal(body.panoramas.length, 5);
    assert.deepEqual(body.problems, []);
    assert.ok(body.export_id > 0);
    const face = await decode(body.panoramas[0]!.faces.f!);
    assert.deepEqual([face.width, face.height], [32, 32]);
    assert.doesNotMatch(text, /access_token|Bearer/);
    // bad input is answered here, never forwarded
    const bad = await browser.fetch(`/partner/projects/${HOME}/tour.json`, { json: { size: 5000 } });
    assert.equal(bad.status, 400);
    const unknown = await browser.fetch(`/partner/projects/999999999/tour.json`, { json: {} });
    assert.equal(unknown.status, 404);
    // another site's page cannot make the signed-in visitor export (the same guard as /proxy)
    const crossSite = await browser.fetch(`/partner/projects/${HOME}/tour.json`, {
      json: {},
      headers: { Origin: 'https://evil.example' },
    });
    assert.equal(crossSite.status, 403);
    assert.equal((await crossSite.json()).error, 'forbidden_origin');
  });
});
