/**
 * The emulator's pictures over real HTTP: every image decodes as the PNG or JPEG of the stated size,
 * and panorama cube faces join without seams in the convention of the real faces (the horizontal cross
 * seen from inside: l f r b, u above f, d below f), measured on the generated faces and on the real ones.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- JSON answers are checked member by member by the asserts */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { startDemoServer } from './helpers/server.ts';
import { findRealdata } from '../../server/emulator/options.ts';

interface Image {
  width: number;
  height: number;
  data: Uint8Array;
}

type Side = 'top' | 'bottom' | 'left' | 'right';

/** The 12 joins of the cube, as measured on the real faces of panorama-18755-cube. */
const JOINS: [string, Side, string, Side, boolean][] = [
  ['l', 'right', 'f', 'left', false],
  ['f', 'right', 'r', 'left', false],
  ['r', 'right', 'b', 'left', false],
  ['b', 'right', 'l', 'left', false],
  ['u', 'bottom', 'f', 'top', false],
  ['u', 'left', 'l', 'top', false],
  ['u', 'right', 'r', 'top', true],
  ['u', 'top', 'b', 'top', true],
  ['d', 'top', 'f', 'bottom', false],
  ['d', 'left', 'l', 'bottom', true],
  ['d', 'right', 'r', 'bottom', false],
  ['d', 'bottom', 'b', 'bottom', true],
];

/**
 * A pixel row or column along a side (`depth` 0 is the outermost), top to bottom or left to right,
 * as RGB triples.
 */
function edge(image: Image, side: Side, depth = 0): number[][] {
  const out: number[][] = [];
  const n = side === 'top' || side === 'bottom' ? image.width : image.height;
  for (let k = 0; k < n; k++) {
    const x = side === 'left' ? depth : side === 'right' ? image.width - 1 - depth : k;
    const y = side === 'top' ? depth : side === 'bottom' ? image.height - 1 - depth : k;
    const i = (y * image.width + x) * 4;
    out.push([image.data[i]!, image.data[i + 1]!, image.data[i + 2]!]);
  }
  return out;
}

/** Mean absolute difference per channel (0..255) between two edges. */
function difference(a: number[][], b: number[][]): number {
  let sum = 0;
  for (let k = 0; k < a.length; k++) for (let c = 0; c < 3; c++) sum += Math.abs(a[k]![c]! - b[k]![c]!);
  return sum / (a.length * 3);
}

/**
 * Asserts every join is no rougher than the images themselves: the difference across a join stays
 * within what two neighbouring rows of the same face differ by (plus a little for JPEG).
 */
function assertSeamless(faces: Record<string, Image>): void {
  const across = joinDifferences(faces);
  JOINS.forEach(([fa, sa, fb, sb], k) => {
    const within = Math.max(
      difference(edge(faces[fa]!, sa), edge(faces[fa]!, sa, 1)),
      difference(edge(faces[fb]!, sb), edge(faces[fb]!, sb, 1)),
    );
    assert.ok(
      across[k]! <= 1.6 * within + 2.5,
      `join ${fa}.${sa} ~ ${fb}.${sb}: ${across[k]!.toFixed(2)} across, ${within.toFixed(2)} within a face`,
    );
  });
  // The measure tells a wrong convention apart (so this test can fail).
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b) / xs.length;
  const wrong = joinDifferences(faces, WRONG_JOINS);
  assert.ok(
    mean(wrong) > 3 * mean(across),
    `right ${mean(across).toFixed(2)}, wrong ${mean(wrong).toFixed(2)}`,
  );
}

function joinDifferences(faces: Record<string, Image>, joins = JOINS): number[] {
  return joins.map(([fa, sa, fb, sb, reversed]) => {
    const b = edge(faces[fb]!, sb);
    return difference(edge(faces[fa]!, sa), reversed ? [...b].reverse() : b);
  });
}

/** The same joins with every reversal flipped and the side strip shifted: what a wrong convention measures. */
const WRONG_JOINS: [string, Side, string, Side, boolean][] = JOINS.map(([fa, sa, fb, sb, reversed], k) =>
  k < 4 ? [fa, sa, JOINS[(k + 1) % 4]![2], sb, reversed] : [fa, sa, fb, sb, !reversed],
);

const decodePng = (bytes: Buffer): Image => PNG.sync.read(bytes);
const decodeJpeg = (bytes: Buffer): Image => jpeg.decode(bytes, { useTArray: true });

describe('room-styling emulator: images', () => {
  let running: Awaited<ReturnType<typeof startDemoServer>>;
  let rooms: any[];

  const fetchImage = async (url: string, type: string): Promise<Image> => {
    const response = await fetch(url);
    assert.equal(response.status, 200, url);
    assert.equal(response.headers.get('content-type'), type, url);
    assert.equal(response.headers.get('access-control-allow-origin'), '*', 'images need CORS for WebGL');
    const bytes = Buffer.from(await response.arrayBuffer());
    return type === 'image/png' ? decodePng(bytes) : decodeJpeg(bytes);
  };

  const distinctColours = (image: Image) => {
    const seen = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4 * 7) {
      seen.add((image.data[i]! << 16) | (image.data[i + 1]! << 8) | image.data[i + 2]!);
    }
    return seen.size;
  };

  before(async () => {
    running = await startDemoServer({ seed: 20261122, rooms: 500 });
    rooms = (await (await fetch(`${running.url}/room-styling/rooms?limit=50`)).json()).rooms;
  });
  after(() => running.close());

  it('thumbnails are 480x270 PNG drawings, HQ images 960x540 PNG, photoreal renders 960x540 JPEG', async () => {
    for (const room of rooms.slice(0, 2)) {
      const thumbnail = await fetchImage(room.image_url, 'image/png');
      assert.deepEqual([thumbnail.width, thumbnail.height], [480, 270]);
      assert.ok(distinctColours(thumbnail) >= 5, 'a drawing, not a flat fill');
    }
    const withHq = rooms.find((r) => r.hq_image_url)!;
    const hq = await fetchImage(withHq.hq_image_url, 'image/png');
    assert.deepEqual([hq.width, hq.height], [960, 540]);
    assert.equal(rooms.find((r) => !r.hq_image_url)?.hq_image_url, null);

    const photoreal = (await (await fetch(`${running.url}/room-styling/rooms/photoreal?limit=1`)).json())
      .rooms[0];
    const render = await fetchImage(photoreal.photoreal_image_url, 'image/jpeg');
    assert.deepEqual([render.width, render.height], [960, 540]);
    assert.ok(distinctColours(render) > 50);
  });

  it('user pictures, search-meta pictures and model textures decode', async () => {
    const user = await (await fetch(`${running.url}/room-styling/users/${rooms[0].user_id}`)).json();
    const avatar = await fetchImage(user.avatar, 'image/png');
    assert.deepEqual([avatar.width, avatar.height], [128, 128]);
    const background = await fetchImage(user.background, 'image/jpeg');
    assert.ok(background.width > background.height);
    const meta = await (await fetch(`${running.url}/room-styling/rooms/search/meta`)).json();
    const style = await fetchImage(meta.styles[1].image_url, 'image/png');
    assert.deepEqual([style.width, style.height], [240, 160]);
    const model = (await (await fetch(`${running.url}/room-styling/rooms/${rooms[0].id}`)).json()).model;
    const textured = model.materials.find((m: any) => m.diffuse_texture);
    const texture = await fetchImage(
      `${running.url}/room-styling/media/${textured.diffuse_texture}`,
      'image/jpeg',
    );
    assert.deepEqual([texture.width, texture.height], [256, 256]);
    assert.equal((await fetch(`${running.url}/room-styling/media/../../etc/passwd`)).status, 404);
    assert.equal((await fetch(`${running.url}/room-styling/images/rooms/1/thumbnail.png`)).status, 404);
  });

  it("generated cube faces are 512x512 PNG and join without seams in the real faces' convention", async () => {
    const panoramaRooms = (await (await fetch(`${running.url}/room-styling/rooms/panoramas?limit=3`)).json())
      .rooms;
    const room = panoramaRooms.find((r: any) => r.id !== 6346838);
    const panorama = await (await fetch(`${running.url}/room-styling/rooms/${room.id}/panorama`)).json();
    const faces: Record<string, Image> = {};
    for (const [face, url] of Object.entries(panorama.images) as [string, string][]) {
      faces[face] = await fetchImage(url, 'image/png');
      assert.deepEqual([faces[face]!.width, faces[face]!.height], [512, 512], face);
    }
    assertSeamless(faces);
    assert.equal(
      (await fetch(panorama.images.f.replace(/\.png$/, '.jpg'))).status,
      404,
      'one extension per face',
    );
    assert.equal((await fetch(panorama.images.f.replace(/f\.png$/, 'x.png'))).status, 404);
  });

  it('the real faces of panorama-18755-cube join in the same convention', async (t) => {
    const dir = findRealdata();
    if (!dir) {
      t.skip('the real samples (../shared/realdata) are not present in this checkout');
      return;
    }
    const faces: Record<string, Image> = {};
    for (const face of ['r', 'd', 'l', 'u', 'b', 'f']) {
      faces[face] = decodeJpeg(readFileSync(join(dir, 'roomstyler', 'panorama-18755-cube', `${face}.jpg`)));
    }
    assertSeamless(faces);
    // And the emulator serves exactly these bytes for panorama 18755.
    const served = await fetch(`${running.url}/room-styling/images/panoramas/18755/u.jpg`);
    assert.ok(
      Buffer.from(await served.arrayBuffer()).equals(
        readFileSync(join(dir, 'roomstyler', 'panorama-18755-cube', 'u.jpg')),
      ),
    );
  });

  it("the sample room's thumbnail is drawn from the real model", async (t) => {
    if (!running.server.options.realdataDir) {
      t.skip('the real samples (../shared/realdata) are not present: room 6346838 has a generated model');
      return;
    }
    const sample = await (await fetch(`${running.url}/room-styling/rooms/6346838?skip_model=true`)).json();
    const image = await fetchImage(sample.image_url, 'image/png');
    assert.deepEqual([image.width, image.height], [480, 270]);
    assert.ok(distinctColours(image) >= 8);
  });
});
