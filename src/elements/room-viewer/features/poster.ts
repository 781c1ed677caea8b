/**
 * `<room-viewer>`'s poster (issue 20, as model-viewer's `poster` and `reveal`): a picture shown in the
 * viewer's box before the room is drawn, and cross-faded into the first frame (it lies over the canvas,
 * so nothing on the page moves). Its image: the `poster` attribute (http(s)), else the room's own render
 * from its room-styling record (GET /rooms/:id?skip_model=true, a few hundred bytes; `room-id` only),
 * else none. The record without the model is asked in every `reveal` mode: with `reveal="auto"` the room
 * document fetched for the model names the render too (fromRoom()), but it carries the model (39 KB for
 * the real sample, 200 ms more on slow 4G), and the poster is the page's largest paint, so whichever
 * answer comes first shows it. Shown at high priority.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import {
  getRoomRender,
  rememberedRender,
  renderSrcset,
  type RoomRender,
} from '../../../api/room-styling/room-render.js';
import { safeHttpUrl } from '../../../api/safe-url.js';
import { PosterController, type PosterImage } from '../../../features/poster/poster-controller.js';
import { LatestRequestController } from '../../../internal/latest-request.js';

/** What the poster reads of the element. */
export interface PosterInput {
  poster?: string | null;
  reveal?: string;
  roomId?: string | null;
  apiBase?: string | null;
}

export type { PosterImage };

/** The viewer's poster: which image (above), over the one poster controller both elements use. */
export class ViewerPoster extends PosterController {
  /** The poster's image, once known (undefined: none, or not asked yet). */
  image?: PosterImage;
  /** True once faded out (the first frame is drawn, or the visitor dismissed it over a drawn room). */
  gone = false;
  #asked?: string;
  readonly #request: LatestRequestController;

  constructor(
    host: ReactiveControllerHost & HTMLElement,
    private readonly input: () => PosterInput,
  ) {
    super(host);
    this.#request = new LatestRequestController(host);
  }

  /** Works out the poster's image for the element's current inputs (once per set of inputs). */
  resolve(): void {
    const { poster, roomId, apiBase } = this.input();
    const key = JSON.stringify([poster ?? null, roomId ?? null, apiBase ?? null]);
    if (key === this.#asked) return;
    this.#asked = key;
    this.image = undefined;
    this.forget();
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
        // no render: no poster; the room itself reports failures. Shown already: the room's document won
        if (outcome.status !== 'done' || this.image) return;
        this.#show(outcome.value);
      });
  }

  /**
   * True while the poster is still to come from the room's record (`room-id`, no `poster` attribute): what
   * would compete with it waits for the record or the room's document, and the poster.
   */
  awaitsRoom(): boolean {
    const { poster, roomId } = this.input();
    return poster == null && !this.image && /^\d+$/.test(String(roomId ?? '').trim());
  }

  /** The room document arrived (reveal="auto"): its render is the poster, unless one is shown already. */
  fromRoom(): void {
    const { poster, roomId, apiBase } = this.input();
    const id = String(roomId ?? '').trim();
    if (poster != null || this.image || !/^\d+$/.test(id)) return;
    const render = rememberedRender({ base: apiBase || undefined }, id);
    if (render) this.#show(render);
  }

  #show(render: RoomRender): void {
    const src = render.hq ?? render.image;
    if (!src) return;
    this.image = { src, srcset: renderSrcset(render) };
    this.forget();
    this.host.requestUpdate();
  }

  /** Resolves once the poster shown now loaded or failed, at once when none is shown (poster first). */
  settled(): Promise<void> {
    return this.imageSettled(!!this.image);
  }

  /** Forgets the poster (a new source): it is asked again on the next resolve(). */
  reset(): void {
    this.forget();
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
      ${image ? this.renderImage(image, options.alt) : nothing}
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
