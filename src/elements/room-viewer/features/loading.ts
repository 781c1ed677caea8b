/**
 * `<room-viewer>`'s loading (issue 20, as model-viewer's LoadingMixin): the poster (features/poster.ts,
 * over the poster controller `<room-panorama>` uses too), `reveal` and `dismissPoster()`, and the
 * `progress` event and bar (features/progress.ts). The core (base.ts) tells it each step of a load
 * (`loadStep`) and asks it whether the room waits (`holdRoom`) and what three.js waits for
 * (`posterFirst`); the core itself knows no poster.
 */
import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { hasModelSource } from '../../../api/model-source.js';
import type { ProgressDetail } from '../../../events/progress.js';
import type { Constructor } from '../../../internal/mixin.js';
import type { RoomViewerBase } from '../base.js';
import type { LoadStep } from '../hooks.js';
import { VIEWER_STRINGS, type ViewerStringKey } from '../room-viewer.strings.js';
import { ViewerPoster } from './poster.js';
import { ViewerProgress } from './progress.js';

/** When the room replaces the poster (model-viewer's `reveal`). */
export type RevealStrategy = 'auto' | 'interaction' | 'manual';

/** What the loading feature adds to the element (documented on the class below). */
export interface ViewerLoadingProperties {
  poster?: string;
  reveal: RevealStrategy;
  dismissPoster(): void;
}

export function ViewerLoading<T extends Constructor<RoomViewerBase>>(
  Base: T,
): T & Constructor<ViewerLoadingProperties> {
  abstract class WithLoading extends Base {
    /**
     * Picture shown until the room is drawn, then cross-faded into it (an http(s) URL). Default: the room's
     * own render from its room-styling record (`room-id` only), else none; `poster=""`: none.
     */
    @property() poster?: string;

    /**
     * When the room replaces the poster, as model-viewer's `reveal`: `auto` (default) as soon as it is drawn;
     * `interaction`: only once the visitor asks (a click or tap on the poster, or its "View in 3D" button), and
     * nothing of the room or of three.js is fetched before; `manual`: only when the page calls `dismissPoster()`.
     */
    @property() reveal: RevealStrategy = 'auto';

    @state() private _progress = -1;
    /** The poster is shown and the room waits for the visitor or the page (reveal). */
    @state() private _waiting = false;

    // (no lit @query: base.ts says why)
    private get _progressBar(): HTMLElement | null {
      return this.renderRoot.querySelector('[part="progress-bar"]');
    }

    #poster = new ViewerPoster(this, () => this);
    #progress = new ViewerProgress((totalProgress) => {
      this._progress = totalProgress;
      // dispatched as emit() would: `progress` is the DOM's ProgressEvent in the typed map (events/progress.ts)
      const detail: ProgressDetail = { totalProgress };
      this.dispatchEvent(new CustomEvent('progress', { detail, bubbles: true, composed: true }));
    });
    /** The visitor or the page asked for the room (dismissPoster()); reveal="auto" never waits for it. */
    #asked = false;

    override connectedCallback(): void {
      super.connectedCallback();
      this.addEventListener('keydown', this.#onRevealKey);
    }

    /**
     * Shows the room instead of the poster, as model-viewer's `dismissPoster()`: with `reveal="interaction"`
     * or `"manual"` this is what starts loading the room (and three.js); once the room is drawn, the poster
     * fades out. Does nothing more when the room is already shown.
     */
    dismissPoster(): void {
      this.#asked = true;
      if (this.roomStarted) {
        if (this.sourceState === 'loaded' && !this.#poster.gone) {
          this.#poster.gone = true;
          this.requestUpdate();
        }
        return;
      }
      // asked before the viewer neared the viewport too: start now, as the visitor is waiting
      this.startRoom(true);
    }

    protected override holdRoom(): boolean {
      // the poster first, beside the room (auto) or alone until the visitor asks (interaction, manual)
      this.#poster.resolve();
      this._waiting = this.reveal !== 'auto' && !this.#asked && hasModelSource(this);
      return this._waiting;
    }

    protected override roomHeld(): boolean {
      return this._waiting;
    }

    protected override posterFirst(): Promise<void> | undefined {
      // nothing shown, nothing to wait for (not even a turn of the event loop)
      return this.#poster.image ? this.#poster.settled() : undefined;
    }

    protected override posterFromRoom(): boolean {
      return this.#poster.awaitsRoom();
    }

    protected override loadStep(step: LoadStep): void {
      super.loadStep(step);
      switch (step.step) {
        case 'reload':
          // another room (or the same once more): its poster, shown again until its first frame
          this.#poster.gone = false;
          this.#poster.resolve();
          break;
        case 'start':
          this.#progress.start();
          break;
        case 'room':
          // the room has arrived (progress; with reveal="auto" its document names the poster)
          this.#progress.arrived('room');
          this.#poster.fromRoom();
          break;
        case 'code':
          this.#progress.arrived('code');
          break;
        case 'frame':
          this.#progress.drawn(step.total, step.pending);
          break;
        case 'drawn':
          // the first frame is under the poster: fade it out (a cross-fade, nothing moves)
          this.#poster.gone = true;
          break;
      }
    }

    protected override updated(changed: PropertyValues<this>): void {
      super.updated(changed);
      if (changed.has('reveal') && this.reveal === 'auto' && this._waiting) this.startRoom(false);
      if (changed.has('poster') && changed.get('poster') !== undefined && this.sourceState !== 'loaded') {
        this.#poster.reset();
        this.#poster.resolve();
      }
      // set through the CSSOM: a style attribute would be refused by a strict Content-Security-Policy
      this._progressBar?.style.setProperty('--progress', String(Math.max(0, this._progress)));
    }

    protected override renderPoster(): unknown {
      const t = (key: ViewerStringKey) => this.language.t(VIEWER_STRINGS, key);
      return this.#poster.render({
        alt: t('poster'),
        waiting: this._waiting && this.reveal === 'interaction',
        button: t('reveal'),
        onReveal: this.#onRevealClick,
      });
    }

    protected override renderProgress(): unknown {
      const t = (key: ViewerStringKey) => this.language.t(VIEWER_STRINGS, key);
      const loading = this.sourceState === 'loading';
      return html`${
        this._progress >= 0 && this._progress < 1 && loading
          ? html`<div
              part="progress-bar"
              class="progress-bar"
              role="progressbar"
              aria-label=${t('loading')}
              aria-valuemin="0"
              aria-valuemax="100"
              aria-valuenow=${Math.round(this._progress * 100)}
            ></div>`
          : nothing
      }${
        loading && !this.#poster.image
          ? html`<div part="status" class="status" role="status">
              <span class="spinner"></span>${t('loading')}
            </div>`
          : nothing
      }`;
    }

    #onRevealClick = (event: Event): void => {
      event.stopPropagation();
      this.dismissPoster();
    };

    #onRevealKey = (event: KeyboardEvent): void => {
      if (!this._waiting || this.reveal !== 'interaction' || event.target !== this) return;
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      this.dismissPoster();
    };
  }
  return WithLoading;
}
