/**
 * photo-sphere-viewer switches three.js colour management off for the whole page when it is imported.
 * A <room-viewer> (and any other three.js scene) on the same page must render the same colours before
 * and after a panorama loaded. Each test file runs in a fresh page, so PSV is not loaded before the
 * `before` hook below has taken its "without a panorama" pictures.
 */
import { expect } from '@esm-bundle/chai';
import * as THREE from 'three';
import '../../src/elements/room-panorama/room-panorama.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { cleanup, fixtureContainer, waitForEvent } from './helpers/wait.ts';
import { mountReady, plainFaces } from './room-panorama.helpers.ts';
import { boxRoom, colourDistance, makeViewer, pixel } from './room-viewer-fixtures.ts';
import { configure } from '../../src/config.ts';

// these tests read the viewer's scene on the page's thread (viewer.view, its canvas); the render worker,
// the default where the browser allows it, has its own (room-viewer-worker*.test.ts)
configure({ viewerRenderer: 'main' });

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
  return POINTS.map(([x, y]) => pixel(viewer, x, y));
}

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
  let viewer: RoomViewer;
  let viewerBefore: number[][];
  let panorama: RoomPanorama;
  let cacheAfterPanorama: boolean;

  before(async () => {
    expect(THREE.ColorManagement.enabled, 'three starts with colour management on').to.equal(true);
    quadBefore = renderColours(0x808080);
    viewer = makeViewer({ loading: 'eager', camera: 'top' }, [200, 150]);
    viewerBefore = await showRoom(viewer);
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

  it('a <room-viewer> draws the same pixels before and after a panorama loaded on the page', async () => {
    // the premise: the viewer drew the room's own colours without a panorama on the page
    expect(colourDistance(viewerBefore[0]!, FLOOR_SRGB), `floor ${viewerBefore[0]}`).to.be.at.most(6);
    expect(panorama.getAttribute('state'), 'the panorama is live beside the viewer').to.equal('ready');
    // the same viewer drawing the room again, with PSV loaded and drawing on the page
    expectSamePixels(await showRoom(viewer), viewerBefore, 'the same viewer, redrawn');
    // and a viewer that starts after the panorama
    expectSamePixels(
      await showRoom(makeViewer({ loading: 'eager', camera: 'top' }, [200, 150])),
      viewerBefore,
      'a new viewer',
    );
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
