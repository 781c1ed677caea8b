/**
 * FML, the planning service's floor plans: a pure reader for FML JSON v3 and legacy FML XML
 * (readFml), and the bridge to the room model the elements draw (fmlDesignToRoomModel).
 * No DOM, no three.js. docs/fml.md explains both.
 */
export type * from './types.js';
export { readFml, detectFmlFormat } from './read-fml.js';
export { DEFAULT_FLOOR_HEIGHT as FML_DEFAULT_FLOOR_HEIGHT } from './read-fml-json.js';
export { LIMITS as FML_LIMITS } from './fml-reader.js';
export {
  fmlDesignToRoomModel,
  selectFmlDesign,
  type FmlSelection,
  type FmlSelector,
  type FmlRoomModelResult,
} from './fml-to-room-model.js';
