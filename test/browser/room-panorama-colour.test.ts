/**
 * photo-sphere-viewer switches three.js colour management off for the whole page when it is imported.
 * A three.js scene on the same page (as <room-viewer> draws) must render the same colours before and
 * after a panorama loaded. Each test file runs in a fresh page, so PSV is not loaded before this test.
 */
import { expect } from '@esm-bundle/chai';
import * as THREE from 'three';
import '../../src/elements/room-panorama/room-panorama.ts';
import { cleanup, fixtureContainer } from './helpers/wait.ts';
import { mountReady, plainFaces } from './room-panorama.helpers.ts';

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

describe('<room-panorama> leaves three.js colour management as the page had it', function () {
  this.timeout(30000);
  after(cleanup);

  it('a three.js scene renders the same colours with and without a panorama on the page', async () => {
    expect(THREE.ColorManagement.enabled).to.equal(true);
    const before = renderColours(0x808080);
    // the check is sensitive: with colour management off, the same grey renders brighter
    THREE.ColorManagement.enabled = false;
    const unmanaged = renderColours(0x808080);
    THREE.ColorManagement.enabled = true;
    expect(unmanaged[0]).to.not.deep.equal(before[0]);

    // PSV also turns three's file cache off for the page: a page that turned it on keeps it on
    THREE.Cache.enabled = true;
    try {
      await mountReady(fixtureContainer(), await plainFaces(), 64);
      expect(THREE.Cache.enabled, "the page's file cache setting is kept").to.equal(true);
    } finally {
      THREE.Cache.enabled = false;
    }
    expect(THREE.ColorManagement.enabled, 'still on after PSV was imported and drew').to.equal(true);
    expect(renderColours(0x808080)).to.deep.equal(before);
  });
});
