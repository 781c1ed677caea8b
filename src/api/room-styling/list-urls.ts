/**
 * The query and URL of GET /rooms (listRooms), apart from the list operations and their schemas: the
 * CDN loader builds the URL of a gallery's first page with it (src/cdn/head-start.ts) and must not
 * carry a schema library to do so.
 */
import { getConfig } from '../../config.js';
import { joinUrl, type Query } from '../join-url.js';
import type { RoomStylingClientOptions } from './call.js';
import { serviceBase } from './service-base.js';
import { indexQuery, type IndexRoomsParams } from './params.js';

/** GET /rooms's query: `whitelabel` defaults to the options', then configure()'s. */
export const roomsQuery = (options: RoomStylingClientOptions, params: IndexRoomsParams): Query =>
  indexQuery({ ...params, whitelabel: params.whitelabel ?? options.whitelabel ?? getConfig().whitelabel });

/** The URL listRooms asks, built the same way (the CDN loader starts it early). */
export const listRoomsUrl = (options: RoomStylingClientOptions, params: IndexRoomsParams = {}): string =>
  joinUrl(serviceBase(options), '/rooms', roomsQuery(options, params));
