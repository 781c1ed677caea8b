/**
 * Proves how the service's faces (r d l u b f) lie on the cube: generated faces whose 12 shared edges
 * carry distinct colours (the same colour on both faces of an edge, as the service's net puts them),
 * sampled on the rendered canvas at the centre of each face direction and across each seam.
 * A face put on the wrong side shows the wrong interior colour; a face turned or mirrored puts the wrong
 * edge colour beside its neighbour.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { CubeFaces } from '../../src/panorama/cube-faces.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import {
  distance,
  FACE_COLOURS,
  faceUrl,
  look,
  mountReady,
  nearest,
  pixel,
  preserveDrawingBuffers,
  type RGB,
  SEAM_VIEWS,
  seamDifference,
} from './room-panorama.helpers.ts';

const FACE = FACE_COLOURS;
/** The 12 edges, named by their two faces. */
const EDGE: Record<string, RGB> = {
  lf: [128, 0, 0],
  fr: [0, 128, 0],
  rb: [0, 0, 128],
  bl: [128, 128, 0],
  uf: [0, 128, 128],
  ur: [128, 0, 128],
  ub: [255, 128, 0],
  ul: [128, 255, 0],
  df: [0, 255, 128],
  dr: [0, 128, 255],
  db: [128, 0, 255],
  dl: [255, 0, 128],
};
const PALETTE: Record<string, RGB> = { ...FACE, ...EDGE, corner: [0, 0, 0] };

/**
 * Where each face's edges go, images as seen from inside the room (the service's horizontal-cross net):
 * side strip l f r b left to right, u above f, d below f.
 */
const EDGES_OF: Record<keyof CubeFaces, { top: string; bottom: string; left: string; right: string }> = {
  f: { left: 'lf', right: 'fr', top: 'uf', bottom: 'df' },
  r: { left: 'fr', right: 'rb', top: 'ur', bottom: 'dr' },
  b: { left: 'rb', right: 'bl', top: 'ub', bottom: 'db' },
  l: { left: 'bl', right: 'lf', top: 'ul', bottom: 'dl' },
  u: { bottom: 'uf', left: 'ul', right: 'ur', top: 'ub' },
  d: { top: 'df', left: 'dl', right: 'dr', bottom: 'db' },
};

async function edgeFaces(): Promise<CubeFaces> {
  const faces = {} as CubeFaces;
  for (const face of Object.keys(FACE) as (keyof CubeFaces)[]) {
    const e = EDGES_OF[face];
    faces[face] = await faceUrl(128, FACE[face], {
      top: EDGE[e.top]!,
      bottom: EDGE[e.bottom]!,
      left: EDGE[e.left]!,
      right: EDGE[e.right]!,
    });
  }
  return faces;
}

describe('<room-panorama> face orientation (generated faces with coloured edges)', function () {
  this.timeout(60000);
  let el: RoomPanorama;
  let restore: () => void;

  before(async () => {
    restore = preserveDrawingBuffers();
    el = await mountReady(fixtureContainer(), await edgeFaces(), 128);
  });
  after(() => {
    cleanup();
    restore();
  });

  // [yaw, pitch, centre, top, bottom, left, right]: what the screen shows looking at each face
  const FACE_VIEWS: [number, number, string, string, string, string, string][] = [
    [0, 0, 'f', 'uf', 'df', 'lf', 'fr'],
    [90, 0, 'r', 'ur', 'dr', 'fr', 'rb'],
    [180, 0, 'b', 'ub', 'db', 'rb', 'bl'],
    [270, 0, 'l', 'ul', 'dl', 'bl', 'lf'],
    // looking up from yaw 0: the screen's bottom is toward f, its top toward b
    [0, 90, 'u', 'ub', 'uf', 'ul', 'ur'],
    // looking down from yaw 0: the screen's top is toward f
    [0, -90, 'd', 'df', 'db', 'dl', 'dr'],
  ];
  for (const [yaw, pitch, centre, top, bottom, left, right] of FACE_VIEWS) {
    it(`yaw ${yaw} pitch ${pitch} shows face ${centre} upright, its four edges where they belong`, async () => {
      const image = await look(el, yaw, pitch);
      const seen = {
        centre: nearest(pixel(image, 0.5, 0.5), PALETTE),
        top: nearest(pixel(image, 0.5, 0.05), PALETTE),
        bottom: nearest(pixel(image, 0.5, 0.95), PALETTE),
        left: nearest(pixel(image, 0.05, 0.5), PALETTE),
        right: nearest(pixel(image, 0.95, 0.5), PALETTE),
      };
      expect(seen).to.deep.equal({ centre, top, bottom, left, right });
    });
  }

  // [yaw, pitch, edge, face before the seam, face after it, seam is vertical]
  const SEAMS: [number, number, string, string, string, boolean][] = [
    [45, 0, 'fr', 'f', 'r', true],
    [135, 0, 'rb', 'r', 'b', true],
    [225, 0, 'bl', 'b', 'l', true],
    [315, 0, 'lf', 'l', 'f', true],
    [0, 45, 'uf', 'u', 'f', false],
    [90, 45, 'ur', 'u', 'r', false],
    [180, 45, 'ub', 'u', 'b', false],
    [270, 45, 'ul', 'u', 'l', false],
    [0, -45, 'df', 'f', 'd', false],
    [90, -45, 'dr', 'r', 'd', false],
    [180, -45, 'db', 'b', 'd', false],
    [270, -45, 'dl', 'l', 'd', false],
  ];
  for (const [yaw, pitch, edge, before, after, vertical] of SEAMS) {
    it(`the seam ${edge} (yaw ${yaw}, pitch ${pitch}) carries one edge colour on both sides`, async () => {
      // exactly on the edge: this also guards the subdivided cube (psv-runtime.ts), without which
      // software WebGL drops both faces here and the whole view is black
      const image = await look(el, yaw, pitch);
      // 4 px either side of the seam: both faces' strips of this edge; 40 px out: the two faces
      const at = (offset: number) =>
        nearest(vertical ? pixel(image, 0.5 + offset, 0.5) : pixel(image, 0.5, 0.5 + offset), PALETTE);
      const raw = (offset: number) =>
        (vertical ? pixel(image, 0.5 + offset, 0.5) : pixel(image, 0.5, 0.5 + offset)).join(',');
      expect(
        [at(-0.3), at(-0.03), at(0.03), at(0.3)],
        [-0.3, -0.03, 0.03, 0.3].map(raw).join(' | '),
      ).to.deep.equal([before, edge, edge, after]);
    });
  }

  it('draws the faces with their own colours (three.js colour management does not touch them)', async () => {
    const image = await look(el, 0, 0);
    expect(distance(pixel(image, 0.5, 0.5), FACE.f)).to.be.below(3);
    const side = await look(el, 90, 0);
    expect(distance(pixel(side, 0.5, 0.5), FACE.r)).to.be.below(3);
  });
});

/**
 * The real faces of panorama 18755 (../shared/realdata/roomstyler/panorama-18755-cube, served by the
 * emulator as room 6346838's panorama): across every seam the picture must continue. Compares the pixel
 * columns (rows) just either side of each seam with pairs the same distance apart inside one face: a
 * face on the wrong side, turned or mirrored breaks the picture at its seams and fails this.
 */
describe('<room-panorama> real faces (panorama 18755) join without seams', function () {
  this.timeout(60000);
  let el: RoomPanorama;
  let restore: () => void;

  before(async function () {
    const record = await (
      await fetch(`${location.origin}/room-styling/rooms/6346838/panorama`)
    )
      .json()
      .catch(() => null);
    const front = record?.images?.f ? await fetch(record.images.f).catch(() => null) : null;
    const bitmap = front?.ok ? await createImageBitmap(await front.blob()).catch(() => null) : null;
    if (bitmap?.width !== 1080) {
      console.warn('skipped: the emulator does not serve the real faces (../shared/realdata is missing)');
      this.skip();
    }
    restore = preserveDrawingBuffers();
    el = document.createElement('room-panorama');
    el.style.cssText = 'width:256px;height:256px;aspect-ratio:auto;min-height:0';
    el.setAttribute('loading', 'eager');
    el.setAttribute('navbar', 'false');
    el.setAttribute('api-base', `${location.origin}/room-styling`);
    el.setAttribute('room-id', '6346838');
    const ready = waitForEvent(el, 'panorama-ready', 40000);
    fixtureContainer().append(el);
    await ready;
  });
  after(() => {
    cleanup();
    restore?.();
  });

  for (const [yaw, pitch, name, vertical] of SEAM_VIEWS) {
    it(`continues across the seam ${name}`, async () => {
      const { across, inside } = seamDifference(await look(el, yaw, pitch), vertical);
      // Measured: right faces stay under this bound at all 12 seams; with top and bottom turned by 180° (PSV without
      // flipTopBottom) 7 of the 8 seams of u and d break this bound, most by more than 2×.
      expect(across, `across ${across.toFixed(1)}, inside ${inside.toFixed(1)}`).to.be.below(inside * 2 + 8);
    });
  }
});
