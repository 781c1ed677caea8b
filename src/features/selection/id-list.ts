/**
 * The `selected` attribute's reading, alone in its module: the viewer declares `selected` before its
 * first frame, and the selection's working code (component-selection.ts) comes after it (issue 33).
 */
import type { ComplexAttributeConverter } from 'lit';

/** `selected="a b c"` ⇄ `['a', 'b', 'c']` (no attribute when nothing is selected). */
export const idListConverter: ComplexAttributeConverter<string[]> = {
  fromAttribute: (value) => [...new Set((value ?? '').split(/\s+/).filter(Boolean))],
  toAttribute: (value) => (Array.isArray(value) && value.length ? value.join(' ') : null),
};
