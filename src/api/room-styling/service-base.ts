/**
 * The service root in force, apart from call.ts (which re-exports it) and its fetch wrapper: a gallery's
 * first cards and the CDN loader need the root without the wrapper (issue 35).
 */
import { getConfig } from '../../config.js';
import type { RoomStylingClientOptions } from './call.js';

/** The service root in force: the options' own, else configure()'s. */
export const serviceBase = (options: RoomStylingClientOptions): string => options.base || getConfig().apiBase;
