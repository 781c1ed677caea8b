/**
 * What a CDN gallery loads after its first cards, in one chunk (gallery-list.cdn.ts imports it when the
 * page is idle, or at once when a call needs the client): the list client (list-call.ts) and the
 * previous / next controls, which are no use without it (a further page is the client's to ask for).
 * The npm build imports both statically (gallery-list.ts).
 */
export { callService } from './list-call.js';
export { pagerStyles, renderPages } from './features/pager-controls.js';
// the first page's reader of an answer that is not a room list (gallery-list.cdn.ts)
export { readRoomList } from '../../api/room-styling/room-list.js';
