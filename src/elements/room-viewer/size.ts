/**
 * `<room-viewer>`'s size as its drawing takes it: the element's box (a default canvas's 300 × 150 while
 * it has none) at the start, and again whenever the box changes while the element is on the page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { RoomDrawing } from '../../three/drawing.js';

export class ViewerSize implements ReactiveController {
  #resize?: ResizeObserver;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    /** The drawing on screen, if any: it follows the box. */
    private readonly drawing: () => RoomDrawing | undefined,
  ) {
    host.addController(this);
  }

  /** The element's box now, in CSS pixels. */
  now(): { width: number; height: number } {
    const rect = this.host.getBoundingClientRect();
    return { width: rect.width || 300, height: rect.height || 150 };
  }

  hostConnected(): void {
    this.#resize ??= new ResizeObserver(() => {
      // no layout read while nothing is drawn
      const drawing = this.drawing();
      if (!drawing) return;
      const { width, height } = this.now();
      drawing.setSize(width, height, globalThis.devicePixelRatio || 1);
    });
    this.#resize.observe(this.host);
  }

  hostDisconnected(): void {
    this.#resize?.disconnect();
  }
}
