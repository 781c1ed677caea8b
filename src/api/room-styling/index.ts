export { RoomStylingClient, type CallOptions, type RoomStylingClientOptions } from './client.js';
export * from './params.js';
export type * from './types.js';
