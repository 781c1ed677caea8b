/** Shared by the <room-panorama> browser tests: generated faces, canvas sampling, context counting. */
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';
import type { CubeFaces } from '../../src/panorama/cube-faces.ts';
import { rafPasses, until, waitForEvent } from './helpers/wait.ts';

export type RGB = [number, number, number];

/** A square PNG of one colour (optionally with edge strips), as a blob: URL the element accepts. */
export async function faceUrl(size: number, fill: RGB, edges?: FaceEdges, strip = 0.2): Promise<string> {
  const canvas = new OffscreenCanvas(size, size);
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = css(fill);
  ctx.fillRect(0, 0, size, size);
  if (edges) {
    const w = Math.round(size * strip);
    ctx.fillStyle = css(edges.top);
    ctx.fillRect(0, 0, size, w);
    ctx.fillStyle = css(edges.bottom);
    ctx.fillRect(0, size - w, size, w);
    ctx.fillStyle = css(edges.left);
    ctx.fillRect(0, 0, w, size);
    ctx.fillStyle = css(edges.right);
    ctx.fillRect(size - w, 0, w, size);
    // corners belong to two strips: black, and never sampled
    ctx.fillStyle = '#000';
    for (const [x, y] of [
      [0, 0],
      [size - w, 0],
      [0, size - w],
      [size - w, size - w],
    ])
      ctx.fillRect(x!, y!, w, w);
  }
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  return URL.createObjectURL(blob);
}

export interface FaceEdges {
  top: RGB;
  bottom: RGB;
  left: RGB;
  right: RGB;
}

const css = ([r, g, b]: RGB) => `rgb(${r} ${g} ${b})`;

/** A distinct colour for each cube face, far enough apart for nearest() to tell them apart. */
export const FACE_COLOURS: Readonly<Record<keyof CubeFaces, RGB>> = {
  f: [230, 30, 30],
  r: [30, 200, 30],
  b: [30, 30, 230],
  l: [230, 230, 30],
  u: [30, 230, 230],
  d: [230, 30, 230],
};

/** Six plain faces of distinct colours (for tests that only need "some panorama"). */
export async function plainFaces(size = 32): Promise<CubeFaces> {
  const entries = await Promise.all(
    Object.entries(FACE_COLOURS).map(async ([face, rgb]) => [face, await faceUrl(size, rgb)] as const),
  );
  return Object.fromEntries(entries) as CubeFaces;
}

/** The element's PSV canvas. */
export function viewerCanvas(el: RoomPanorama): HTMLCanvasElement | null {
  return el.shadowRoot!.querySelector('canvas.psv-canvas');
}

/**
 * A WebGL canvas without preserveDrawingBuffer can only be read back in the frame it was drawn in, and
 * PSV draws only when the view changed. Tests therefore ask for preserveDrawingBuffer on every WebGL
 * context the page creates (test-side only: the element is not changed for tests).
 */
export function preserveDrawingBuffers(): () => void {
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, attrs?: object) {
    const gl = type === 'webgl' || type === 'webgl2';
    const call = original as (this: HTMLCanvasElement, t: string, a?: object) => RenderingContext | null;
    return call.call(this, type, gl ? { ...attrs, preserveDrawingBuffer: true } : attrs);
  } as typeof original;
  return () => {
    HTMLCanvasElement.prototype.getContext = original;
  };
}

/** The rendered pixels of the element's canvas, a few frames after the view was set. */
export async function snapshot(el: RoomPanorama): Promise<ImageData> {
  for (let attempt = 0; attempt < 20; attempt++) {
    await rafPasses(3);
    const data = copy(viewerCanvas(el)!);
    const c = (data.height / 2) * data.width * 4 + (data.width / 2) * 4;
    if (data.data[c + 3] === 255) return data;
  }
  throw new Error('the panorama canvas never gave an opaque frame');
}

function copy(canvas: HTMLCanvasElement): ImageData {
  const out = document.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const ctx = out.getContext('2d', { willReadFrequently: true })!;
  ctx.drawImage(canvas, 0, 0);
  return ctx.getImageData(0, 0, out.width, out.height);
}

/** The pixel at (fx, fy), fractions of the canvas size. */
export function pixel(image: ImageData, fx: number, fy: number): RGB {
  const x = Math.min(image.width - 1, Math.round(fx * image.width));
  const y = Math.min(image.height - 1, Math.round(fy * image.height));
  const i = (y * image.width + x) * 4;
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

export function distance(a: RGB, b: RGB): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** The name of the palette colour nearest to `rgb`. */
export function nearest(rgb: RGB, palette: Record<string, RGB>): string {
  let best = '';
  let bestD = Infinity;
  for (const [name, c] of Object.entries(palette)) {
    const d = distance(rgb, c);
    if (d < bestD) [best, bestD] = [name, d];
  }
  return best;
}

/** [yaw, pitch, edge, vertical]: looking straight at the middle of each of the cube's 12 edges. */
export const SEAM_VIEWS: readonly [number, number, string, boolean][] = [
  [45, 0, 'fr', true],
  [135, 0, 'rb', true],
  [225, 0, 'bl', true],
  [315, 0, 'lf', true],
  [0, 45, 'uf', false],
  [90, 45, 'ur', false],
  [180, 45, 'ub', false],
  [270, 45, 'ul', false],
  [0, -45, 'df', false],
  [90, -45, 'dr', false],
  [180, -45, 'db', false],
  [270, -45, 'dl', false],
];

/** Mean colour difference between two lines of pixels `gap` px apart, centred on `at` px. */
export function lineDifference(image: ImageData, vertical: boolean, at: number, gap: number): number {
  let sum = 0;
  let n = 0;
  const size = image.width;
  for (let t = Math.round(size * 0.3); t < size * 0.7; t++) {
    const a = vertical ? [at - gap / 2, t] : [t, at - gap / 2];
    const b = vertical ? [at + gap / 2, t] : [t, at + gap / 2];
    sum += distance(pixel(image, a[0]! / size, a[1]! / size), pixel(image, b[0]! / size, b[1]! / size));
    n++;
  }
  return sum / n;
}

/**
 * The seam measure of a view centred on a seam: how much the picture changes across the seam (lines
 * 6 px apart on either side of the centre) and, for comparison, inside the faces (the same pair 12 px
 * to either side). A seam joins when `across < inside * 2 + 8` (see room-panorama-orientation.test.ts).
 */
export function seamDifference(image: ImageData, vertical: boolean): { across: number; inside: number } {
  const c = image.width / 2;
  const across = lineDifference(image, vertical, c, 6);
  const inside =
    (lineDifference(image, vertical, c - 12, 6) + lineDifference(image, vertical, c + 12, 6)) / 2;
  return { across, inside };
}

/** Sets the view through the element's attributes and waits until the viewer drew it. */
export async function look(el: RoomPanorama, yaw: number, pitch: number, zoom = 0): Promise<ImageData> {
  el.yaw = yaw;
  el.pitch = pitch;
  el.zoom = zoom;
  await el.updateComplete;
  return snapshot(el);
}

/** Mounts a <room-panorama> with `faces`, eager, no navbar, and waits for panorama-ready. */
export async function mountReady(
  parent: HTMLElement,
  faces: CubeFaces,
  size = 128,
  attrs: Record<string, string> = {},
): Promise<RoomPanorama> {
  const el = document.createElement('room-panorama');
  el.style.cssText = `width:${size}px;height:${size}px;aspect-ratio:auto;min-height:0`;
  el.setAttribute('loading', 'eager');
  el.setAttribute('navbar', 'false');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.faces = faces;
  const ready = waitForEvent(el, 'panorama-ready', 20000);
  parent.append(el);
  await ready;
  return el;
}

/**
 * Counts WebGL contexts the page created and has not lost: wraps getContext (installed once per test
 * file) and listens for webglcontextlost on every canvas that got a context.
 */
export function trackContexts(): { live(): number; created(): number; restore(): void } {
  const original = HTMLCanvasElement.prototype.getContext;
  const contexts = new Map<HTMLCanvasElement, WebGLRenderingContext>();
  const lost = new Set<HTMLCanvasElement>();
  HTMLCanvasElement.prototype.getContext = function (
    this: HTMLCanvasElement,
    type: string,
    ...rest: unknown[]
  ) {
    const ctx = (original as (...a: unknown[]) => RenderingContext | null).call(this, type, ...rest);
    if (ctx && (type === 'webgl' || type === 'webgl2') && !contexts.has(this)) {
      contexts.set(this, ctx as WebGLRenderingContext);
      this.addEventListener('webglcontextlost', () => lost.add(this));
    }
    return ctx;
  } as typeof original;
  return {
    live: () => [...contexts.values()].filter((gl) => !gl.isContextLost()).length,
    created: () => contexts.size,
    restore: () => {
      HTMLCanvasElement.prototype.getContext = original;
    },
  };
}

// one copy for every browser test (helpers/page-errors.ts); the panorama tests import it from here
export { collectPageErrors } from './helpers/page-errors.ts';

export { until };
