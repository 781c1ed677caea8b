/**
 * The panorama view as the element speaks it (degrees and a 0-100 zoom) and as photo-sphere-viewer
 * speaks it (radians, yaw in [0, 2π)). Pure functions: no DOM, no three, tested in Node.
 */

/** yaw, pitch in degrees; zoom 0 (widest) to 100. yaw 0 pitch 0 looks at the centre of face `f`. */
export interface PanoramaView {
  yaw: number;
  pitch: number;
  zoom: number;
}

/** Reflected values are rounded to this many decimals, so attributes stay short and stable. */
const DECIMALS = 2;
const round = (value: number) => Math.round(value * 10 ** DECIMALS) / 10 ** DECIMALS;

/** A finite number, or the fallback (attributes can hold anything: "abc", "", "1e999"). */
function finite(value: unknown, fallback: number): number {
  const n = typeof value === 'string' ? Number(value.trim() || NaN) : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** Any angle to (-180, 180]: 270 is -90, -180 is 180. */
export function normalizeYaw(degrees: unknown): number {
  const d = finite(degrees, 0) % 360;
  const wrapped = d > 180 ? d - 360 : d <= -180 ? d + 360 : d;
  return round(wrapped) === -180 ? 180 : round(wrapped) || 0;
}

/** Pitch is clamped to [-90, 90]: past the pole is not a direction. */
export function clampPitch(degrees: unknown): number {
  return round(Math.min(90, Math.max(-90, finite(degrees, 0)))) || 0;
}

/** Zoom is clamped to [0, 100]. */
export function clampZoom(level: unknown): number {
  return round(Math.min(100, Math.max(0, finite(level, 0)))) || 0;
}

/** The view with every member made valid (what the element reflects). */
export function normalizeView(view: Partial<Record<keyof PanoramaView, unknown>>): PanoramaView {
  return { yaw: normalizeYaw(view.yaw), pitch: clampPitch(view.pitch), zoom: clampZoom(view.zoom) };
}

const RAD = Math.PI / 180;

/** The element's view as PSV's position: radians, yaw in [0, 2π). */
export function toViewerPosition(view: PanoramaView): { yaw: number; pitch: number } {
  const yaw = (((view.yaw * RAD) % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI);
  return { yaw, pitch: view.pitch * RAD };
}

/** PSV's position and zoom level as the element's view (normalised and rounded). */
export function fromViewerPosition(position: { yaw: number; pitch: number }, zoom: number): PanoramaView {
  return normalizeView({ yaw: position.yaw / RAD, pitch: position.pitch / RAD, zoom });
}

/** The shortest signed distance between two yaws, in degrees. */
export function yawDistance(a: number, b: number): number {
  const d = ((((b - a) % 360) + 540) % 360) - 180;
  return Math.abs(d);
}

/**
 * Equal within rounding: the element compares the viewer's view with its properties to tell a
 * user's move (properties must follow) from the echo of a view the page just set (nothing to do).
 */
export function sameView(a: PanoramaView, b: PanoramaView, tolerance = 0.011): boolean {
  return (
    yawDistance(a.yaw, b.yaw) <= tolerance &&
    Math.abs(a.pitch - b.pitch) <= tolerance &&
    Math.abs(a.zoom - b.zoom) <= tolerance
  );
}
