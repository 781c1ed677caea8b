/**
 * `camera-orbit` and `camera-target` in model-viewer's syntax, so a page that already writes
 * `camera-orbit="45deg 60deg 6m"` for model-viewer writes the same for a room. Pure: no DOM, no three.js.
 *
 * Axes: the three numbers of `camera-target` are model-viewer's x, y, z with y up, in metres, with the
 * origin at the MODEL's origin (model-viewer centres its model; a room keeps the origin its plan has,
 * so a link stays valid whatever is in the room):
 *   x = the model's x (the plan's x, east),
 *   y = height above the model's floor (the model's z),
 *   z = minus the model's y (the plan's south: right-handed with y up).
 * This is exactly the viewer's three.js world space (src/three/axes.ts: model (x, y, z) cm → world
 * (x/100, z/100, −y/100) m), so attributes convert to the camera without any other step.
 *
 * `camera-orbit="θ φ r"`: where the camera stands around the target, as model-viewer and three's
 * Spherical have it: θ turns around the vertical (0 = on the +z side, i.e. south of the target, looking
 * north; positive turns counter-clockwise seen from above, towards +x), φ is down from straight up
 * (0 = from above, 90deg = level), r the distance. Angles take `deg` or `rad` (a bare number is
 * radians, as in model-viewer); lengths take `m`, `cm` or `mm` (a bare number is metres). Any value may
 * be `auto` (keep what the camera has), and missing trailing values count as `auto`.
 */
import type { Vec3 } from '../../../model/types.js';

/** `auto`: leave that value as the camera has it. */
export type Auto = 'auto';

export interface CameraOrbit {
  /** Radians around the vertical. */
  theta: number | Auto;
  /** Radians down from straight up. */
  phi: number | Auto;
  /** Metres from the target. */
  radius: number | Auto;
}

/** Metres, model-viewer's axes (y up; see the top of this file). */
export type CameraTarget = [number | Auto, number | Auto, number | Auto];

const ANGLE_UNITS: Record<string, number> = { '': 1, rad: 1, deg: Math.PI / 180 };
const LENGTH_UNITS: Record<string, number> = { '': 1, m: 1, cm: 0.01, mm: 0.001 };
const NUMBER = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)([a-z]*)$/i;

/** One value with its unit (`45deg`, `6m`, `auto`); undefined when it is not one. */
function parseValue(text: string, units: Record<string, number>): number | Auto | undefined {
  if (text.toLowerCase() === 'auto') return 'auto';
  const match = NUMBER.exec(text);
  if (!match) return undefined;
  const factor = units[match[2]!.toLowerCase()];
  const value = Number(match[1]) * (factor ?? NaN);
  return Number.isFinite(value) ? value : undefined;
}

/** Up to `count` values; undefined when anything is not a value (then the attribute is ignored as a whole). */
function parseValues(
  text: string | null | undefined,
  units: readonly Record<string, number>[],
): (number | Auto)[] | undefined {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length || words.length > units.length) return undefined;
  const values = words.map((word, i) => parseValue(word, units[i]!));
  if (values.some((value) => value === undefined)) return undefined;
  const parsed = values as (number | Auto)[];
  while (parsed.length < units.length) parsed.push('auto');
  return parsed;
}

/** `camera-orbit`; undefined when it cannot be read (the camera then stays as it is). */
export function parseCameraOrbit(text: string | null | undefined): CameraOrbit | undefined {
  const values = parseValues(text, [ANGLE_UNITS, ANGLE_UNITS, LENGTH_UNITS]);
  if (!values) return undefined;
  const [theta, phi, radius] = values as [number | Auto, number | Auto, number | Auto];
  // a camera on the target sees nothing: a zero or negative distance is not a view
  if (radius !== 'auto' && radius <= 0) return undefined;
  return { theta, phi, radius };
}

/** `camera-target`; undefined when it cannot be read. */
export function parseCameraTarget(text: string | null | undefined): CameraTarget | undefined {
  const values = parseValues(text, [LENGTH_UNITS, LENGTH_UNITS, LENGTH_UNITS]);
  return values ? (values as CameraTarget) : undefined;
}

/** Rounds so a reflected attribute stays short and does not change on a sub-millimetre jitter. */
function round(value: number, digits: number): string {
  const text = value.toFixed(digits).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

/** `45deg 60deg 6m`: degrees to 0.01°, metres to the millimetre. */
export function formatCameraOrbit(orbit: { theta: number; phi: number; radius: number }): string {
  const degrees = (radians: number) => round((radians * 180) / Math.PI, 2);
  return `${degrees(orbit.theta)}deg ${degrees(orbit.phi)}deg ${round(orbit.radius, 3)}m`;
}

/** `1.2m 0m 3.4m`, to the millimetre. */
export function formatCameraTarget(target: readonly [number, number, number]): string {
  return target.map((value) => `${round(value, 3)}m`).join(' ');
}

/**
 * The orbit of a camera at `position` looking at `target` (both in model-viewer's axes, metres), as
 * three's Spherical: θ = atan2(x, z), φ = acos(y / r).
 */
export function orbitOf(position: Vec3, target: Vec3): { theta: number; phi: number; radius: number } {
  const x = position[0] - target[0];
  const y = position[1] - target[1];
  const z = position[2] - target[2];
  const radius = Math.hypot(x, y, z);
  if (radius === 0) return { theta: 0, phi: 0, radius: 0 };
  return { theta: Math.atan2(x, z), phi: Math.acos(Math.min(1, Math.max(-1, y / radius))), radius };
}

/**
 * Where the camera stands for an orbit around `target`, `auto` values taken from `current` (the camera's
 * own orbit). φ stays a hair off the poles, where the view's up would be undefined.
 */
export function positionOf(
  orbit: CameraOrbit,
  target: Vec3,
  current: { theta: number; phi: number; radius: number },
): Vec3 {
  const theta = orbit.theta === 'auto' ? current.theta : orbit.theta;
  const phi = Math.min(Math.PI - 1e-4, Math.max(1e-4, orbit.phi === 'auto' ? current.phi : orbit.phi));
  const radius = orbit.radius === 'auto' ? current.radius : orbit.radius;
  const across = radius * Math.sin(phi);
  return [
    target[0] + across * Math.sin(theta),
    target[1] + radius * Math.cos(phi),
    target[2] + across * Math.cos(theta),
  ];
}

/** The target with `auto` values taken from `current`. */
export function targetOf(target: CameraTarget, current: Vec3): Vec3 {
  return target.map((value, i) => (value === 'auto' ? current[i]! : value)) as Vec3;
}
