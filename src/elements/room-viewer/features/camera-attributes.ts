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

import type { Auto, CameraOrbit, CameraTarget } from '../../../three/orbit.js';

export { orbitOf, positionOf, targetOf } from '../../../three/orbit.js';
export type { Auto, CameraOrbit, CameraTarget };

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
