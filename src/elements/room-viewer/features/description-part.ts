/**
 * The working part of `<room-viewer>`'s room description (features/selection.ts holds the selection and
 * its contract): the code that draws the list (src/features/selection/description-code.ts), its words
 * and its styles, a chunk fetched right after the first frame (issue 33), as screen readers and
 * keyboard users find it a moment after the room is on screen.
 */
import * as code from '../../../features/selection/description-code.js';
import type { DescriptionCode } from '../../../features/selection/description-code.js';
import { descriptionStyles } from '../../../features/selection/room-description.styles.js';

export const styles = descriptionStyles;

export function make(): DescriptionCode {
  return code;
}
