/**
 * photo-sphere-viewer switches three.js colour management off for the whole page when it is imported.
 * A <room-viewer> (and any other three.js scene) on the same page must render the same colours before
 * and after a panorama loaded. Each test file runs in a fresh page, so PSV is not loaded before the
 * `before` hook below has taken its "without a panorama" pictures. A viewer on each thread: the page's
 * (renderer="main"), whose three.js is the page's own, and the render worker's (the default), whose
 * three.js PSV cannot reach; both must keep their colours.
 */
import { expect } from '@esm-bundle/chai';
import * as THREE from 'three';
import '../../src/elements/room-panorama/room-panorama.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { mountReady, plainFaces } from './room-panorama.helpers.ts';
import { boxRoom, colourDistance, makeViewer } from './room-viewer-fixtures.ts';
import { pixelAt, THREADS, type Thread } from './helpers/threads.ts';

/** Renders a quad of `hex` (unlit and lit materials side by side) and reads both pixels back. */
function renderColours(hex: number): number[][] {
  const canvas = document.createElement('canvas');
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
  renderer.setSize(64, 32, false);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x204060);
  scene.add(new THREE.AmbientLight(0xffffff, 1));
  const camera = new THREE.OrthographicCamera(-2, 2, 1, -1, 0.1, 10);
  camera.position.z = 1;
  const basic = new THREE.Mesh(new THREE.PlaneGeometry(2, 2), new THREE.MeshBasicMaterial({ color: hex }));
  basic.position.x = -1;
  const lit = new THREE.Mesh(new THREE.PlaneGeometry(2, 2), new THREE.MeshStandardMaterial({ color: hex }));
  lit.position.x = 1;
  scene.add(basic, lit);
  renderer.render(scene, camera);
  const gl = renderer.getContext();
  const read = (x: number, y: number) => {
    const px = new Uint8Array(4);
    gl.readPixels(x, y, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    return [...px];
  };
  const result = [read(16, 16), read(48, 16)];
  for (const mesh of [basic, lit]) {
    mesh.geometry.dispose();
    (mesh.material as THREE.Material).dispose();
  }
  renderer.dispose();
  renderer.forceContextLoss();
  return result;
}

/** A room whose colours are known: a terracotta floor (sRGB 204 77 51) and blue walls, seen from the top. */
const room = () => boxRoom({ floor: [0.8, 0.3, 0.2], wall: [0.2, 0.4, 0.8], components: 2 });
const FLOOR_SRGB = [204, 77, 51];
/** floor, floor, background, a piece of furniture or floor */
const POINTS: [number, number][] = [
  [100, 75],
  [60, 50],
  [100, 5],
  [150, 110],
];

async function showRoom(viewer: RoomViewer): Promise<number[][]> {
  const loaded = waitForEvent(viewer, 'model-load', 20000);
  viewer.model = room(); // a fresh object each time: the viewer builds and draws the room again
  if (!viewer.isConnected) fixtureContainer().append(viewer);
  await loaded;
  return Promise.all(POINTS.map(([x, y]) => pixelAt(viewer, x, y)));
}

/** A viewer of the room from the top, drawn on `thread`. */
const viewerOn = (thread: Thread) =>
  makeViewer({ loading: 'eager', camera: 'top', renderer: thread }, [200, 150]);

function expectSamePixels(actual: number[][], expected: number[][], what: string): void {
  for (let i = 0; i < POINTS.length; i++) {
    expect(
      colourDistance(actual[i]!, expected[i]!),
      `${what}, point ${POINTS[i]}: ${actual[i]} vs ${expected[i]}`,
    ).to.be.at.most(1);
  }
}

describe('<room-panorama> leaves three.js colour management as the page had it', function () {
  this.timeout(60000);
  let quadBefore: number[][];
  const viewers = {} as Record<Thread, RoomViewer>;
  const viewersBefore = {} as Record<Thread, number[][]>;
  let panorama: RoomPanorama;
  let cacheAfterPanorama: boolean;

  before(async () => {
    expect(THREE.ColorManagement.enabled, 'three starts with colour management on').to.equal(true);
    quadBefore = renderColours(0x808080);
    for (const thread of THREADS) {
      viewers[thread] = viewerOn(thread);
      viewersBefore[thread] = await showRoom(viewers[thread]);
      expect(viewers[thread].renderThread).to.equal(thread);
    }
    // PSV also turns three's file cache off for the page: a page that turned it on keeps it on
    THREE.Cache.enabled = true;
    try {
      panorama = await mountReady(fixtureContainer(), await plainFaces(), 64);
      cacheAfterPanorama = THREE.Cache.enabled;
    } finally {
      THREE.Cache.enabled = false;
    }
  });
  after(cleanup);

  for (const thread of THREADS)
    it(`a <room-viewer> drawn on ${thread} draws the same pixels before and after a panorama loaded on the page`, async () => {
      const before = viewersBefore[thread];
      // the premise: the viewer drew the room's own colours without a panorama on the page
      expect(colourDistance(before[0]!, FLOOR_SRGB), `floor ${before[0]}`).to.be.at.most(6);
      expect(panorama.getAttribute('state'), 'the panorama is live beside the viewer').to.equal('ready');
      // the same viewer drawing the room again, with PSV loaded and drawing on the page
      expectSamePixels(await showRoom(viewers[thread]), before, 'the same viewer, redrawn');
      // and a viewer that starts after the panorama
      expectSamePixels(await showRoom(viewerOn(thread)), before, 'a new viewer');
    });

  it('a plain three.js scene renders the same colours, and colour management stays on', () => {
    expect(THREE.ColorManagement.enabled, 'still on after PSV was imported and drew').to.equal(true);
    expect(renderColours(0x808080)).to.deep.equal(quadBefore);
    // the check is sensitive: with colour management off, the same grey renders brighter
    THREE.ColorManagement.enabled = false;
    try {
      expect(renderColours(0x808080)[0]).to.not.deep.equal(quadBefore[0]);
    } finally {
      THREE.ColorManagement.enabled = true;
    }
  });

  it("keeps the page's three.js file cache setting", () => {
    expect(cacheAfterPanorama).to.equal(true);
  });
});
