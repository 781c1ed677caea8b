/**
 * The code that draws the room description (room-description.ts) with its words, as one object for
 * ComponentSelection.description(): `<room-plan>` imports it with its selection; `<room-viewer>`
 * loads it after its first frame with the description's styles (issue 33), so that the first frame
 * never waits for the words of a list that only screen readers and keyboard users open.
 */
export { roomDescription } from './room-description.js';
export { DESCRIPTION_STRINGS } from './room-description.strings.js';

/** What ComponentSelection.description() draws with. */
export interface DescriptionCode {
  roomDescription: typeof import('./room-description.js').roomDescription;
  DESCRIPTION_STRINGS: typeof import('./room-description.strings.js').DESCRIPTION_STRINGS;
}
