import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { ApiError } from '../../api/http.js';
import { describeIssue, type ExportIssue } from '../../api/planning/export-issues.js';
import { buildExportRequest, ExportRequestError } from '../../api/planning/export-request.js';
import type { ExportRequest, ExportRequestInput } from '../../api/planning/export-tables.js';
import { resultFiles } from '../../api/planning/exports.js';
import type { ExportOutcome, ExportResultMap } from '../../api/planning/types.js';
import { getConfig } from '../../config.js';
import { defineElement } from '../../internal/define.js';
import { languageOf, translate } from '../../internal/i18n.js';
import { RoomElement } from '../../internal/room-element.js';
import { safeHttpUrl } from '../../internal/safe-url.js';
import { describeExportError, type ErrorWords } from './export-errors.js';
import { ISSUE_MESSAGES, STRINGS, type Key } from './export-button-strings.js';
import { styles } from './export-button-styles.js';
import { runExport, TokenCache } from './export-flow.js';
import { exportInput, projectIdOf } from './export-options.js';

/**
 * `export-done`'s detail: the result map; `queued` is true (and the maps empty) when the files go to
 * the callback; `exportId` is the export record's id when the service named it (the partner back end's
 * `/exports/:id/status` and `/events` take it).
 */
export type ExportDoneDetail = ExportResultMap & { queued: boolean; exportId?: number };

/** `export-error`'s detail: an ExportRequestError (nothing was sent) or an ApiError (status 0 for network). */
export interface ExportErrorDetail {
  error: ExportRequestError | ApiError;
}

const STATES = ['idle', 'busy', 'done', 'queued', 'error'] as const;
type Phase = 'idle' | 'token' | 'exporting' | 'done' | 'queued' | 'error';

/** Attribute `combine`: present means true, except `combine="false"` (a common way to write it). */
const booleanAttribute = {
  fromAttribute: (value: string | null) => value !== null && value.trim().toLowerCase() !== 'false',
  toAttribute: (value: boolean) => (value ? '' : null),
};

/**
 * Exports a planning-service project as 2D or 3D images or PDF (Document 1, section 4.3) from a page
 * that holds no secret: it fetches a short-lived access token from the partner's own token endpoint
 * (or, with `proxy-base`, lets the partner back end add it), checks the request against the export
 * tables before sending anything, and shows progress, the file links or that the export was queued
 * for the callback, and errors in words.
 *
 * @summary A button that exports a planning project as PNG, JPG or PDF, in 2D or 3D.
 *
 * @slot - The button's label (default: "Export plan" / "Export 3D views", in the page's language).
 *
 * @fires {CustomEvent<ExportRequest>} export-start - The checked request body, just before it is sent.
 * @fires {CustomEvent<ExportDoneDetail>} export-done - The result map (`project` and `design`: id to file URLs); `queued: true` when the files go to the callback; `exportId` when the service named the export.
 * @fires {CustomEvent<ExportErrorDetail>} export-error - `{ error }`: an ExportRequestError (invalid request, nothing sent) or an ApiError (`status` 0 for network failures and timeouts).
 *
 * @csspart button - The real `<button>`.
 * @csspart status - The live region with progress and the outcome.
 * @csspart files - The list of exported files.
 * @csspart file - One exported file: a link for http(s) URLs, text otherwise.
 * @csspart error - The error message (and the list of problems of an invalid request).
 * @csspart login - Extension: the "connect your planning account" link, when the partner back end says the visitor is not connected.
 *
 * @cssprop --project-export-button-background - Button background (default #1f5fbf).
 * @cssprop --project-export-button-background-hover - Button background on hover.
 * @cssprop --project-export-button-color - Button text colour (default #fff).
 * @cssprop --project-export-button-border - Button border colour.
 * @cssprop --project-export-button-radius - Button corner radius.
 * @cssprop --project-export-button-focus-ring - Focus outline colour.
 * @cssprop --project-export-button-text - Text colour of the status and file list.
 * @cssprop --project-export-button-status-color - Status text colour.
 * @cssprop --project-export-button-link-color - File link colour.
 * @cssprop --project-export-button-error-color - Error text and border colour.
 * @cssprop --project-export-button-error-background - Error background.
 *
 * @cssstate idle - Nothing exported yet.
 * @cssstate busy - An export is under way (also `aria-busy` on the button).
 * @cssstate done - Files are listed.
 * @cssstate queued - The export was accepted; files go to the callback.
 * @cssstate error - The last export failed or was invalid.
 */
export class ProjectExportButton extends RoomElement {
  static override styles = styles;
  static override shadowRootOptions = { ...LitElement.shadowRootOptions, delegatesFocus: true };

  /** The project to export (a positive integer). */
  @property({ attribute: 'project-id' }) projectId?: string | number;

  /** The partner's token endpoint: POST `{ "project_id": n }` (same-origin cookies) answers `{ access_token, expires_in }`. */
  @property({ attribute: 'token-endpoint' }) tokenEndpoint?: string;

  /**
   * Extension: the partner back end's proxy root. When set, the export is POSTed to
   * `{proxy-base}/projects/:id/export.json` with the page's session cookie, and the back end adds
   * the token: the browser never sees one. `token-endpoint` and `planner-base` are then not used.
   */
  @property({ attribute: 'proxy-base' }) proxyBase?: string;

  /** Root of the planning JSON API v2; default: configure()'s `plannerBase`. */
  @property({ attribute: 'planner-base' }) plannerBase?: string;

  /** `2d` (default) or `3d`. */
  @property() type: '2d' | '3d' = '2d';

  /** Comma list of `png`, `pdf`, `jpg` (default `pdf`); the property also takes an array. */
  @property() formats?: string | string[];

  /** Width in pixels (required by the service); the property also takes a number. */
  @property() width?: number | string;

  /** Height in pixels (required by the service); the property also takes a number. */
  @property() height?: number | string;

  /**
   * `paper[size]`: A4, A3, A2, A1, A0, LETTER, LEGAL (for 2D only with pdf). The unions are written
   * out (not the export-tables types) so custom-elements.json, and JSX types made from it, carry them.
   */
  @property({ attribute: 'paper-size' }) paperSize?: 'A4' | 'A3' | 'A2' | 'A1' | 'A0' | 'LETTER' | 'LEGAL';

  /** `paper[orientation]`: landscape (the service's default) or portrait. */
  @property() orientation?: 'landscape' | 'portrait';

  /** `paper[combine]`: merge onto one page. Default false; `combine="false"` is also false. */
  @property({ type: Boolean, converter: booleanAttribute }) combine = false;

  /** Comma list of design ids inside the project (default: all designs); the property also takes an array. */
  @property() designs?: string | number[];

  /** Where the service delivers the result: an http(s) URL or an email address (required, except with `proxy-base`, whose back end may add its own). */
  @property() callback?: string;

  /** 3D: comma list of view types (top, ne, se, sw, nw, tilted, photo, panorama, stereo); the property also takes an array. */
  @property() views?: string | string[];

  /** 2D with pdf: `paper[scale]` 50, 100, 200 or 500 (1:N). */
  @property() scale?: number | string;

  /** 2D: `paper[visuals]` ALL, BW or BWC. */
  @property() visuals?: 'ALL' | 'BW' | 'BWC';

  /** The whole export request (the table's members), merged over the attributes; `paper` member by member. */
  @property({ attribute: false }) options?: ExportRequestInput;

  @state() private _phase: Phase = 'idle';
  @state() private _result?: ExportResultMap;
  @state() private _error?: ErrorWords;
  @state() private _issues?: readonly ExportIssue[];
  @state() private _callback?: string;

  #tokens = new TokenCache();
  #controller?: AbortController;
  #langObserver?: MutationObserver;

  override connectedCallback(): void {
    super.connectedCallback();
    this.setState(this.#stateName(), STATES);
    // The words follow `lang` (the element's, its nearest ancestor's with one, or the page's), also
    // when it changes after the first render.
    if (typeof MutationObserver !== 'undefined') {
      this.#langObserver = new MutationObserver(() => this.requestUpdate());
      const watched = new Set<Element>([this, document.documentElement]);
      const nearest = this.parentElement?.closest('[lang]');
      if (nearest) watched.add(nearest);
      for (const element of watched)
        this.#langObserver.observe(element, { attributes: true, attributeFilter: ['lang'] });
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#langObserver?.disconnect();
    this.#langObserver = undefined;
    // An export of an element that left the page is abandoned quietly: no events, no state.
    this.#controller?.abort();
    this.#controller = undefined;
    if (this._phase === 'token' || this._phase === 'exporting') this._phase = 'idle';
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('_phase')) this.setState(this.#stateName(), STATES);
  }

  /** Whether an export is under way. */
  get busy(): boolean {
    return this._phase === 'token' || this._phase === 'exporting';
  }

  /**
   * Starts an export as a click does (extension). Resolves when it has ended; never rejects: the
   * outcome arrives as `export-done` or `export-error`. While one runs, further calls do nothing.
   */
  async exportProject(): Promise<void> {
    if (this.#controller) return;
    const controller = new AbortController();
    this.#controller = controller;
    // Released just before the outcome's event fires, so a listener (or code that awaited the event)
    // can start the next export at once instead of being ignored as a double click.
    const release = () => {
      if (this.#controller === controller) this.#controller = undefined;
    };
    try {
      await this.#run(controller.signal, release);
    } catch (error) {
      // #run handles every failure itself; this guards the page against a bug of ours.
      if (!controller.signal.aborted) {
        release();
        this.#fail(error);
      }
    } finally {
      release();
    }
  }

  #stateName(): (typeof STATES)[number] {
    const phase = this._phase;
    return phase === 'token' || phase === 'exporting' ? 'busy' : phase;
  }

  #t(key: Key, values?: Record<string, string | number>): string {
    return translate(STRINGS, this, key, values);
  }

  /** Checks everything the request needs; the issues are what the page is told when it is invalid. */
  #prepare(): { ok: true; projectId: number; body: ExportRequest } | { ok: false; issues: ExportIssue[] } {
    const issues: ExportIssue[] = [];
    const projectId = projectIdOf(this.projectId);
    if (projectId === undefined) {
      issues.push(
        this.projectId === undefined || this.projectId === null || String(this.projectId).trim() === ''
          ? { path: 'project-id', code: 'required' }
          : { path: 'project-id', code: 'positive-integer', value: String(this.projectId) },
      );
    }
    if (!this.proxyBase && !this.tokenEndpoint) issues.push({ path: 'token-endpoint', code: 'required' });
    const built = buildExportRequest(
      exportInput(
        {
          type: this.type,
          formats: this.formats,
          width: this.width,
          height: this.height,
          paperSize: this.paperSize,
          orientation: this.orientation,
          combine: this.combine,
          designs: this.designs,
          callback: this.callback,
          views: this.views,
          scale: this.scale,
          visuals: this.visuals,
        },
        this.options as Record<string, unknown> | undefined,
      ),
      // a partner proxy puts in its own callback when the page gives none
      { requireCallback: !this.proxyBase },
    );
    if (!built.ok) issues.push(...built.issues);
    if (issues.length || !built.ok || projectId === undefined) return { ok: false, issues };
    return { ok: true, projectId, body: built.body };
  }

  async #run(signal: AbortSignal, release: () => void): Promise<void> {
    this._result = undefined;
    this._error = undefined;
    this._issues = undefined;
    const prepared = this.#prepare();
    if (!prepared.ok) {
      this._issues = prepared.issues;
      this._phase = 'error';
      release();
      this.emit<ExportErrorDetail>('export-error', { error: new ExportRequestError(prepared.issues) });
      return;
    }
    const { projectId, body } = prepared;
    this._callback = body.callback;
    this._phase = 'exporting';
    this.emit<ExportRequest>('export-start', structuredClone(body));
    try {
      const outcome = await runExport({
        projectId,
        body,
        plannerBase: this.plannerBase || getConfig().plannerBase,
        tokenEndpoint: this.tokenEndpoint,
        proxyBase: this.proxyBase,
        tokens: this.#tokens,
        signal,
        onStep: (step) => {
          if (!signal.aborted) this._phase = step === 'token' ? 'token' : 'exporting';
        },
      });
      if (signal.aborted) return;
      release();
      if (outcome.kind === 'files') {
        this._result = outcome.result;
        this._phase = 'done';
        this.emit<ExportDoneDetail>('export-done', {
          ...outcome.result,
          queued: false,
          ...exportIdOf(outcome),
        });
      } else {
        this._phase = 'queued';
        this.emit<ExportDoneDetail>('export-done', {
          project: {},
          design: {},
          queued: true,
          ...exportIdOf(outcome),
        });
      }
    } catch (error) {
      if (signal.aborted) return;
      release();
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    const described = describeExportError(error);
    this._error = described.words;
    this._phase = 'error';
    this.emit<ExportErrorDetail>('export-error', { error: described.error });
  }

  #onClick = () => {
    void this.exportProject();
  };

  #statusText(): string {
    switch (this._phase) {
      case 'token':
        return this.#t('statusToken');
      case 'exporting':
        return this.#t('statusExporting');
      case 'done': {
        const count = this._result ? resultFiles(this._result).length : 0;
        return count === 0
          ? this.#t('statusNoFiles')
          : count === 1
            ? this.#t('statusDoneOne')
            : this.#t('statusDone', { count });
      }
      case 'queued':
        return this._callback
          ? this.#t('statusQueued', { callback: this._callback })
          : this.#t('statusQueuedPartner');
      case 'error':
        // an invalid request was never sent: the alert below says why, "failed" would mislead
        return this._issues ? '' : this.#t('statusFailed');
      default:
        return '';
    }
  }

  #renderFiles() {
    if (this._phase !== 'done' || !this._result) return nothing;
    const files = resultFiles(this._result);
    if (!files.length) return nothing;
    return html`<ul part="files" class="files" aria-label=${this.#t('filesLabel')}>
      ${files.map((file) => {
        // only absolute http(s) URLs: a relative one would be resolved against this page, not the service
        const href = /^https?:\/\//i.test(file.url.trim()) ? safeHttpUrl(file.url) : undefined;
        const owner = this.#t(file.owner === 'project' ? 'fileProject' : 'fileDesign', { id: file.id });
        const label = `${owner}: ${fileName(file.url)}`;
        return html`<li>
          ${
            href
              ? html`<a part="file" href=${href} target="_blank" rel="noopener noreferrer">${label}</a>`
              : html`<span part="file" class="file-text">${owner}: ${file.url}</span>`
          }
        </li>`;
      })}
    </ul>`;
  }

  #renderError() {
    if (this._phase !== 'error') return nothing;
    if (this._issues) {
      const messages = ISSUE_MESSAGES[languageOf(this)];
      return html`<div part="error" class="error" role="alert">
        ${this.#t('invalid')}
        <ul>
          ${this._issues.map((issue) => html`<li>${describeIssue(issue, messages)}</li>`)}
        </ul>
      </div>`;
    }
    if (!this._error) return nothing;
    const { key, values, details, loginUrl } = this._error;
    return html`<div part="error" class="error" role="alert">
      ${this.#t(key, values)}
      ${loginUrl ? html`<a part="login" href=${loginUrl}>${this.#t('connect')}</a>` : nothing}
      ${
        details
          ? html`<ul>
              ${details.map((detail) => html`<li>${detail}</li>`)}
            </ul>`
          : nothing
      }
    </div>`;
  }

  override render() {
    const busy = this.busy;
    return html`<button
        part="button"
        type="button"
        aria-busy=${busy ? 'true' : 'false'}
        aria-disabled=${busy ? 'true' : nothing}
        @click=${this.#onClick}
      >
        <slot>${this.#t(this.type === '3d' ? 'label3d' : 'label2d')}</slot>
      </button>
      <div part="status" class="status" role="status" aria-live="polite">${this.#statusText()}</div>
      ${this.#renderFiles()} ${this.#renderError()}`;
  }
}

const exportIdOf = (outcome: ExportOutcome) =>
  outcome.exportId === undefined ? {} : { exportId: outcome.exportId };

/** The last path segment of a file URL, decoded, for a link's text. */
function fileName(url: string): string {
  try {
    const segment = new URL(url, 'http://x/').pathname.split('/').filter(Boolean).pop();
    return segment ? decodeURIComponent(segment) : url;
  } catch {
    return url;
  }
}

defineElement('project-export-button', ProjectExportButton);

declare global {
  interface HTMLElementTagNameMap {
    'project-export-button': ProjectExportButton;
  }
  interface GlobalEventHandlersEventMap {
    'export-start': CustomEvent<ExportRequest>;
    'export-done': CustomEvent<ExportDoneDetail>;
    'export-error': CustomEvent<ExportErrorDetail>;
  }
}
