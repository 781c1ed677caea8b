import type { ElementError } from '../internal/element-error.js';

/**
 * `export-error` (`<project-export-button>`): the export failed. `reason` `invalid-request` (nothing was
 * sent; `problems` holds the request's issues) or a service failure (`status`, `kind`).
 */
export interface ExportErrorDetail {
  error: ElementError;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'export-error': CustomEvent<ExportErrorDetail>;
  }
}
