/**
 * Moving and zooming the plan: drag (one pointer), pinch (two), the wheel, the arrow keys and + − 0,
 * the zoom buttons, and the whole plan in print whatever the screen was zoomed to. Holds the view box
 * (undefined: the whole plan) and asks the element to render when it changes; the geometry of a view
 * box is in plan-view.ts (pure, tested in Node).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PlanDrawing } from './plan-drawing.js';
import { panView, pointAt, unitsPerPixel, zoomView, type ViewBox } from './plan-view.js';

/** One keyboard step moves the plan by this share of the view. */
const PAN_STEP = 0.1;
export const ZOOM_STEP = 1.25;

type Host = ReactiveControllerHost & HTMLElement;

export class PlanNavigation implements ReactiveController {
  #view?: ViewBox;
  #printView?: ViewBox;
  /** Pointers down on the plan (one drags, two pinch), by pointerId: their last position. */
  #pointers = new Map<number, { x: number; y: number }>();

  constructor(
    private readonly host: Host,
    /** The drawing shown, if any (its `fit` is the whole plan). */
    private readonly drawing: () => PlanDrawing | undefined,
  ) {
    host.addController(this);
  }

  /** The view box shown, or undefined for the whole plan. */
  get view(): ViewBox | undefined {
    return this.#view;
  }

  set view(view: ViewBox | undefined) {
    this.#view = view;
    this.host.requestUpdate();
  }

  hostConnected(): void {
    window.addEventListener('beforeprint', this.#beforePrint);
    window.addEventListener('afterprint', this.#afterPrint);
  }

  hostDisconnected(): void {
    window.removeEventListener('beforeprint', this.#beforePrint);
    window.removeEventListener('afterprint', this.#afterPrint);
    this.#pointers.clear();
  }

  zoom(factor: number, anchor?: [number, number]): void {
    const drawing = this.drawing();
    if (!drawing) return;
    this.view = zoomView(this.#view ?? drawing.fit, drawing.fit, factor, anchor);
  }

  fit = (): void => {
    this.view = undefined;
  };

  #pan(dx: number, dy: number): void {
    const drawing = this.drawing();
    if (!drawing) return;
    this.view = panView(this.#view ?? drawing.fit, drawing.fit, dx, dy);
  }

  onKey = (event: KeyboardEvent): void => {
    const drawing = this.drawing();
    if (!drawing || event.altKey || event.ctrlKey || event.metaKey) return;
    const view = this.#view ?? drawing.fit;
    const stepX = view.width * PAN_STEP;
    const stepY = view.height * PAN_STEP;
    // the arrow says which way to look: ArrowRight shows more of what is right, so the view moves right
    const actions: Record<string, () => void> = {
      ArrowLeft: () => this.#pan(-stepX, 0),
      ArrowRight: () => this.#pan(stepX, 0),
      ArrowUp: () => this.#pan(0, -stepY),
      ArrowDown: () => this.#pan(0, stepY),
      '+': () => this.zoom(ZOOM_STEP),
      '=': () => this.zoom(ZOOM_STEP),
      '-': () => this.zoom(1 / ZOOM_STEP),
      _: () => this.zoom(1 / ZOOM_STEP),
      '0': this.fit,
      Home: this.fit,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  onPointerDown = (event: PointerEvent): void => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const target = event.currentTarget as HTMLElement;
    this.#pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    try {
      target.setPointerCapture(event.pointerId);
    } catch {
      // a synthetic pointer cannot be captured; dragging still works while over the plan
    }
    target.classList.add('dragging');
  };

  onPointerMove = (event: PointerEvent): void => {
    const last = this.#pointers.get(event.pointerId);
    const drawing = this.drawing();
    if (!last || !drawing) return;
    const target = event.currentTarget as HTMLElement;
    const view = this.#view ?? drawing.fit;
    const k = unitsPerPixel(view, target.clientWidth, target.clientHeight);
    if (this.#pointers.size >= 2) {
      // pinch: the two first pointers' distance sets the zoom, their midpoint the anchor
      const [a, b] = [...this.#pointers.entries()];
      const other = a![0] === event.pointerId ? b![1] : a![1];
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(event.clientX - other.x, event.clientY - other.y);
      last.x = event.clientX;
      last.y = event.clientY;
      if (before < 1 || after < 1) return;
      const rect = target.getBoundingClientRect();
      const mid = pointAt(
        view,
        rect.width,
        rect.height,
        (event.clientX + other.x) / 2 - rect.left,
        (event.clientY + other.y) / 2 - rect.top,
      );
      this.zoom(after / before, mid);
      return;
    }
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    last.x = event.clientX;
    last.y = event.clientY;
    this.#pan(-dx * k, -dy * k);
  };

  onPointerUp = (event: PointerEvent): void => {
    if (!this.#pointers.delete(event.pointerId)) return;
    if (!this.#pointers.size) (event.currentTarget as HTMLElement).classList.remove('dragging');
  };

  onWheel = (event: WheelEvent): void => {
    const drawing = this.drawing();
    const target = event.currentTarget as HTMLElement | null;
    if (!drawing || !target) return;
    event.preventDefault();
    const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    const factor = Math.exp(-Math.max(-300, Math.min(300, pixels)) * 0.002);
    const rect = target.getBoundingClientRect();
    const view = this.#view ?? drawing.fit;
    this.zoom(
      factor,
      pointAt(view, rect.width, rect.height, event.clientX - rect.left, event.clientY - rect.top),
    );
  };

  // A printed plan shows all of it, whatever the screen was zoomed to.
  #beforePrint = (): void => {
    this.#printView = this.#view;
    this.view = undefined;
  };

  #afterPrint = (): void => {
    this.view = this.#printView;
    this.#printView = undefined;
  };
}
