/**
 * `<room-viewer>`'s poster (issue 20, as model-viewer's `poster` and `reveal`): a picture shown in the
 * viewer's box before the room is drawn, and cross-faded into the first frame (it lies over the canvas,
 * so nothing on the page moves). Its image: the `poster` attribute (http(s)), else the room's own render
 * from its room-styling record (GET /rooms/:id?skip_model=true, a few hundred bytes; `room-id` only),
 * else none. Asked when the viewer starts (near the viewport, or `loading="eager"`), at high priority,
 * before and beside the room and its code.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import { getRoomRender, renderSrcset } from '../../api/room-styling/room-render.js';
import { safeHttpUrl } from '../../api/safe-url.js';
import { LatestRequestController } from '../../internal/latest-request.js';

/** What the poster reads of the element. */
export interface PosterInput {
  poster?: string | null;
  roomId?: string | null;
  apiBase?: string | null;
}

export interface PosterImage {
  src: string;
  srcset?: string;
}

export class ViewerPoster {
  /** The poster's image, once known (undefined: none, or not asked yet). */
  image?: PosterImage;
  /** True once faded out (the first frame is drawn, or the visitor dismissed it over a drawn room). */
  gone = false;
  #asked?: string;
  readonly #request: LatestRequestController;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly input: () => PosterInput,
  ) {
    this.#request = new LatestRequestController(host);
  }

  /** Works out the poster's image for the element's current inputs (once per set of inputs). */
  resolve(): void {
    const { poster, roomId, apiBase } = this.input();
    const key = JSON.stringify([poster ?? null, roomId ?? null, apiBase ?? null]);
    if (key === this.#asked) return;
    this.#asked = key;
    this.image = undefined;
    this.#request.abort();
    if (poster != null) {
      // an explicit poster wins; poster="" means none (not even the room's render)
      const src = safeHttpUrl(poster);
      this.image = src ? { src } : undefined;
      this.host.requestUpdate();
      return;
    }
    const id = String(roomId ?? '').trim();
    if (!/^\d+$/.test(id)) return;
    void this.#request
      .run((signal) => getRoomRender({ base: apiBase || undefined }, id, { signal }))
      .then((outcome) => {
        if (outcome.status !== 'done') return; // no render: no poster; the room itself reports failures
        const { image, hq } = outcome.value;
        const src = hq ?? image;
        if (!src) return;
        this.image = { src, srcset: renderSrcset(outcome.value) };
        this.host.requestUpdate();
      });
  }

  /** Forgets the poster (a new source): it is asked again on the next resolve(). */
  reset(): void {
    this.#request.abort();
    this.#asked = undefined;
    this.image = undefined;
    this.gone = false;
  }

  /** The poster layer: the image, and (`waiting`: reveal="interaction") the button that starts the room. */
  render(options: {
    alt: string;
    waiting: boolean;
    button: string;
    onReveal: (event: Event) => void;
  }): unknown {
    const image = this.image;
    if (!image && !options.waiting) return nothing;
    // once gone it stays in the tree, faded out and letting pointers through (styles: .poster-layer.gone)
    return html`<div
      class="poster-layer ${this.gone ? 'gone' : ''}"
      @click=${options.waiting ? options.onReveal : nothing}
    >
      ${
        image
          ? html`<img
              part="poster"
              src=${image.src}
              srcset=${image.srcset ?? nothing}
              sizes=${image.srcset ? `${Math.ceil(this.host.getBoundingClientRect().width) || 480}px` : nothing}
              alt=${options.alt}
              fetchpriority="high"
              loading="eager"
              decoding="async"
            />`
          : nothing
      }
      ${
        options.waiting
          ? html`<button part="reveal-button" class="reveal" type="button" @click=${options.onReveal}>
              ${options.button}
            </button>`
          : nothing
      }
    </div>`;
  }
}
