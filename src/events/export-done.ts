import type { ExportResultMap } from '../api/planning/types.js';

/**
 * `export-done` (`<project-export-button>`): the result map; `queued` is true (and the maps empty) when
 * the files go to the callback; `exportId` when the service named the export.
 */
export type ExportDoneDetail = ExportResultMap & { queued: boolean; exportId?: number };

declare global {
  interface GlobalEventHandlersEventMap {
    'export-done': CustomEvent<ExportDoneDetail>;
  }
}
