/**
 * The gallery's service root, absolute: apart from service.ts (the list operations and their schema) so
 * that the CDN loader can build the gallery's first URL (first-page.ts) without them.
 */
import type { RoomStylingClientOptions } from '../../api/room-styling/call.js';
import { serviceBase } from '../../api/room-styling/service-base.js';

/** The absolute service root, ending in `/` so relative URLs resolve inside it. */
export function serviceRoot(service: RoomStylingClientOptions): string {
  const base = serviceBase(service).replace(/\/*$/, '/');
  try {
    return new URL(base, typeof location !== 'undefined' ? location.href : undefined).href;
  } catch {
    return base;
  }
}
