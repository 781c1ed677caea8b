/**
 * `<room-viewer>`'s toPanorama() (issue 38) on both threads, on the made-up tour home
 * (test/fixtures/tour-home.ts): six faces, each equal (pixel compare) to toBlob() from a camera at
 * that point with a 90° field of view looking the face's way; the faces shown by `<room-panorama>`
 * join without seams (the measure of room-panorama-orientation.test.ts: across a seam the picture
 * differs no more than inside a face); bad positions and sizes reject.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomViewer, PanoramaFaces } from '../../src/elements/room-viewer/room-viewer.ts';
import type { Vec3 } from '../../src/model/types.ts';
import { tourHome } from '../fixtures/tour-home.ts';
import { cleanup, fixtureContainer, mountLoaded } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { THREADS, placeCamera } from './helpers/threads.ts';
import { imageOf } from './snapshot-helpers.ts';
import {
  look,
  mountReady,
  preserveDrawingBuffers,
  SEAM_VIEWS,
  seamDifference,
} from './room-panorama.helpers.ts';
import { makeViewer } from './room-viewer-fixtures.ts';

const SIZE = 96;
/** The kitchen's camera (model frame: FML's y negated), eye height. */
const EYE: Vec3 = [200, -100, 160];
/** Where each side face looks, model frame. */
const SIDE_LOOK: Record<'r' | 'l' | 'f' | 'b', Vec3> = {
  r: [1, 0, 0],
  l: [-1, 0, 0],
  f: [0, 1, 0],
  b: [0, -1, 0],
};

/** Mean and 99th-percentile channel difference of two equal-sized images. */
function compare(a: ImageData, b: ImageData): { mean: number; p99: number } {
  const diffs: number[] = [];
  for (let i = 0; i < a.data.length; i += 4)
    diffs.push(Math.max(...[0, 1, 2].map((c) => Math.abs(a.data[i + c]! - b.data[i + c]!))));
  diffs.sort((x, y) => x - y);
  return {
    mean: diffs.reduce((s, d) => s + d, 0) / diffs.length,
    p99: diffs[Math.floor(diffs.length * 0.99)]!,
  };
}

/** Mean luminance (0..255) and how many colours (5 bits a channel) the picture holds. */
function content(image: ImageData): { luminance: number; colours: number } {
  const colours = new Set<number>();
  let sum = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const [r, g, b] = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
    sum += 0.2126 * r + 0.7152 * g + 0.0722 * b;
    colours.add(((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3));
  }
  return { luminance: sum / (image.data.length / 4), colours: colours.size };
}

for (const renderer of THREADS) {
  describe(`<room-viewer> toPanorama() (${renderer})`, function () {
    this.timeout(120000);
    const page = pageErrorsOfEachTest();
    let viewer: RoomViewer;
    let faces: PanoramaFaces;

    before(async function () {
      requireWebGL(this);
      viewer = makeViewer({ loading: 'eager', renderer, poster: '' }, [SIZE, SIZE]);
      viewer.fml = tourHome();
      await mountLoaded(viewer, 60000);
      faces = await viewer.toPanorama({ position: EYE, size: SIZE });
    });
    after(() => {
      faces?.revoke();
      cleanup();
    });

    it('gives six faces r d l u b f as blob: URLs of images SIZE² that show the room', async () => {
      expect(faces.position).to.deep.equal(EYE);
      for (const face of ['r', 'd', 'l', 'u', 'b', 'f'] as const) {
        expect(faces[face], face).to.match(/^blob:/);
        const image = await imageOf(await (await fetch(faces[face])).blob());
        expect([image.width, image.height], face).to.deep.equal([SIZE, SIZE]);
        const seen = content(image);
        // walls, floor or ceiling: lit, never a blank picture
        expect(seen.luminance, `${face} luminance`).to.be.above(5);
      }
      expect(faces.blobs.f.type).to.equal('image/png');
      expect(page.errors).to.deep.equal([]);
    });

    for (const face of ['r', 'l', 'f', 'b'] as const) {
      it(`face ${face} equals toBlob() from the same point with a 90° field of view`, async () => {
        const look = SIDE_LOOK[face];
        await viewer.setFieldOfView(90);
        await placeCamera(viewer, EYE, [EYE[0] + look[0] * 100, EYE[1] + look[1] * 100, EYE[2]]);
        const shot = await imageOf(await viewer.toBlob({ width: SIZE, height: SIZE }));
        const mine = await imageOf(faces.blobs[face]);
        // the camera stands in the Keuken, under its ceiling: toBlob() shows it as the face does
        // (src/three/ceiling.ts)
        const { mean, p99 } = compare(shot, mine);
        // the same renderer path (src/three/snapshot.ts) from the same camera: equal but for rounding
        expect(mean, `mean difference ${mean.toFixed(2)}`).to.be.below(1.5);
        expect(p99, 'the 99th percentile').to.be.at.most(16);
        // and the compare can fail: a neighbouring face is far from it
        const other = await imageOf(faces.blobs[face === 'r' ? 'f' : 'r']);
        expect(compare(shot, other).mean, 'another face differs').to.be.above(4);
        await viewer.setFieldOfView();
      });
    }

    it("looks up at a ceiling: the up face and the side faces' tops are the ceiling's light colour, drawn, not the background", async () => {
      // the kit's ceilings (src/three/ceiling.ts): each area's polygon at the storey's height, #f7f7f5;
      // before, the up face was nothing at all (transparent, black in a JPEG face)
      const CEILING = [0xf7, 0xf7, 0xf5];
      const up = await imageOf(faces.blobs.u);
      let ceiling = 0;
      for (let i = 0; i < up.data.length; i += 4) {
        const far = Math.max(...[0, 1, 2].map((c) => Math.abs(up.data[i + c]! - CEILING[c]!)));
        if (up.data[i + 3] === 255 && far <= 40) ceiling++;
      }
      expect(ceiling / (up.data.length / 4), 'up: the ceiling').to.be.above(0.95);
      // the middle of the up face: light and grey, as the planner's own exports draw it
      const middle = ((SIZE / 2) * SIZE + SIZE / 2) * 4;
      const [r, g, b, a] = [0, 1, 2, 3].map((c) => up.data[middle + c]!);
      expect(a, 'drawn').to.equal(255);
      expect(Math.min(r!, g!, b!), `light (${r}, ${g}, ${b})`).to.be.above(200);
      expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!), 'grey').to.be.below(12);
      // a side face's top row, looking up at 45°, meets the ceiling too
      for (const face of ['r', 'l', 'f', 'b'] as const) {
        const side = await imageOf(faces.blobs[face]);
        let drawn = 0;
        for (let x = 0; x < SIZE; x++) if (side.data[x * 4 + 3] === 255) drawn++;
        expect(drawn, `${face}: its top row drawn`).to.equal(SIZE);
      }
      expect(page.errors).to.deep.equal([]);
    });

    it('shows no ceiling in the orbit view from above, before or after a panorama', async () => {
      // straight down onto the Keuken from 8 m: the floor, never the ceiling over it
      await placeCamera(viewer, [200, -101, 800], [200, -100, 0]);
      const before = await imageOf(await viewer.toBlob({ width: SIZE, height: SIZE }));
      const more = await viewer.toPanorama({ position: EYE, size: 16 });
      more.revoke();
      const after = await imageOf(await viewer.toBlob({ width: SIZE, height: SIZE }));
      const { mean, p99 } = compare(before, after);
      expect(mean, 'the same picture after a panorama').to.equal(0);
      expect(p99).to.equal(0);
      // and that picture is the floor (the tour home's Keuken, #f4e3c1), not the grey ceiling
      const middle = ((SIZE / 2) * SIZE + SIZE / 2) * 4;
      const [r, , b] = [0, 1, 2].map((c) => after.data[middle + c]!);
      expect(r! - b!, `the floor's warm colour (${r}, ${b})`).to.be.above(20);
    });

    it('paints `background` where the room draws nothing (outside the home, no ceiling over it), and only there', async () => {
      // north of the home (FML y < 0): nothing above, nothing below
      const outside = await viewer.toPanorama({ position: [500, 300, 160], size: 32, background: '#ff0000' });
      const inside = await viewer.toPanorama({ position: EYE, size: 32, background: '#ff0000' });
      const redShare = (image: ImageData) => {
        let red = 0;
        for (let i = 0; i < image.data.length; i += 4)
          if (image.data[i]! > 200 && image.data[i + 1]! < 60 && image.data[i + 2]! < 60) red++;
        return red / (image.data.length / 4);
      };
      try {
        expect(redShare(await imageOf(outside.blobs.u)), 'up outside: the background').to.be.above(0.5);
        // inside: the ceiling above and the floor below, no background at all
        expect(redShare(await imageOf(inside.blobs.u)), 'up inside: the ceiling').to.equal(0);
        expect(redShare(await imageOf(inside.blobs.d)), 'down inside: the floor').to.equal(0);
      } finally {
        outside.revoke();
        inside.revoke();
      }
    });

    it('rejects a bad size or position with a RangeError, and toPanorama() with no room with InvalidStateError', async () => {
      for (const options of [
        { size: 0 },
        { size: 1.5 },
        { size: 100000 },
        { position: [0, Number.NaN, 1] as Vec3 },
      ]) {
        const error = await viewer.toPanorama(options).catch((e: unknown) => e);
        expect(error, JSON.stringify(options)).to.be.instanceOf(RangeError);
      }
      const idle = makeViewer({}, [50, 50]);
      fixtureContainer().append(idle);
      const error = await idle.toPanorama().catch((e: unknown) => e);
      expect((error as DOMException).name).to.equal('InvalidStateError');
      idle.remove();
    });
  });
}

describe('toPanorama() faces in <room-panorama> join without seams', function () {
  this.timeout(120000);
  let restore: () => void;
  before(function () {
    requireWebGL(this);
    restore = preserveDrawingBuffers();
  });
  after(() => {
    cleanup();
    restore?.();
  });

  it('continues across all 12 seams', async () => {
    const viewer = makeViewer({ loading: 'eager', renderer: 'worker', poster: '' }, [128, 128]);
    viewer.fml = tourHome();
    await mountLoaded(viewer, 60000);
    const faces = await viewer.toPanorama({ position: EYE, size: 256 });
    const el = await mountReady(fixtureContainer(), faces, 256);
    const failures: string[] = [];
    for (const [yaw, pitch, name, vertical] of SEAM_VIEWS) {
      const { across, inside } = seamDifference(await look(el, yaw, pitch), vertical);
      if (!(across < inside * 2 + 8))
        failures.push(`${name}: across ${across.toFixed(1)}, inside ${inside.toFixed(1)}`);
    }
    expect(failures).to.deep.equal([]);
    faces.revoke();
  });
});
