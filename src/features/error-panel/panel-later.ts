/**
 * The one error panel (./error-panel.ts), its words and its looks (./error-panel.styles.ts) for an
 * element that does not carry them with its first result: `<room-viewer>`, whose first frame had them
 * for a room that never fails (issue 33: about 1.5 KB gzip). They come as a chunk (./panel-chunk.ts),
 * fetched on the way to an error: the model source (src/features/model-source/source-controller.ts)
 * waits for it before it reports a failed load, so the element shows the whole panel with its error
 * state. A failure the element finds itself (no WebGL, the context lost for good) shows, for the few
 * milliseconds until the chunk is here (or for good when it cannot be downloaded), the element's own
 * message and a retry button where one helps, over the element (the status styles' `.error` layer).
 */
import { html, nothing, type ReactiveElement } from 'lit';
import type { FailureKind } from '../../api/failure.js';
import { addStyles } from '../../internal/add-styles.js';
import { lazyModule } from '../../internal/lazy-module.js';
import { languageOf, lookup, type Strings } from '../../internal/language.js';
import type { ErrorPanelOptions } from './error-panel.js';

type PanelChunk = typeof import('./panel-chunk.js');

const loadPanel = lazyModule(() => import('./panel-chunk.js'));
let panel: PanelChunk | undefined;
/** The last download failed: the fallback waits for its retry button before trying again. */
let failed = false;

/** The retry button's word, from the panel's table (`errors`): a page's translation of it applies. */
const RETRY: Strings<'retry'> = { name: 'errors', en: { retry: 'Try again' } };
/** The kinds where a second try can help (as ./error-panel.ts's retryHelps). */
const RETRYABLE: readonly FailureKind[] = ['network', 'timeout', 'server'];

/** Fetches the panel now (on the way to an error); resolves once it is here or failed, never rejects. */
export function fetchErrorPanel(): Promise<void> {
  return loadPanel().then(
    (module) => {
      panel = module;
      failed = false;
    },
    () => {
      failed = true;
    },
  );
}

/**
 * The panel of `options` in `host`'s shadow root: the whole panel once its chunk is here (its styles
 * then added after the element's own), else the fallback, and the host rendered again when it arrives.
 */
export function renderErrorPanelLater(host: ReactiveElement, options: ErrorPanelOptions): unknown {
  if (panel) {
    addStyles(host, panel.errorPanelStyles);
    return panel.renderErrorPanel(options);
  }
  if (!failed) void fetchErrorPanel().then(() => host.requestUpdate());
  const { kind, onRetry } = options;
  const retry = onRetry && (options.retry ?? RETRYABLE.includes(kind));
  const again = () => {
    failed = false;
    onRetry?.();
  };
  return html`<div part="error" class="error" role="alert" data-kind=${kind}>
    <p part="error-message" class="error-message">${options.message ?? nothing}</p>
    ${
      retry
        ? html`<button part="retry" type="button" @click=${again}>
            ${lookup(RETRY, languageOf(host), 'retry')}
          </button>`
        : nothing
    }
  </div>`;
}
