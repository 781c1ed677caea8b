// Dutch, German, French and Spanish: known to the element, downloaded only when it speaks one
import '../../i18n/shipped.js';
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { ExportIssue } from '../../api/planning/export-issues.js';
import { ExportRequestError } from '../../api/planning/export-request.js';
import { plannerChoice } from '../../api/planning/planner-trust.js';
import type { ExportRequestInput } from '../../api/planning/export-tables.js';
import type { ExportOutcome, ExportResultMap } from '../../api/planning/types.js';
import type { ExportDoneDetail, ExportErrorDetail, ExportStartDetail } from '../../events/index.js';
import { presentUnlessFalse } from '../../internal/converters.js';
import { defineElement } from '../../internal/define.js';
import { LanguageController } from '../../internal/language.js';
import { DisconnectController } from '../../internal/moved.js';
import { RoomElement } from '../../internal/room-element.js';
import { AnalyticsController } from '../../internal/analytics/analytics-controller.js';
import { fallbackChain, registeredText } from '../../internal/translations.js';
import { describeExportError, toExportError, type ErrorWordsShown } from './export-failure.js';
import { runExport, TokenCache } from './export-flow.js';
import { prepareExport } from './export-options.js';
import { renderFailure, renderFiles, renderIssues, statusText, type Phase } from './export-view.js';
import { LABELS, STRINGS, type Key } from './project-export-button.strings.js';
import { styles } from './project-export-button.styles.js';

export type { ExportDoneDetail, ExportErrorDetail, ExportStartDetail };

const STATES = ['idle', 'busy', 'done', 'queued', 'error'] as const;

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
 * @fires {CustomEvent<ExportStartDetail>} export-start - The checked request body, just before it is sent.
 * @fires {CustomEvent<RoomAnalyticsDetail>} room-analytics - Something the visitor did, for the page's analytics (the element
 *   sends nothing itself): `view` (half on screen for a second), `interaction` (the first press or key), `dwell` (out of view
 *   again, with `duration` in ms), `export` (an export asked for by the visitor's click). Detail `{ action, projectId,
 *   trackingTag, experiment, duration }`. Never for property changes.
 * @fires {CustomEvent<ExportDoneDetail>} export-done - The result map (`project` and `design`: id to file URLs); `queued: true` when the files go to the callback; `exportId` when the service named the export.
 * @fires {CustomEvent<ExportErrorDetail>} export-error - `{ error }`: an ElementError: `reason` `invalid-request` (nothing sent; `problems`: the request's issues), a token endpoint `reason` (`not-connected`, `token-unreachable`, `token-refused`, `token-failed`), `untrusted-planner` (a planner root the partner does not vouch for and the page did not trust from script; nothing sent), or the planning service's `kind` and `status` (0 for network failures and timeouts).
 *
 * @csspart button - The real `<button>`.
 * @csspart status - The live region with progress and the outcome.
 * @csspart files - The list of exported files.
 * @csspart file - One exported file: a link for http(s) URLs, text otherwise.
 * @csspart error - The error panel, the same in every element: an icon, a title naming the kind of failure, the message, and a retry button only where trying again can help (network, timeout, server).
 * @csspart error-icon - The panel's icon.
 * @csspart error-title - The panel's title line: the same words per kind of failure in every element.
 * @csspart error-message - The panel's message: the element's own words for its own reasons, else the kind's.
 * @csspart login - Extension: the "connect your planning account" link, when the partner back end says the visitor is not connected.
 *
 * @cssprop --room-error-background - Background of the error panel (every element). Default follows the page's `color-scheme`.
 * @cssprop --room-error-color - Text colour of the error panel (every element).
 * @cssprop --room-error-accent - The error panel's bar, icon and retry border (every element).
 * @cssprop --room-error-border - The error panel's border (every element).
 * @cssprop --room-error-radius - The error panel's corner radius (every element).
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
  /**
   * room-analytics: the controller from the start (its methods count the visitor's own input; issue 35).
   * @internal
   * @ignore
   */
  static override analyticsController = AnalyticsController;
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

  /**
   * Root of the planning JSON API v2; default: configure()'s `plannerBase` if the page set one, else
   * the `planner_base` the partner's token answer names. The token is sent only to the origin the
   * partner names, configure()'s, or one in `trustedPlannerBases`: any other ends in an
   * `export-error` with `reason: 'untrusted-planner'`, and nothing is sent.
   */
  @property({ attribute: 'planner-base' }) plannerBase?: string;

  /**
   * Extension, property only (markup cannot set it): origins (or URLs, of which the origin counts) of
   * planners the page trusts with the planner token besides the one the partner vouches for.
   */
  @property({ attribute: false }) trustedPlannerBases?: readonly string[];

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
  @property({ type: Boolean, converter: presentUnlessFalse }) combine = false;

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
  @state() private _error?: ErrorWordsShown;
  @state() private _issues?: readonly ExportIssue[];
  @state() private _callback?: string;

  #tokens = new TokenCache();
  #controller?: AbortController;
  // the words follow `lang` (the element's, its nearest ancestor's, the page's), also when it changes
  #language = new LanguageController(this);

  constructor() {
    super();
    // an export of an element that left the page is abandoned quietly: no events, no state; a move keeps it
    new DisconnectController(this, {
      gone: () => {
        this.#controller?.abort();
        this.#controller = undefined;
        if (this.busy) this._phase = 'idle';
      },
    });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.setState(this.#stateName(), STATES);
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
    return this.busy ? 'busy' : (this._phase as (typeof STATES)[number]);
  }

  #t = (key: Key, values?: Record<string, string | number>): string => this.#language.t(STRINGS, key, values);

  /**
   * The label in the element's language from the first render on: a page's own or the language's
   * strings once they are here, else the shipped language's label the element carries (LABELS, the
   * words of the loader's box), else the string table's (English, a page's English override).
   */
  #label(key: 'label2d' | 'label3d'): string {
    const lang = this.#language.lang;
    const registered = registeredText(lang, STRINGS.name, key);
    if (registered !== undefined) return registered;
    for (const tag of fallbackChain(lang)) {
      const builtIn = LABELS[tag]?.[key];
      if (builtIn !== undefined) return builtIn;
    }
    return this.#t(key);
  }

  async #run(signal: AbortSignal, release: () => void): Promise<void> {
    this._result = undefined;
    this._error = undefined;
    this._issues = undefined;
    const prepared = prepareExport(this);
    if (!prepared.ok) {
      this._issues = prepared.issues;
      this._phase = 'error';
      release();
      this.emit('export-error', { error: toExportError(new ExportRequestError(prepared.issues)) });
      return;
    }
    const { projectId, body } = prepared;
    this._callback = body.callback;
    this._phase = 'exporting';
    this.emit('export-start', structuredClone(body));
    // the button's click, or exportProject() in answer to the visitor's own click
    this.analytics.trackIfVisitor('export', { projectId: String(projectId) });
    try {
      const outcome = await runExport({
        projectId,
        body,
        planner: plannerChoice(this.plannerBase, this.trustedPlannerBases),
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
        this.emit('export-done', { ...outcome.result, queued: false, ...exportIdOf(outcome) });
      } else {
        this._phase = 'queued';
        this.emit('export-done', { project: {}, design: {}, queued: true, ...exportIdOf(outcome) });
      }
    } catch (error) {
      if (signal.aborted) return;
      release();
      this.#fail(error);
    }
  }

  #fail(failure: unknown): void {
    const { error, words } = describeExportError(failure);
    this._error = words;
    this._phase = 'error';
    this.emit('export-error', { error });
  }

  #onClick = () => {
    void this.exportProject();
  };

  override render() {
    const busy = this.busy;
    const t = this.#t;
    const phase = this._phase;
    const status = statusText(t, phase, this._result, this._callback, !!this._issues);
    return html`<button
        part="button"
        type="button"
        aria-busy=${busy ? 'true' : 'false'}
        aria-disabled=${busy ? 'true' : nothing}
        @click=${this.#onClick}
      >
        <slot>${this.#label(this.type === '3d' ? 'label3d' : 'label2d')}</slot>
      </button>
      <div part="status" class=${status ? 'status' : 'status empty'} role="status" aria-live="polite">
        ${status}
      </div>
      ${phase === 'done' && this._result ? renderFiles(t, this._result) : nothing}
      ${
        phase !== 'error'
          ? nothing
          : this._issues
            ? renderIssues(t, this.#language.lang, this._issues)
            : this._error
              ? renderFailure(t, this.#language.lang, this._error, this.#onClick)
              : nothing
      }`;
  }
}

const exportIdOf = (outcome: ExportOutcome) =>
  outcome.exportId === undefined ? {} : { exportId: outcome.exportId };

defineElement('project-export-button', ProjectExportButton);

declare global {
  interface HTMLElementTagNameMap {
    'project-export-button': ProjectExportButton;
  }
}
