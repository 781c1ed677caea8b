/**
 * The `surface` kind of change as `<room-viewer>` and `<room-plan>` both check it before anything is
 * touched: the element must show a room, the target must name one of its surfaces, the value must be
 * a colour, a texture or null. Written once here so the two elements refuse the same input with the
 * same reason and words (they used to carry a copy each).
 */
import type { PlanGeometry } from '../../model/types.js';
import { ChangeRefused, type ChangeApplier } from './change-log.js';
import { cssColour } from './css-colour.js';
import { checkSurface, surfaceValue, type SurfaceRef } from './surface-value.js';

/** Reads a CSS colour as sRGB 0..255 (the page's CSS engine by default; a stand-in in Node tests). */
export type ColourReader = (value: string) => [number, number, number] | undefined;

/**
 * The log's `validate` for surfaces: `not-ready` (with `notReady` as its sentence) while `planOf()` has
 * no plan, `unknown-target` for a surface the plan does not have, `bad-value` for what is not a colour,
 * a texture or null; undefined when the change may be made.
 */
export function surfaceValidator(
  planOf: () => PlanGeometry | undefined,
  notReady: string,
  parseColour: ColourReader = cssColour,
): NonNullable<ChangeApplier['validate']> {
  return (target, value) => {
    const plan = planOf();
    if (!plan) return new ChangeRefused('not-ready', notReady);
    try {
      checkSurface(plan, target);
      surfaceValue(value, parseColour);
    } catch (error) {
      if (error instanceof ChangeRefused) return error;
      throw error;
    }
    return undefined;
  };
}

/**
 * What `setSurface()` hands the log as the change's `after`: the checked value (a colour as `#rrggbb`, a
 * texture's absolute URL), so a saved list replays the same; input that is not a value is passed on as
 * given, for the validator to refuse with its reason.
 */
export function surfaceAfter(paint: unknown, parseColour: ColourReader = cssColour): unknown {
  try {
    return surfaceValue(paint, parseColour);
  } catch {
    return paint;
  }
}

/** The surface's id read against the plan, or undefined when the plan has no such surface. */
export function findSurface(plan: PlanGeometry, surface: string): SurfaceRef | undefined {
  try {
    return checkSurface(plan, surface);
  } catch {
    return undefined;
  }
}
