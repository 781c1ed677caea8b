/**
 * What `<room-viewer>` says when a room cannot be shown, or only in part: `model-error`, the error panel
 * (the same in every element, features/error-panel) with the viewer's own words for its own reasons, and
 * the warning notice over a room drawn without some of its textures or furniture. The core (base.ts)
 * decides what failed (and tears the room down); this names the failure, reports it and shows it.
 */
import { html, nothing, type ReactiveElement } from 'lit';
import { ElementError, type FailureKind } from '../../internal/element-error.js';
// the panel, its words and looks: a chunk fetched on the way to an error (issue 33)
import { renderErrorPanelLater } from '../../features/error-panel/panel-later.js';
import type { ComponentFailure } from '../../three/drawing.js';
import type { ModelErrorDetail } from '../../events/model-error.js';
import { VIEWER_REASON_WORDS, type ViewerStringKey } from './room-viewer.strings.js';

export class ViewerErrors {
  #message?: ViewerStringKey;
  #kind?: FailureKind;
  /** The error's panel offers a retry although its kind does not (a WebGL context lost for good). */
  #retry = false;
  #warning?: ViewerStringKey;

  constructor(
    private readonly host: ReactiveElement,
    /** Fires `model-error` on the element. */
    private readonly report: (detail: ModelErrorDetail) => void,
  ) {}

  /** A new load: nothing to say yet. */
  clear(): void {
    this.#message = this.#warning = undefined;
    this.host.requestUpdate();
  }

  /**
   * The room cannot be shown. `retry`: the panel offers a retry whatever the kind (see
   * renderErrorPanel's `retry`); `message`: the viewer's own words instead of the reason's. Fires a
   * fatal `model-error`.
   */
  failed(error: ElementError, retry = false, message?: ViewerStringKey): void {
    this.#retry = retry;
    // the viewer's own reasons have words of their own; every other failure says its kind's shared words
    this.#message = message ?? (error.reason ? VIEWER_REASON_WORDS[error.reason] : undefined);
    this.#kind = error.kind;
    this.host.requestUpdate();
    this.report({ error, fatal: true });
  }

  /**
   * The room is drawn but part of it is not as the model says (textures, furniture): a warning and a
   * `model-error` that is not fatal.
   */
  partial(error: ElementError): void {
    // textures first: a texture notice says more about what the page looks like than a box does
    if (error.reason === 'texture') this.#warning = 'textures';
    else this.#warning ??= 'components';
    this.host.requestUpdate();
    this.report({ error, fatal: false });
  }

  /** Whether the warning notice shows for a room in this state. */
  warns(state: string): boolean {
    return state === 'loaded' && this.#warning !== undefined;
  }

  /**
   * What a room in `state` says: the error panel when the source failed (with a retry where one can
   * help), the warning notice over a room drawn in part (see warns()), or nothing.
   */
  render(state: string, lang: string, t: (key: ViewerStringKey) => string, onRetry: () => void): unknown {
    if (this.warns(state))
      return html`<div part="warning" class="warning" role="status">${t(this.#warning ?? 'textures')}</div>`;
    if (state !== 'error') return nothing;
    return html`<div class="error-layer">
      ${renderErrorPanelLater(this.host, {
        kind: this.#kind ?? 'invalid',
        lang,
        message: this.#message ? t(this.#message) : undefined,
        onRetry,
        retry: this.#retry || undefined,
      })}
    </div>`;
  }
}

/** A texture of the room could not be had (the room is drawn with plain colours there). */
export function textureError(url: string): ElementError {
  return new ElementError(`texture failed: ${url}`, { kind: 'network', reason: 'texture', cause: url });
}

/** A piece's page-supplied object or product mesh failed (classified once: src/three/view-driver.ts). */
export function componentError(failure: ComponentFailure): ElementError {
  return new ElementError(
    failure.mesh ? `the mesh of ${failure.componentId} failed: ${failure.message}` : failure.message,
    { kind: failure.kind, reason: 'component', cause: failure },
  );
}

/**
 * The WebGL context was lost for good (too many contexts on the page, a GPU that did not come back):
 * kind `invalid` like every no-webgl, but the viewer's words (`contextLost`) say it was lost, not that
 * the browser has none, and its panel offers a retry, which makes a new renderer.
 */
export function contextLostError(): ElementError {
  return new ElementError('the WebGL context was lost and not restored', {
    kind: 'invalid',
    reason: 'no-webgl',
  });
}
