import type { ExportRequest } from '../api/planning/export-tables.js';

/** `export-start` (`<project-export-button>`): the checked request body, just before it is sent. */
export type ExportStartDetail = ExportRequest;

declare global {
  interface GlobalEventHandlersEventMap {
    'export-start': CustomEvent<ExportStartDetail>;
  }
}
