/**
 * Shared by the room-viewer tests: small models in the service's own JSON shape (as GET /rooms/:id
 * sends `model`), the real sample through the emulator, and pixel reading from a viewer's canvas.
 */
import { ROOM_STYLING } from './helpers/emulator.ts';
import { workerPixels } from './helpers/worker-pixels.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { SharedRenderer } from '../../src/three/shared-renderer.ts';
import { boxPlan, doorComponent } from '../shared/fixtures.ts';

export const SAMPLE_ROOM_ID = 6346838;

/** A public generated room of the emulator (there with or without the real samples). */
export async function publicRoomId(): Promise<string> {
  const list = await (await fetch(`${ROOM_STYLING}/rooms?limit=3`)).json();
  return String(list.rooms.find((r: { id: number }) => r.id !== SAMPLE_ROOM_ID).id);
}

/**
 * The real sample's model as the emulator serves it, or undefined when it is not the real one: without
 * the realdata folder the emulator answers 404 or serves a generated model for the same id.
 */
export async function sampleModel(): Promise<Record<string, unknown> | undefined> {
  const response = await fetch(`${ROOM_STYLING}/rooms/${SAMPLE_ROOM_ID}`);
  if (!response.ok) return undefined;
  const room = await response.json();
  const model = room.model as { components?: unknown[]; plan?: { walls?: object } } | undefined;
  // the real sample: 77 components and 52 walls (room-6346838-the-lake.3dplanner.json)
  if (model?.components?.length !== 77 || Object.keys(model.plan?.walls ?? {}).length !== 52)
    return undefined;
  return model as Record<string, unknown>;
}

export const SKIP_SAMPLE =
  'skipped: the real sample (room 6346838) is served only when ../shared/realdata exists, and it was not';

export interface BoxRoomOptions {
  /** Floor colour, sRGB 0..1 */
  floor?: [number, number, number];
  wall?: [number, number, number];
  floorTexture?: string;
  /** Furniture pieces, spread in a grid; `kinds` distinct component ids. */
  components?: number;
  kinds?: number;
  width?: number;
  depth?: number;
}

/** A rectangular room W × D cm with one door, one floor area and optional furniture, as the service sends it. */
export function boxRoom(options: BoxRoomOptions = {}): Record<string, unknown> {
  const w = options.width ?? 400;
  const d = options.depth ?? 300;
  const components: Record<string, unknown>[] = [
    doorComponent({
      ID: 'door-1',
      component_id: 'door',
      parentID: '0',
      position: [w / 2, 0, 104],
      rotation: [270, 0, 0],
      aperture: { type: 'rectangle', bounds: [82, 208] },
      level: -1,
    }),
  ];
  const n = options.components ?? 0;
  const kinds = Math.max(1, options.kinds ?? 4);
  const columns = Math.ceil(Math.sqrt(n));
  for (let i = 0; i < n; i++) {
    const x = 40 + ((i % columns) + 0.5) * ((w - 80) / columns);
    const y = 40 + (Math.floor(i / columns) + 0.5) * ((d - 80) / columns);
    const size = Math.max(2, Math.min(40, (w - 80) / columns / 2));
    components.push({
      ID: `model-${i}`,
      type: 'Component',
      component_id: `kind-${i % kinds}`,
      parentID: null,
      position: [x, y, 0],
      rotation: [0, 0, (i * 37) % 360],
      bounding_box: [
        [-size / 2, -size / 2, 0],
        [size / 2, size / 2, 30 + (i % kinds) * 10],
      ],
      level: 1,
    });
  }
  return {
    version: 2,
    materials: [
      {
        ID: 'floor',
        diffuse: options.floor ?? [0.8, 0.3, 0.2],
        shader: 'combi_material',
        ...(options.floorTexture ? { diffuse_texture: options.floorTexture, texture_width: '100' } : {}),
      },
      { ID: 'wall', diffuse: options.wall ?? [0.2, 0.4, 0.8], shader: 'combi_material' },
      { ID: 'ceiling', diffuse: [1, 1, 1], shader: 'combi_material' },
    ],
    lights: [{ type: 'sun', position: [w / 2, d / 2, 800], direction: [0, 0, -800] }],
    camera: { position: [w / 2, -600, 700], focal_point: [w / 2, d / 2, 0], exposure: 0 },
    plan: boxPlan(w, d, { wall: 'wall', floor: 'floor', ceiling: 'ceiling' }),
    components,
  };
}

export function canvasOf(viewer: RoomViewer): HTMLCanvasElement {
  return viewer.shadowRoot!.querySelector('canvas[part=canvas]')!;
}

/**
 * A canvas holding what the viewer shows: its own canvas, or, for the one viewer on screen (drawn
 * straight into the shared WebGL canvas, not into its own), its picture read through the renderer.
 */
export function pictureOf(viewer: RoomViewer): HTMLCanvasElement {
  const shared = SharedRenderer.peek();
  if (shared && viewer.view && shared.solo === viewer.view) return shared.snapshot(viewer.view);
  return canvasOf(viewer);
}

/** The room's pixels as RGBA bytes, as either thread drew them. */
export async function viewerPixels(viewer: RoomViewer): Promise<Uint8ClampedArray> {
  if (viewer.renderThread === 'worker') return (await workerPixels(viewer)).data;
  const canvas = pictureOf(viewer);
  return canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
}

/** RGBA of the canvas pixel at (x, y) in canvas pixels. */
export function pixel(viewer: RoomViewer, x: number, y: number): number[] {
  const canvas = pictureOf(viewer);
  return [...canvas.getContext('2d')!.getImageData(Math.round(x), Math.round(y), 1, 1).data];
}

/** How many pixels of the canvas are not fully transparent. */
export function paintedPixels(viewer: RoomViewer): number {
  const canvas = pictureOf(viewer);
  if (!canvas.width || !canvas.height) return 0;
  const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
  let n = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
  return n;
}

/** Largest channel difference between two colours. */
export function colourDistance(a: readonly number[], b: readonly number[]): number {
  return Math.max(Math.abs(a[0]! - b[0]!), Math.abs(a[1]! - b[1]!), Math.abs(a[2]! - b[2]!));
}

export const srgb255 = (c: readonly number[]) => c.slice(0, 3).map((v) => Math.round(v * 255));

export function makeViewer(attributes: Record<string, string> = {}, size = [240, 180]): RoomViewer {
  const el = document.createElement('room-viewer');
  el.style.width = `${size[0]}px`;
  el.style.height = `${size[1]}px`;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}
