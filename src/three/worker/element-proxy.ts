/**
 * What the render worker gives OrbitControls and RoomView instead of the page's canvas and element: an
 * EventTarget that the page's forwarded input events are dispatched on (three's manual, "OffscreenCanvas":
 * the same stand-in), with the few members they read. Its box is the canvas's at 0, 0: the page sends
 * pointer positions relative to the canvas.
 */
import type { ForwardedEvent } from './protocol.js';

export class ElementProxy extends EventTarget {
  /** Written by RoomView.setControls and OrbitControls (touch-action, cursor); nothing reads it here. */
  readonly style: Record<string, string> = {};
  clientWidth = 1;
  clientHeight = 1;

  constructor(readonly canvas: OffscreenCanvas) {
    super();
  }

  /** OrbitControls listens for moves on the element's document: the forwarded moves come here. */
  get ownerDocument(): this {
    return this;
  }

  getRootNode(): this {
    return this;
  }

  getContext(kind: '2d'): OffscreenCanvasRenderingContext2D | null {
    return this.canvas.getContext(kind);
  }

  getBoundingClientRect() {
    const width = this.clientWidth;
    const height = this.clientHeight;
    return { left: 0, top: 0, x: 0, y: 0, width, height, right: width, bottom: height };
  }

  // the page's canvas holds the pointer (worker-view.ts); here there is nothing to capture
  setPointerCapture(): void {}
  releasePointerCapture(): void {}
  hasPointerCapture(): boolean {
    return false;
  }
  focus(): void {}

  setSize(width: number, height: number): void {
    this.clientWidth = Math.max(1, width);
    this.clientHeight = Math.max(1, height);
  }

  /** Dispatches a forwarded event as the real one would arrive; preventDefault() was done on the page. */
  forward(data: ForwardedEvent): void {
    const { type, ...fields } = data;
    const event = new Event(type, { cancelable: true });
    Object.assign(event, fields);
    this.dispatchEvent(event);
  }
}
