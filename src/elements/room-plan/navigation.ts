/**
 * Moving and zooming the plan: drag (one pointer), pinch (two), the wheel, the arrow keys and + − 0,
 * the zoom buttons, and the whole plan in print whatever the screen was zoomed to. Holds the view box
 * (undefined: the whole plan) and asks the element to render when it changes; the geometry of a view
 * box is in view-box.ts (pure, tested in Node).
 *
 * A new viewBox makes the browser paint the whole SVG again: 23-30 ms for a plan of 840 walls and
 * 400 areas under software raster, two frames. So the steps of a gesture after its first (a key held
 * down, the wheel turning, a drag or pinch) are drawn as a CSS transform of the SVG as painted, which
 * the compositor does alone, and the new viewBox is set once, when the gesture ends (key or pointer
 * up, or no step for SETTLE_MS). Single steps (a key pressed, a button, the first wheel notch) set the
 * viewBox at once, as before.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { GestureGate } from '../../features/fullscreen/wheel-guard.js';
import type { PlanDrawing } from './drawing/draw.js';
import type { Vec2 } from '../../model/types.js';
import {
  modelPointAt,
  panView,
  pointAt,
  unitsPerPixel,
  viewTransform,
  zoomView,
  type ViewBox,
} from './view-box.js';

/** One keyboard step moves the plan by this share of the view. */
const PAN_STEP = 0.1;
export const ZOOM_STEP = 1.25;
/** A gesture with no step for this long has ended: its view is set as the viewBox. */
const SETTLE_MS = 150;
/** Wheel events closer than this belong to one gesture. */
const WHEEL_GESTURE_MS = 200;

type Host = ReactiveControllerHost & HTMLElement;

export class PlanNavigation implements ReactiveController {
  /** The view box set on the SVG (what the element renders). */
  #view?: ViewBox;
  /** The view on screen: #view moved by a CSS transform mid-gesture, else #view. */
  #live?: ViewBox;
  /** The SVG carries a transform that the next render must take off. */
  #transformed = false;
  #settle?: ReturnType<typeof setTimeout>;
  #keyHeld = false;
  #lastWheel = -Infinity;
  #printView?: ViewBox;
  /** Pointers down on the plan (one drags, two pinch), by pointerId: their last position. */
  #pointers = new Map<number, { x: number; y: number }>();
  /** Asked before the wheel zooms and before one finger drags (features/snapshot.ts: the page stays scrollable). */
  #gate?: GestureGate;

  /** Sets the gate the wheel and one-finger drags ask first (useGate, not a field: see features/snapshot.ts). */
  useGate(gate: GestureGate): void {
    this.#gate = gate;
  }

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

  /** Sets the viewBox now (ending any gesture). */
  set view(view: ViewBox | undefined) {
    clearTimeout(this.#settle);
    this.#settle = undefined;
    this.#view = view;
    this.#live = view;
    this.host.requestUpdate();
  }

  hostConnected(): void {
    window.addEventListener('beforeprint', this.#beforePrint);
    window.addEventListener('afterprint', this.#afterPrint);
    // the element listens for keydown only; a key let go ends a held-key gesture
    this.host.addEventListener('keyup', this.#onKeyUp);
    this.host.addEventListener('focusout', this.#onKeyUp);
  }

  hostDisconnected(): void {
    window.removeEventListener('beforeprint', this.#beforePrint);
    window.removeEventListener('afterprint', this.#afterPrint);
    this.host.removeEventListener('keyup', this.#onKeyUp);
    this.host.removeEventListener('focusout', this.#onKeyUp);
    this.#pointers.clear();
    this.#keyHeld = false;
    if (this.#settle !== undefined) this.view = this.#live;
  }

  /** The render that set the committed viewBox takes the gesture's transform off in the same frame. */
  hostUpdated(): void {
    if (!this.#transformed || this.#settle !== undefined) return;
    const svg = this.#svg();
    if (svg) {
      svg.style.transform = '';
      svg.style.willChange = '';
    }
    this.#transformed = false;
  }

  /**
   * The model point (cm, y up) under a pointer on the plan as the view box shows it (the selection's and
   * the surfaces' clicks); undefined while no plan is drawn or its SVG has no size.
   */
  modelPointUnder(event: { clientX: number; clientY: number }): Vec2 | undefined {
    const drawing = this.drawing();
    const rect = this.#svg()?.getBoundingClientRect();
    if (!drawing || !rect?.width || !rect.height) return undefined;
    return modelPointAt(this.#view ?? drawing.fit, rect, event.clientX, event.clientY).point;
  }

  zoom(factor: number, anchor?: [number, number]): void {
    this.#zoom(factor, anchor, false);
  }

  fit = (): void => {
    this.view = undefined;
  };

  #zoom(factor: number, anchor: [number, number] | undefined, continuous: boolean): void {
    const drawing = this.drawing();
    if (!drawing) return;
    this.#show(zoomView(this.#live ?? drawing.fit, drawing.fit, factor, anchor), continuous);
  }

  #pan(dx: number, dy: number, continuous: boolean): void {
    const drawing = this.drawing();
    if (!drawing) return;
    this.#show(panView(this.#live ?? drawing.fit, drawing.fit, dx, dy), continuous);
  }

  #svg(): SVGSVGElement | null {
    return this.host.shadowRoot?.querySelector<SVGSVGElement>('svg[part~="svg"]') ?? null;
  }

  /**
   * Shows `next`: as the viewBox (a single step), or mid-gesture as a compositor-only transform of
   * the SVG as last painted, the viewBox following when the gesture settles.
   */
  #show(next: ViewBox, continuous: boolean): void {
    const drawing = this.drawing();
    const svg = this.#svg();
    const width = svg?.clientWidth ?? 0;
    const height = svg?.clientHeight ?? 0;
    if (!continuous || !drawing || !svg || !width || !height) {
      this.view = next;
      return;
    }
    this.#live = next;
    const t = viewTransform(this.#view ?? drawing.fit, next, width, height);
    if (!this.#transformed) {
      // the plan must not spill over the page while scaled up; the viewport clips it
      if (svg.parentElement) svg.parentElement.style.overflow = 'hidden';
      svg.style.transformOrigin = '0 0';
      svg.style.willChange = 'transform';
      this.#transformed = true;
    }
    svg.style.transform = `translate(${t.x}px, ${t.y}px) scale(${t.scale})`;
    clearTimeout(this.#settle);
    this.#settle = setTimeout(this.#commit, SETTLE_MS);
  }

  /** Ends a gesture: its view becomes the viewBox (hostUpdated takes the transform off). */
  #commit = (): void => {
    if (this.#settle === undefined && !this.#transformed) return;
    this.view = this.#live;
  };

  #onKeyUp = (): void => {
    this.#keyHeld = false;
    if (this.#settle !== undefined) this.#commit();
  };

  onKey = (event: KeyboardEvent): void => {
    const drawing = this.drawing();
    if (!drawing || event.altKey || event.ctrlKey || event.metaKey) return;
    const view = this.#live ?? drawing.fit;
    const stepX = view.width * PAN_STEP;
    const stepY = view.height * PAN_STEP;
    // a key still down from the last step (held, repeating) makes this step part of a gesture
    const held = this.#keyHeld;
    // the arrow says which way to look: ArrowRight shows more of what is right, so the view moves right
    const actions: Record<string, () => void> = {
      ArrowLeft: () => this.#pan(-stepX, 0, held),
      ArrowRight: () => this.#pan(stepX, 0, held),
      ArrowUp: () => this.#pan(0, -stepY, held),
      ArrowDown: () => this.#pan(0, stepY, held),
      '+': () => this.#zoom(ZOOM_STEP, undefined, held),
      '=': () => this.#zoom(ZOOM_STEP, undefined, held),
      '-': () => this.#zoom(1 / ZOOM_STEP, undefined, held),
      _: () => this.#zoom(1 / ZOOM_STEP, undefined, held),
      '0': this.fit,
      Home: this.fit,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
    this.#keyHeld = action !== this.fit;
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
    const view = this.#live ?? drawing.fit;
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
      this.#zoom(after / before, mid, true);
      return;
    }
    // one finger scrolls the page (touch-action lets the browser take it), two pinch
    if (event.pointerType === 'touch' && this.#gate?.touchScrolls()) return;
    const dx = event.clientX - last.x;
    const dy = event.clientY - last.y;
    last.x = event.clientX;
    last.y = event.clientY;
    this.#pan(-dx * k, -dy * k, true);
  };

  onPointerUp = (event: PointerEvent): void => {
    if (!this.#pointers.delete(event.pointerId)) return;
    if (this.#pointers.size) return;
    (event.currentTarget as HTMLElement).classList.remove('dragging');
    this.#commit();
  };

  onWheel = (event: WheelEvent): void => {
    const drawing = this.drawing();
    const target = event.currentTarget as HTMLElement | null;
    if (!drawing || !target) return;
    // not ours to take: the page scrolls (the gate shows how to zoom)
    if (this.#gate && !this.#gate.wheel(event)) return;
    event.preventDefault();
    const pixels = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
    const factor = Math.exp(-Math.max(-300, Math.min(300, pixels)) * 0.002);
    const rect = target.getBoundingClientRect();
    const view = this.#live ?? drawing.fit;
    const continuous = event.timeStamp - this.#lastWheel < WHEEL_GESTURE_MS;
    this.#lastWheel = event.timeStamp;
    this.#zoom(
      factor,
      pointAt(view, rect.width, rect.height, event.clientX - rect.left, event.clientY - rect.top),
      continuous,
    );
  };

  // A printed plan shows all of it, whatever the screen was zoomed to.
  #beforePrint = (): void => {
    this.#printView = this.#live;
    this.view = undefined;
  };

  #afterPrint = (): void => {
    this.view = this.#printView;
    this.#printView = undefined;
  };
}
