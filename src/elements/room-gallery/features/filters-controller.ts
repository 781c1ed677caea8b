/**
 * Where the `filters` attribute is wired: search meta is asked once per service root (its failure says
 * so and offers to ask again), typing is debounced, and a control's change becomes the element's own
 * property (reflected to its attribute), so a page reads and sets the same state. The lazy chunk of
 * the filters (with features/filters.ts, the controls): the element adds this controller when a gallery
 * first shows filters and the chunk arrived.
 */
import { nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import type { SearchMeta } from '../../../api/room-styling/index.js';
import { languageOf } from '../../../internal/language.js';
import { loadSearchMeta, renderFilters, type FilterName } from './filters.js';
import { normaliseSource } from '../query.js';
import { serviceOf, serviceRoot } from '../service.js';

export { clearSearchMetaCache, filterStyles } from './filters.js';

/** How long the search box waits for typing to pause before it searches. */
const SEARCH_DEBOUNCE_MS = 300;

interface Host extends ReactiveControllerHost, HTMLElement {
  filters: boolean;
  apiBase?: string;
  token?: string;
  whitelabel?: string;
  source: string;
  q?: string;
  roomStyle?: string;
  category?: string;
  since?: string;
}

export class GalleryFiltersController implements ReactiveController {
  #meta?: SearchMeta;
  #metaFailed = false;
  #requested = '';
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: Host,
    /** The user changed the search (`style`: the style filter among it): back to page 1, a history entry. */
    private readonly changed: (style: boolean) => void,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    if (this.host.filters) this.#requestMeta(false);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  render(): unknown {
    const { host } = this;
    if (!host.filters) return nothing;
    return renderFilters({
      source: normaliseSource(host.source),
      values: {
        q: host.q ?? '',
        style: host.roomStyle ?? '',
        category: host.category ?? '',
        since: host.since ?? '',
      },
      meta: this.#meta,
      metaFailed: this.#metaFailed,
      root: serviceRoot(serviceOf(host)),
      lang: languageOf(host),
      onInput: this.#onInput,
      onRetryMeta: () => this.#requestMeta(true),
    });
  }

  #requestMeta(retry: boolean): void {
    const service = serviceOf(this.host);
    const root = serviceRoot(service);
    if (this.#meta || (this.#requested === root && !retry)) return;
    this.#requested = root;
    this.#metaFailed = false;
    const done = (meta?: SearchMeta) => {
      if (this.#requested !== root) return;
      this.#meta = meta;
      // the search box still works without the lists; say so and offer to ask again
      this.#metaFailed = !meta;
      this.host.requestUpdate();
    };
    loadSearchMeta({ ...service, base: root }).then(done, () => done());
  }

  #onInput = (name: FilterName, value: string, immediate: boolean): void => {
    clearTimeout(this.#timer);
    const property = name === 'style' ? 'roomStyle' : name;
    const apply = () => {
      if ((this.host[property] ?? '') === value) return;
      this.host[property] = value || undefined;
      this.changed(name === 'style');
    };
    if (immediate) apply();
    else this.#timer = setTimeout(apply, SEARCH_DEBOUNCE_MS);
  };
}
