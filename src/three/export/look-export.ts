/**
 * `<room-viewer>`'s `exportLook()` on the thread that draws the room: the look as a scene of its own
 * (look-scene.ts), written by three.js's own GLTFExporter (glTF binary) or USDZExporter (USDZ, AR
 * Quick Look's), with textures at most `maxTextureSize` pixels (the exporters scale bigger ones down
 * on a canvas: an OffscreenCanvas in the render worker), within the file's cap. On the page's thread
 * this module is a chunk of its own, loaded with the first export (view-driver.ts); the render worker
 * carries it in its own file, since a page's bundler copies the worker file alone (render-worker.ts).
 */
import { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import type { RoomScene } from '../build-room.js';
import { lookScene } from './look-scene.js';
import type { LookExportRequest } from './request.js';
import { usdName, withCustomData } from './usdz-metadata.js';

const MB = 1024 * 1024;
const megabytes = (bytes: number) =>
  bytes < MB ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / MB).toFixed(1)} MB`;

function overCap(bytes: number, cap: number, what: string): DOMException {
  return new DOMException(
    `exportLook(): the look is ${what}${megabytes(bytes)}, over the ${megabytes(cap)} cap (export fewer pieces, or scope "furniture")`,
    'QuotaExceededError',
  );
}

/**
 * USDZExporter draws each texture on `document.createElement('canvas')` and reads it back with
 * `canvas.toBlob()`: a worker has no document. For the export's length only, a document whose canvas
 * is an OffscreenCanvas with a toBlob() (as the page's canvas has); nothing is left behind.
 */
let canvasUsers = 0;
async function withWorkerCanvas<T>(run: () => Promise<T>): Promise<T> {
  const scope = globalThis as { document?: unknown };
  if ((scope.document !== undefined && canvasUsers === 0) || typeof OffscreenCanvas === 'undefined')
    return run();
  // exports at the same time share the one stand-in; the last one out takes it away
  if (canvasUsers++ === 0)
    scope.document = {
      createElement(tag: string) {
        if (tag !== 'canvas') throw new TypeError(`no <${tag}> in the render worker`);
        const canvas = new OffscreenCanvas(1, 1) as OffscreenCanvas & {
          toBlob(done: (blob: Blob | null) => void, type?: string, quality?: number): void;
        };
        canvas.toBlob = (done, type, quality) => {
          canvas.convertToBlob({ type, quality }).then(done, () => done(null));
        };
        return canvas;
      },
    };
  try {
    return await run();
  } finally {
    if (--canvasUsers === 0) delete scope.document;
  }
}

/**
 * The pieces (and the room, `request.room`) of `room` as drawn now, as a file's bytes. Rejects with a
 * DOMException `QuotaExceededError` over `request.maxBytes` (checked on the geometry before anything is
 * written, and on the file), never with a half-written file.
 */
export async function exportLook(
  room: RoomScene,
  request: LookExportRequest,
  yieldToPage: () => Promise<void>,
): Promise<ArrayBuffer> {
  const look = lookScene(room, request.pieces, request.room);
  try {
    // the geometry alone is a floor under the file's size: refused before a byte is written
    if (look.geometryBytes > request.maxBytes)
      throw overCap(look.geometryBytes, request.maxBytes, 'at least ');
    await yieldToPage();
    let bytes: ArrayBuffer;
    if (request.format === 'usdz') {
      // USD names are identifiers: each piece's prim named from its id, its product in its customData
      const used = new Set<string>();
      const data = new Map<string, Record<string, string>>();
      for (const node of look.pieces.values()) {
        node.name = usdName(node.name, used);
        data.set(node.name, node.userData as Record<string, string>);
      }
      const exporter = new USDZExporter();
      const written = await withWorkerCanvas(() =>
        exporter.parseAsync(look.scene, {
          maxTextureSize: request.maxTextureSize,
          // placed on the floor (a horizontal plane) in AR Quick Look, as model-viewer's USDZ
          ar: { anchoring: { type: 'plane' }, planeAnchoring: { alignment: 'horizontal' } },
          quickLookCompatible: true,
        }),
      );
      const described = withCustomData(written, data);
      bytes =
        described.byteOffset === 0 && described.byteLength === described.buffer.byteLength
          ? (described.buffer as ArrayBuffer)
          : (described.slice().buffer as ArrayBuffer);
    } else {
      const exporter = new GLTFExporter();
      const result = await exporter.parseAsync(look.scene, {
        binary: true,
        onlyVisible: false,
        maxTextureSize: request.maxTextureSize,
      });
      if (!(result instanceof ArrayBuffer))
        throw new TypeError('exportLook(): the glTF exporter wrote no binary');
      bytes = result;
    }
    await yieldToPage();
    if (bytes.byteLength > request.maxBytes) throw overCap(bytes.byteLength, request.maxBytes, '');
    return bytes;
  } finally {
    look.dispose();
  }
}
