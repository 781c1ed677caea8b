import { expect } from '@esm-bundle/chai';
import * as THREE from 'three';

describe('WebGL in headless Chromium (SwiftShader)', () => {
  it('three.js draws a red quad on blue and the pixels read back', () => {
    const canvas = document.createElement('canvas');
    const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
    renderer.setSize(64, 64, false);
    renderer.setClearColor(0x0000ff);
    const scene = new THREE.Scene();
    const camera = new THREE.OrthographicCamera(-1, 1, 1, -1, 0.1, 10);
    camera.position.z = 1;
    const quad = new THREE.Mesh(
      new THREE.PlaneGeometry(1, 1),
      new THREE.MeshBasicMaterial({ color: 0xff0000 }),
    );
    scene.add(quad);
    renderer.render(scene, camera);
    const gl = renderer.getContext();
    const centre = new Uint8Array(4);
    gl.readPixels(32, 32, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, centre);
    const corner = new Uint8Array(4);
    gl.readPixels(1, 1, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, corner);
    expect([...centre]).to.deep.equal([255, 0, 0, 255]);
    expect([...corner]).to.deep.equal([0, 0, 255, 255]);
    quad.geometry.dispose();
    (quad.material as THREE.Material).dispose();
    renderer.dispose();
    renderer.forceContextLoss();
  });
});
