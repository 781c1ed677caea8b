/**
 * The one error panel of every element (gallery, panorama, viewer, plan, export button): an icon, a
 * title line that names the kind of failure in the same words everywhere (./error-panel.strings.ts),
 * the message (the element's own words for its own reasons, else the kind's shared sentence) and a
 * retry button only where trying again can help (a network failure, a timeout, a server error: never
 * a 404, a refusal, an invalid id or a model that cannot be drawn). Parts: `error`, `error-icon`,
 * `error-title`, `error-message`, `retry`; look: ./error-panel.styles.ts. Messages are text, never markup.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { FailureKind } from '../../api/failure.js';
import { lookup, type Language } from '../../internal/language.js';
import { ERROR_PANEL_STRINGS, kindKey } from './error-panel.strings.js';

/** The kinds of failure where a second try can succeed. */
const RETRYABLE: ReadonlySet<FailureKind> = new Set<FailureKind>(['network', 'timeout', 'server']);

/** Whether a retry button helps for an error of `kind`. */
export function retryHelps(kind: FailureKind): boolean {
  return RETRYABLE.has(kind);
}

export interface ErrorPanelOptions {
  kind: FailureKind;
  lang: Language;
  /** The element's own words (for its own reasons); the kind's shared sentence when absent. */
  message?: string | TemplateResult;
  /** Called by the retry button; the button is shown only when `retryHelps(kind)` (or `retry`). */
  onRetry?: () => void;
  /** Whether a retry helps when the kind alone says not (a WebGL context lost for good: a retry makes a new one). */
  retry?: boolean;
  /** Extra parts on the retry button (the panorama's older `retry-button`). */
  retryParts?: string;
  /** More below the message (the export button's login link, the service's list of problems). */
  extra?: unknown;
}

/** The title line of `kind` in `lang`. */
export function errorTitle(kind: FailureKind, lang: Language): string {
  return lookup(ERROR_PANEL_STRINGS, lang, `${kindKey(kind)}Title`);
}

/** The shared sentence of `kind` in `lang`. */
export function errorSentence(kind: FailureKind, lang: Language): string {
  return lookup(ERROR_PANEL_STRINGS, lang, kindKey(kind));
}

// a circle with an exclamation mark, drawn in the panel's accent colour; no font glyph needed
const icon = html`<svg
  part="error-icon"
  class="error-icon"
  viewBox="0 0 24 24"
  width="24"
  height="24"
  aria-hidden="true"
  focusable="false"
>
  <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" stroke-width="2" />
  <path d="M12 6.5v7" stroke="currentColor" stroke-width="2.2" stroke-linecap="round" />
  <circle cx="12" cy="17.2" r="1.4" fill="currentColor" />
</svg>`;

export function renderErrorPanel(options: ErrorPanelOptions): TemplateResult {
  const { kind, lang, onRetry } = options;
  const retry = onRetry && (options.retry ?? retryHelps(kind));
  return html`<div part="error" class="error-panel" role="alert" data-kind=${kind}>
    ${icon}
    <p part="error-title" class="error-title">${errorTitle(kind, lang)}</p>
    <p part="error-message" class="error-message">${options.message ?? errorSentence(kind, lang)}</p>
    ${options.extra ?? nothing}
    ${
      retry
        ? html`<button
            part=${options.retryParts ? `retry ${options.retryParts}` : 'retry'}
            class="error-retry"
            type="button"
            @click=${onRetry}
          >
            ${lookup(ERROR_PANEL_STRINGS, lang, 'retry')}
          </button>`
        : nothing
    }
  </div>`;
}
