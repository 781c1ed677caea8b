/**
 * The viewer's spec suites run on both threads (a loop over these, not copies): the render worker (the
 * default) and the page's thread (`renderer="main"`, the fallback). What a test needs of the camera it
 * reads from the frames' pose and sets through the drawing (src/features/motion/camera-feed.ts), the
 * same on either thread.
 */
import { PerspectiveCamera, Vector3 } from 'three';
import type { Vec3 } from '../../../src/model/types.ts';
import { cameraFeedOf, type CameraPose } from '../../../src/features/motion/camera-feed.ts';
import { MODEL_TO_WORLD, toModel, toWorld } from '../../../src/three/axes.ts';
import type { RoomViewer } from '../../../src/elements/room-viewer/room-viewer.ts';
import { pictureOf } from '../room-viewer-fixtures.ts';
import { configure, resetConfig } from '../../../src/config.ts';
import { resetEmulator } from './emulator.ts';
import { requireWebGL } from './webgl.ts';
import { rgba, workerPixels, type Pixels } from './worker-pixels.ts';
import {
  renderWorkerFurnitureCache,
  renderWorkerInfo,
  workerViewOf,
} from '../../../src/elements/room-viewer/worker-view.ts';
import { inspectView, type ViewInspection } from '../../../src/three/inspect.ts';
import { pickRoomSurface } from '../../../src/three/surfaces.ts';
import {
  furnitureCacheStats,
  resetFurnitureCache,
  setFurnitureLimits,
  type FurnitureCacheStats,
  type FurnitureLimits,
} from '../../../src/three/furniture-meshes.ts';

export const THREADS = ['worker', 'main'] as const;
export type Thread = (typeof THREADS)[number];

/** The camera of the viewer's last frame (fails the test when it has drawn none). */
export function poseOf(viewer: HTMLElement): CameraPose {
  const pose = cameraFeedOf(viewer)?.pose;
  if (!pose) throw new Error('the viewer has drawn no frame');
  return pose;
}

/** A three.js camera as the pose says, to project points as the viewer drew them. */
export function cameraOf(pose: CameraPose): PerspectiveCamera {
  const camera = new PerspectiveCamera(pose.fov, pose.aspect, 0.05, 1000);
  camera.position.fromArray(pose.position);
  camera.lookAt(new Vector3().fromArray(pose.target));
  camera.updateMatrixWorld();
  return camera;
}

/** Puts the camera at `eye` looking at `target` (model cm, z up) and waits for a frame drawn there. */
export async function placeCamera(viewer: HTMLElement, eye: Vec3, target: Vec3): Promise<void> {
  const feed = cameraFeedOf(viewer)!;
  const position = toWorld(eye).toArray() as Vec3;
  const at = toWorld(target).toArray() as Vec3;
  feed.move(position, at);
  const start = performance.now();
  while (performance.now() - start < 5000) {
    const pose = feed.pose;
    if (pose && pose.position.every((v, i) => Math.abs(v - position[i]!) < 1e-4)) return;
    await new Promise((r) => requestAnimationFrame(r));
  }
  throw new Error('the camera did not arrive');
}

/** Frames the viewer has drawn, on either thread. */
export function framesOf(viewer: HTMLElement & { view?: { frames: number } }): number {
  if (viewer.view) return viewer.view.frames;
  const layer = viewer.shadowRoot?.querySelector('canvas.worker-canvas');
  const view = workerViewOf(layer);
  if (!view) throw new Error('the viewer draws nowhere');
  return view.frames;
}

/** Hears every frame's camera from now on; returns what stops it. */
export function onFrames(viewer: HTMLElement, listener: (pose: CameraPose) => void): () => void {
  return cameraFeedOf(viewer)!.listen(listener);
}

/** The camera of the next frame the viewer draws (after the change the test just made). */
export function nextFrame(viewer: HTMLElement, timeout = 5000): Promise<CameraPose> {
  const feed = cameraFeedOf(viewer)!;
  return new Promise((resolve, reject) => {
    let skip = !!feed.pose; // listen() hands the current camera at once: not a new frame
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no frame drawn'));
    }, timeout);
    const stop = feed.listen((pose) => {
      if (skip) return void (skip = false);
      clearTimeout(timer);
      stop();
      resolve(pose);
    });
  });
}

/** The viewer's picture as RGBA bytes with its size, on either thread (the worker's own canvas there). */
export async function pictureData(viewer: RoomViewer): Promise<Pixels> {
  if (!viewer.view) return workerPixels(viewer);
  const canvas = pictureOf(viewer);
  return { data: rgba(canvas), width: canvas.width, height: canvas.height };
}

/** RGBA of the picture's pixel at (x, y) in its pixels, on either thread. */
export function pixelIn(picture: Pixels, x: number, y: number): number[] {
  const at = (Math.round(y) * picture.width + Math.round(x)) * 4;
  return [...picture.data.slice(at, at + 4)];
}

/** RGBA of the viewer's pixel at (x, y) in its picture's pixels, on either thread. */
export async function pixelAt(viewer: RoomViewer, x: number, y: number): Promise<number[]> {
  return pixelIn(await pictureData(viewer), x, y);
}

/** Where a model point (cm, z up) lands on a picture of `size`, as the viewer's last frame saw it. */
export function projectPoint(viewer: HTMLElement, point: Vec3, size: { width: number; height: number }) {
  const ndc = new Vector3(...point).applyMatrix4(MODEL_TO_WORLD).project(cameraOf(poseOf(viewer)));
  return [((ndc.x + 1) / 2) * size.width, ((1 - ndc.y) / 2) * size.height] as [number, number];
}

/** Waits for a frame drawn after the change just made (the view draws only when something changed). */
export async function frameAfter(viewer: RoomViewer & { updateComplete: Promise<unknown> }): Promise<void> {
  await viewer.updateComplete;
  const before = framesOf(viewer);
  const start = performance.now();
  while (framesOf(viewer) <= before) {
    if (performance.now() - start > 5000) throw new Error('no frame drawn');
    await new Promise((r) => requestAnimationFrame(r));
  }
  await new Promise((r) => requestAnimationFrame(r));
  await new Promise((r) => requestAnimationFrame(r));
}

/** How many pixels of the viewer's picture are not fully transparent, on either thread. */
export async function paintedOf(viewer: RoomViewer): Promise<number> {
  const { data } = await pictureData(viewer);
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
  return n;
}

/** The camera of the viewer's last frame in the model's space (cm, z up), as `camera-change` gives it. */
export function cameraStateOf(viewer: HTMLElement): { position: Vec3; target: Vec3 } {
  const { position, target } = poseOf(viewer);
  return { position: toModel(new Vector3(...position)), target: toModel(new Vector3(...target)) };
}

/** What the viewer's view holds (src/three/inspect.ts), on either thread: furniture, groups, draw calls. */
export async function inspectOf(viewer: RoomViewer): Promise<ViewInspection> {
  if (viewer.view) return inspectView(viewer.view);
  const view = workerViewOf(viewer.shadowRoot?.querySelector('canvas.worker-canvas'));
  if (!view) throw new Error('the viewer draws nowhere');
  return view.inspect();
}

/** The object drawing the viewer's room now (its RoomView, or its render worker view), to compare. */
export function drawnBy(viewer: RoomViewer): object | undefined {
  return viewer.view ?? workerViewOf(viewer.shadowRoot?.querySelector('canvas.worker-canvas'));
}

/** The surface (`wall:…`, `area:…`) first met at (x, y) in normalised device coordinates; undefined: a piece or nothing. */
export async function surfaceAt(viewer: RoomViewer, x: number, y: number): Promise<string | undefined> {
  if (viewer.view) return pickRoomSurface(viewer.view, x, y);
  return workerViewOf(viewer.shadowRoot?.querySelector('canvas.worker-canvas'))!.pickRoomSurface(x, y);
}

/** The furniture mesh cache of the thread the viewers of `thread` draw on (the worker's own there). */
export async function meshCacheOf(thread: Thread): Promise<FurnitureCacheStats> {
  if (thread === 'main') return furnitureCacheStats();
  const info = await renderWorkerInfo();
  if (!info) throw new Error('no render worker runs');
  return info.meshCache;
}

/** The furniture mesh cache set on both threads (reset: freed and back to the defaults first). */
export function furnitureCache(settings: { limits?: Partial<FurnitureLimits>; reset?: boolean }): void {
  if (settings.reset) resetFurnitureCache();
  if (settings.limits) setFurnitureLimits(settings.limits);
  renderWorkerFurnitureCache(settings);
}

/**
 * Mocha hooks for a suite of products' meshes whose viewers draw on `thread`: WebGL required, the
 * emulator and both threads' furniture mesh caches reset before each test.
 */
export function meshSuiteOn(thread: Thread): void {
  before(function () {
    requireWebGL(this);
    configure({ viewerRenderer: thread });
  });
  after(resetConfig);
  beforeEach(async () => {
    await resetEmulator();
    furnitureCache({ reset: true });
  });
}
