/**
 * The room drawn on the page's thread (`renderer="main"`, or the fallback where the render worker
 * cannot draw): the drawing interface (drawing.ts) over a ViewDriver, which does the work as it does in
 * the worker. Its answers are promises, as the worker's are, so a feature never asks which thread draws.
 */
import type { ModelComponent } from '../model/types.js';
import type { ComponentLoader, MeshLoader, PreparedGeometry } from './build-room.js';
import * as Controls from './controls.js';
import type * as Drawing from './drawing.js';
import type * as Features from './features.js';
import type { MeasurePoint } from './measure.js';
import type { RoomView } from './room-view.js';
import type { Vec3 } from '../model/types.js';
import { ViewDriver } from './view-driver.js';
import type { LookExportRequest } from './export/request.js';

export interface MainDrawingOptions extends Drawing.DrawingOptions {
  prepared?: PreparedGeometry;
  componentLoader?: ComponentLoader;
  meshLoader?: MeshLoader;
  yieldToPage(): Promise<void>;
  /** The features' three.js side (a lazy chunk on the page). */
  loadFeatures(): Promise<typeof Features>;
}

/** A result now or later, as a promise (the worker's answers are promises too). */
async function answer<T>(run: () => T | Promise<T>): Promise<T> {
  return run();
}

export class MainDrawing implements Drawing.RoomDrawing {
  readonly thread = 'main';
  readonly #driver: ViewDriver;
  readonly #ungate: () => void;
  #pose?: Drawing.CameraPose;
  #version = 0;

  constructor(options: MainDrawingOptions) {
    const onFrame = options.onFrame;
    this.#driver = new ViewDriver({
      canvas: options.canvas,
      keyTarget: options.keyTarget,
      settings: options,
      prepared: options.prepared,
      componentLoader: options.componentLoader,
      meshLoader: options.meshLoader,
      yieldToPage: options.yieldToPage,
      features: options.loadFeatures,
      // on the page's thread OrbitControls come with the drawing (the worker loads them later)
      orbit: Controls,
      events: {
        ...pickEvents(options),
        onFrame: (frame) => {
          this.#pose = frame.pose;
          onFrame(frame);
        },
      },
    });
    const { view } = this.#driver;
    Controls.touchScrolls(view.controls, options.touchScrolls);
    this.#ungate = Controls.gateWheel(view.controls, options.keyTarget, (event) => options.wheelZooms(event));
    // as the worker says it once its scene is built: after the element holds this drawing
    queueMicrotask(() => {
      if (!this.#gone) options.onBuilt?.();
    });
  }

  #gone = false;

  /** The view itself (tests and tools: camera, scene, controls). */
  get view(): RoomView {
    return this.#driver.view;
  }

  get frames(): number {
    return this.#driver.view.frames;
  }

  get pose(): Drawing.CameraPose | undefined {
    return this.#pose;
  }

  setSize(width: number, height: number, pixelRatio: number): void {
    this.#driver.setSize(width, height, pixelRatio);
  }
  setVisible(visible: boolean): void {
    this.view.setVisible(visible);
  }
  setCameraMode(mode: Drawing.DrawingSettings['camera']): void {
    this.#driver.setCameraMode(mode);
  }
  setControls(enabled: boolean): void {
    this.view.setControls(enabled);
  }
  setAutoRotate(on: boolean): void {
    this.view.setAutoRotate(on);
  }
  setFurnitureVisible(visible: boolean): void {
    this.view.setFurnitureVisible(visible);
  }
  setTouchScrolls(scrolls: boolean): void {
    Controls.touchScrolls(this.view.controls, scrolls);
  }
  pick(x: number, y: number, only?: readonly string[]): Promise<string | undefined> {
    return answer(() => this.#driver.pick(x, y, only));
  }
  outline(selected: readonly string[], highlighted: readonly string[]): void {
    this.#driver.outline(selected, highlighted);
  }
  moveCamera(to: Drawing.CameraRequest, fly: boolean): Promise<Drawing.CameraPose> {
    return answer(() => this.#driver.moveCamera(to, fly)).then((pose) => (this.#pose = pose));
  }
  setCutaway(height: number | undefined): void {
    this.#driver.setCutaway(height);
  }
  setAnchors(key: string, set: Drawing.AnchorSet | undefined): number {
    this.#driver.setAnchors(key, ++this.#version, set);
    return this.#version;
  }
  pickSurface(x: number, y: number, width: number, height: number): Promise<MeasurePoint | undefined> {
    return answer(() => this.#driver.pickSurface(x, y, width, height));
  }
  snapshot(width: number, height: number): Promise<HTMLCanvasElement> {
    return answer(() => this.#driver.snapshot(width, height));
  }
  // surfaces (issue 37)
  pickRoomSurface(x: number, y: number): Promise<string | undefined> {
    return answer(() => this.#driver.pickRoomSurface(x, y));
  }
  setSurface(surface: string, paint: Drawing.SurfacePaint | null): Promise<void> {
    return answer(() => this.#driver.setSurface(surface, paint));
  }
  // swap a piece (replaceComponent(), src/three/swap.ts)
  replaceComponent(pieceId: string, component: ModelComponent | null): Promise<void> {
    return answer(() => this.#driver.replaceComponent(pieceId, component));
  }

  // walk mode
  setWalk(setup: Drawing.WalkSetup): void {
    this.#driver.setWalk(setup);
  }
  dispose(): void {
    if (this.#gone) return;
    this.#gone = true;
    this.#ungate();
    this.#driver.dispose();
  }
  // export the look (issue 36)
  exportLook(request: LookExportRequest): Promise<ArrayBuffer> {
    return answer(() => this.#driver.exportLook(request));
  }

  // toPanorama (issue 38)
  panorama(position: Vec3, size: number): Promise<HTMLCanvasElement[]> {
    return answer(() => this.#driver.panorama(position, size));
  }
  setFieldOfView(fov: number | undefined): Promise<Drawing.CameraPose> {
    return answer(() => this.#driver.setFieldOfView(fov)).then((pose) => (this.#pose = pose));
  }
}

/** The events a driver passes straight on. */
function pickEvents(events: Drawing.DrawingEvents): Drawing.DrawingEvents {
  const { onBuilt, onFrame, onCameraChange, onRenderScale, onTextureError, onComponentError } = events;
  const { onContextGone, onFailed } = events;
  return {
    onBuilt,
    onFrame,
    onCameraChange,
    onRenderScale,
    onTextureError,
    onComponentError,
    onContextGone,
    onFailed,
  };
}
