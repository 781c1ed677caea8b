/**
 * What `<room-viewer>`'s drawing is told of the element's own attributes (inputs.ts): what it starts
 * with, then `camera`, `controls` and `auto-rotate` as they change. Auto-rotation stops at once when the
 * page's reduced-motion setting changes, and turns again when it allows.
 */
import type { PropertyValues } from 'lit';
import { syncAutoRotate } from '../../features/motion/auto-rotate-alias.js';
import { ReducedMotionController } from '../../features/motion/reduced-motion.js';
// types only: three.js itself is a lazy chunk
import type { CameraMode } from '../../three/index.js';
import type { RoomDrawing } from '../../three/drawing.js';
import type { ElementSettings } from './draw.js';
import type { RoomViewerInputs } from './inputs.js';

export class DrawingInputs {
  #host: RoomViewerInputs;
  #motion: ReducedMotionController;

  constructor(host: RoomViewerInputs, drawing: () => RoomDrawing | undefined) {
    this.#host = host;
    this.#motion = new ReducedMotionController(host, () => drawing()?.setAutoRotate(this.#autoRotating()));
  }

  /** What a drawing starts with of the element's attributes, read now. */
  start(): Pick<
    ElementSettings,
    'camera' | 'controls' | 'autoRotate' | 'mediaBase' | 'furnitureBase' | 'componentLoader'
  > {
    const host = this.#host;
    return {
      camera: this.#camera(),
      controls: host.controls,
      autoRotate: this.#autoRotating(),
      mediaBase: host.mediaBase,
      furnitureBase: host.furnitureBase,
      componentLoader: host.componentLoader,
    };
  }

  /** Before the element's update: `auto-rotate` and its alias `autorotate` agree. */
  willUpdate(changed: PropertyValues): void {
    syncAutoRotate(this.#host, changed);
  }

  /** After the element's update: the drawing on screen hears what changed. */
  updated(changed: PropertyValues, drawing: RoomDrawing | undefined): void {
    if (changed.has('camera')) drawing?.setCameraMode(this.#camera());
    if (changed.has('controls')) drawing?.setControls(this.#host.controls);
    if (changed.has('autoRotate')) drawing?.setAutoRotate(this.#autoRotating());
  }

  #camera(): CameraMode {
    const camera = this.#host.camera;
    return camera === 'orbit' || camera === 'top' || camera === 'walk' ? camera : 'model';
  }

  /** Auto-rotation as asked, unless the page asks for reduced motion. */
  #autoRotating(): boolean {
    return this.#host.autoRotate && !this.#motion.reduced;
  }
}
