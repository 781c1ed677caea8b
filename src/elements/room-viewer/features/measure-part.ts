/**
 * The working part of `<room-viewer>`'s measure mode (features/measure.ts holds its contract and the
 * cutaway): the mode shared with `<room-plan>` (points picked by a click, Esc, the toggle, the words and
 * the distance as text) and the viewer's measure styles. A chunk fetched right after the first frame,
 * for the toggle over the room, or at once when `measure` is set (issue 33).
 */
import type { Language } from '../../../internal/language.js';
import { MeasureMode, type MeasureHost } from '../../../features/measure/measure-mode.js';
import type { Vec3 } from '../../../model/types.js';
import { viewerMeasureStyles } from './measure.styles.js';

export type { MeasureMode };

export const styles = viewerMeasureStyles;

/** The mode of one viewer, its words in the viewer's language. */
export function make(host: { element: MeasureHost; lang(): Language }): MeasureMode<Vec3> {
  return new MeasureMode<Vec3>(host.element, () => host.lang());
}
