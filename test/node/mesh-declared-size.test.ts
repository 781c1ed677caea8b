import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { imageSize } from '../../src/three/mesh-decode/image-size.ts';
import { checkDeclared, declaredSize } from '../../src/three/mesh-decode/declared-size.ts';
import { allowedResource } from '../../src/three/mesh-decode/resources.ts';
import { DEFAULT_LIMITS } from '../../src/three/mesh-decode/limits.ts';
import type { GltfJson } from '../../src/three/mesh-decode/gltf-file.ts';

/**
 * What a furniture file would cost, read before anything is decoded (src/three/mesh-decode/): image
 * sizes from the headers of real encoders' files (pngjs, jpeg-js) and of hand-made WebP / KTX2 headers,
 * and the declared sum of a file's accessors, meshopt views, nodes and images against the limits. The
 * mesh bombs themselves are refused in Chromium (test/browser/room-viewer-mesh-bombs.test.ts).
 */

const rgbaWithMips = (w: number, h: number) => Math.ceil(w * h * 4 * (4 / 3));

function webp(chunk: 'VP8 ' | 'VP8L' | 'VP8X', width: number, height: number): Uint8Array {
  const out = new Uint8Array(40);
  const view = new DataView(out.buffer);
  out.set(new TextEncoder().encode('RIFF'), 0);
  view.setUint32(4, 32, true);
  out.set(new TextEncoder().encode(`WEBP${chunk}`), 8);
  if (chunk === 'VP8 ') {
    view.setUint16(26, width, true);
    view.setUint16(28, height, true);
  } else if (chunk === 'VP8L') {
    out[20] = 0x2f;
    view.setUint32(21, (width - 1) | ((height - 1) << 14), true);
  } else {
    for (let i = 0; i < 3; i++) {
      out[24 + i] = ((width - 1) >> (8 * i)) & 0xff;
      out[27 + i] = ((height - 1) >> (8 * i)) & 0xff;
    }
  }
  return out;
}

describe('image sizes from headers', () => {
  it('reads PNG and JPEG files as their encoders wrote them', () => {
    const png = new PNG({ width: 33, height: 17 });
    const pngBytes = new Uint8Array(PNG.sync.write(png));
    assert.deepEqual(imageSize(pngBytes), { width: 33, height: 17, decodedBytes: rgbaWithMips(33, 17) });
    const raw = { data: Buffer.alloc(40 * 24 * 4, 128), width: 40, height: 24 };
    const jpg = new Uint8Array(jpeg.encode(raw, 80).data);
    assert.deepEqual(imageSize(jpg), { width: 40, height: 24, decodedBytes: rgbaWithMips(40, 24) });
  });

  it('reads the three kinds of WebP header', () => {
    assert.equal(imageSize(webp('VP8 ', 300, 200))?.width, 300);
    assert.equal(imageSize(webp('VP8L', 16384, 16384))?.height, 16384);
    assert.deepEqual(
      [imageSize(webp('VP8X', 70000, 3))?.width, imageSize(webp('VP8X', 70000, 3))?.height],
      [70000, 3],
    );
  });

  it('counts a KTX2 at its size as RGBA and what its levels inflate to', () => {
    const ktx2 = new Uint8Array(80 + 24 * 2);
    ktx2.set([0xab, 0x4b, 0x54, 0x58, 0x20, 0x32, 0x30, 0xbb, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(ktx2.buffer);
    view.setUint32(20, 1024, true);
    view.setUint32(24, 512, true);
    view.setUint32(36, 1, true);
    view.setUint32(40, 2, true);
    view.setBigUint64(80 + 16, 1_000_000n, true);
    view.setBigUint64(104 + 16, 250_000n, true);
    assert.equal(imageSize(ktx2)?.decodedBytes, rgbaWithMips(1024, 512) + 1_250_000);
  });

  it('reads nothing from what is not a known image (the caller refuses it)', () => {
    assert.equal(imageSize(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined);
    assert.equal(imageSize(new Uint8Array(8)), undefined);
  });
});

describe('the declared cost of a glTF file', () => {
  const triangle = {
    asset: { version: '2.0' },
    accessors: [{ componentType: 5126, count: 3, type: 'VEC3' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
  };

  it('adds accessors, sparse arrays, meshopt views and the copy each node shows', () => {
    const json: GltfJson = {
      ...triangle,
      accessors: [
        { componentType: 5126, count: 1000, type: 'VEC3' },
        { componentType: 5125, count: 3000, type: 'SCALAR', sparse: { count: 10 } },
      ],
      bufferViews: [{ extensions: { EXT_meshopt_compression: { count: 500, byteStride: 16 } } }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1 }] }],
      // the same mesh shown by two nodes: copied twice
      nodes: [{ mesh: 0 }, { mesh: 0 }, {}],
    };
    const size = declaredSize(json, [], new Map(), 'x.glb');
    assert.deepEqual(size, {
      bytes: 1000 * 12 + 3000 * 4 + 10 * (4 + 4) + 500 * 16 + 2 * (1000 * 32 + 3000 * 4),
      vertices: 2000,
      indices: 6000,
      primitives: 2,
    });
  });

  it('refuses what passes the byte budget, the vertex, index or primitive cap, naming which', () => {
    const limits = {
      ...DEFAULT_LIMITS,
      maxVertices: 10,
      maxIndices: 10,
      maxPrimitives: 1,
      budgetBytes: 1000,
    };
    const base = { bytes: 0, vertices: 0, indices: 0, primitives: 0 };
    assert.throws(
      () => checkDeclared({ ...base, vertices: 11 }, limits, 'a.glb'),
      /a\.glb declares 11 vertices/,
    );
    assert.throws(() => checkDeclared({ ...base, indices: 11 }, limits, 'a.glb'), /11 indices/);
    assert.throws(() => checkDeclared({ ...base, primitives: 2 }, limits, 'a.glb'), /2 primitives/);
    assert.throws(
      () => checkDeclared({ ...base, bytes: 1001 }, limits, 'a.glb'),
      /1001 bytes decoded.*memory budget/,
    );
    checkDeclared({ bytes: 1000, vertices: 10, indices: 10, primitives: 1 }, limits, 'a.glb');
  });

  it('sizes every image, and refuses a file with an image it cannot size', () => {
    const png = new Uint8Array(PNG.sync.write(new PNG({ width: 8, height: 4 })));
    const base64 = Buffer.from(png).toString('base64');
    const json: GltfJson = { ...triangle, images: [{ uri: `data:image/png;base64,${base64}` }] };
    assert.equal(declaredSize(json, [], new Map(), 'x.glb').bytes, 3 * 12 + rgbaWithMips(8, 4));
    const svg = { ...triangle, images: [{ uri: 'data:image/svg+xml,%3Csvg%2F%3E' }] };
    assert.throws(
      () => declaredSize(svg, [], new Map(), 'x.glb'),
      /image 0 is not a PNG, JPEG, WebP or KTX2/,
    );
  });
});

describe('the resources a furniture file may name', () => {
  const file = 'https://cdn.shop.example/3d/models/70/sofa.glb';
  it('takes data: URIs and files in its own folder on its own origin', () => {
    assert.equal(allowedResource('sofa.bin', file)?.href, 'https://cdn.shop.example/3d/models/70/sofa.bin');
    assert.equal(
      allowedResource('tex/wood.png', file)?.href,
      'https://cdn.shop.example/3d/models/70/tex/wood.png',
    );
    assert.equal(allowedResource('data:application/octet-stream;base64,AAAA', file)?.protocol, 'data:');
  });
  it('refuses anything else', () => {
    for (const uri of [
      '../sofa.bin',
      '/3d/models/70/../../secret',
      'https://evil.example/x.bin',
      '//evil.example/x.bin',
      'http://cdn.shop.example/3d/models/70/sofa.bin',
      'blob:https://cdn.shop.example/1234',
      'file:///etc/passwd',
      'sub/..%2f..%2fsecret',
      'javascript:alert(1)',
    ])
      assert.equal(allowedResource(uri, file), undefined, uri);
  });
});
