/**
 * Pan and zoom as pure arithmetic on the SVG viewBox (in SVG units: centimetres, y down). The fitted
 * view is the whole plan with a margin for its dimension lines; zoom stays between a fifth of it
 * and 16 times in, and the view's centre stays over the plan.
 */
import type { Vec2 } from '../../model/types.js';

export interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.2;
export const MAX_ZOOM = 16;

export function zoomOf(view: ViewBox, fit: ViewBox): number {
  return fit.width / view.width;
}

/**
 * Keeps the view's centre over the fitted plan: zoomed in, every corner of the plan can be reached;
 * the plan can never be panned out of sight.
 */
function clampPan(view: ViewBox, fit: ViewBox): ViewBox {
  const x = Math.min(Math.max(view.x, fit.x - view.width / 2), fit.x + fit.width - view.width / 2);
  const y = Math.min(Math.max(view.y, fit.y - view.height / 2), fit.y + fit.height - view.height / 2);
  return { ...view, x, y };
}

/**
 * Zooms by `factor` (>1 in) keeping the SVG point `anchor` where it is on screen (the view's centre
 * when no anchor is given).
 */
export function zoomView(view: ViewBox, fit: ViewBox, factor: number, anchor?: [number, number]): ViewBox {
  if (!(factor > 0) || !Number.isFinite(factor)) return view;
  const current = zoomOf(view, fit);
  const next = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, current * factor));
  const scale = current / next;
  const [ax, ay] = anchor ?? [view.x + view.width / 2, view.y + view.height / 2];
  const width = view.width * scale;
  const height = view.height * scale;
  return clampPan({ x: ax - (ax - view.x) * scale, y: ay - (ay - view.y) * scale, width, height }, fit);
}

/** Moves the view by (dx, dy) SVG units. */
export function panView(view: ViewBox, fit: ViewBox, dx: number, dy: number): ViewBox {
  if (!Number.isFinite(dx) || !Number.isFinite(dy)) return view;
  return clampPan({ ...view, x: view.x + dx, y: view.y + dy }, fit);
}

/**
 * How many SVG units one CSS pixel is, for a viewBox shown in a `pixelWidth` × `pixelHeight` box
 * with the default `preserveAspectRatio="xMidYMid meet"`.
 */
export function unitsPerPixel(view: ViewBox, pixelWidth: number, pixelHeight: number): number {
  if (!(pixelWidth > 0) || !(pixelHeight > 0)) return 1;
  return Math.max(view.width / pixelWidth, view.height / pixelHeight);
}

/** The SVG point under the client pixel (px, py) measured from the box's top left corner. */
export function pointAt(
  view: ViewBox,
  pixelWidth: number,
  pixelHeight: number,
  px: number,
  py: number,
): [number, number] {
  const k = unitsPerPixel(view, pixelWidth, pixelHeight);
  // meet centres the viewBox: the unused pixels are split on both sides
  const offsetX = (pixelWidth - view.width / k) / 2;
  const offsetY = (pixelHeight - view.height / k) / 2;
  return [view.x + (px - offsetX) * k, view.y + (py - offsetY) * k];
}

/**
 * The model point (cm, y up) under a client pixel of a box at `box` showing `view`, and how many cm one
 * CSS pixel is there.
 */
export function modelPointAt(
  view: ViewBox,
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): { point: Vec2; perPixel: number } {
  const [x, y] = pointAt(view, box.width, box.height, clientX - box.left, clientY - box.top);
  // SVG's y points down, the model's up
  return { point: [x, -y], perPixel: unitsPerPixel(view, box.width, box.height) };
}

export function viewBoxAttribute(view: ViewBox): string {
  const r = (n: number) => Math.round(n * 100) / 100;
  return `${r(view.x)} ${r(view.y)} ${r(view.width)} ${r(view.height)}`;
}

/**
 * The CSS transform (origin at the box's top left corner) that makes a box showing `shown` look as if
 * it showed `target`, both with `meet` in a `pixelWidth` × `pixelHeight` box: how a step of a gesture
 * is drawn by the compositor, without painting the SVG again (see PlanNavigation).
 */
export function viewTransform(
  shown: ViewBox,
  target: ViewBox,
  pixelWidth: number,
  pixelHeight: number,
): { scale: number; x: number; y: number } {
  const ks = unitsPerPixel(shown, pixelWidth, pixelHeight);
  const kt = unitsPerPixel(target, pixelWidth, pixelHeight);
  const scale = ks / kt;
  // screen = offset + (svg - view.x) / k for each view; solve screen_t = scale · screen_s + t
  const along = (size: number, s0: number, s: number, t0: number, t: number) =>
    (size - t / kt) / 2 - t0 / kt - scale * ((size - s / ks) / 2 - s0 / ks);
  return {
    scale,
    x: along(pixelWidth, shown.x, shown.width, target.x, target.width),
    y: along(pixelHeight, shown.y, shown.height, target.y, target.height),
  };
}
