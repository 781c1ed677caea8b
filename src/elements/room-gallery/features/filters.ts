/**
 * The `filters` controls: a search box and style / category / timeframe selects built from
 * GET /rooms/search/meta. The controls only report changes; the element turns them into attribute
 * changes, so the page reads and sets the same state through the attributes.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { serviceBase, type RoomStylingClientOptions } from '../../../api/room-styling/call.js';
import type { MetaEntry, SearchMeta } from '../../../api/room-styling/index.js';
import { searchMeta } from '../../../api/room-styling/search-meta.js';
import { lookup, type Language, type Strings } from '../../../internal/language.js';
import { styleFilterFromAttribute, type GallerySource } from '../query.js';
import { serviceUrl } from '../service.js';
import { vocabularyText } from '../vocabulary.js';

export type FilterName = 'q' | 'style' | 'category' | 'since';

export type FilterKey =
  | 'filtersLabel'
  | 'search'
  | 'searchPlaceholder'
  | 'style'
  | 'category'
  | 'since'
  | 'anyStyle'
  | 'anyCategory'
  | 'anyTime'
  | 'metaFailed'
  | 'retry';

/** The controls' own words in English: they come with this module, not with the gallery. */
export const FILTER_STRINGS: Strings<FilterKey> = {
  name: 'galleryFilters',
  en: {
    filtersLabel: 'Filter rooms',
    search: 'Search',
    searchPlaceholder: 'Search rooms',
    style: 'Style',
    category: 'Room type',
    since: 'Added',
    anyStyle: 'All styles',
    anyCategory: 'All room types',
    anyTime: 'Any time',
    metaFailed: 'The style and room type lists could not be loaded.',
    retry: 'Try again',
  },
};

/** Adopted beside the gallery's own styles when this module arrives (same custom properties). */
export const filterStyles = css`
  .filters {
    display: flex;
    flex-wrap: wrap;
    gap: 0.75rem;
    align-items: end;
    margin-block-end: var(--_gap);
  }
  .field {
    display: grid;
    gap: 0.25rem;
    font-size: 0.875rem;
    color: var(--_muted);
  }
  .field.search {
    flex: 1 1 14rem;
  }
  .select-row {
    display: flex;
    gap: 0.375rem;
    align-items: center;
  }
  .swatch {
    inline-size: 1.5rem;
    block-size: 1.5rem;
    border-radius: 0.25rem;
    object-fit: cover;
  }
  input,
  select {
    min-block-size: 2.5rem;
    padding: 0.375rem 0.625rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.75);
    background: var(--_card-bg);
    color: var(--_text);
    font: inherit;
    inline-size: 100%;
  }
  .meta-failed {
    margin: 0;
    flex-basis: 100%;
    color: var(--_muted);
    font-size: 0.875rem;
  }
  .link-button {
    padding: 0;
    border: 0;
    background: none;
    color: var(--_accent);
    text-decoration: underline;
    cursor: pointer;
  }
  .link-button:focus-visible,
  input:focus-visible,
  select:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
`;

/** One request per service root for the whole page, however many galleries show filters. */
const metaCache = new Map<string, Promise<SearchMeta>>();

export function loadSearchMeta(service: RoomStylingClientOptions): Promise<SearchMeta> {
  const key = serviceBase(service);
  let meta = metaCache.get(key);
  if (!meta) {
    meta = searchMeta(service, { timeout: 10_000 });
    metaCache.set(key, meta);
    // a failure must not stick: the next gallery (or the retry button) asks again
    meta.catch(() => metaCache.delete(key));
  }
  return meta;
}

/** For tests: forget what was fetched. */
export function clearSearchMetaCache(): void {
  metaCache.clear();
}

/** Which filter controls make sense for a source: only those its operation sends. */
export const CONTROLS_PER_SOURCE: Record<GallerySource, readonly FilterName[]> = {
  rooms: ['category'],
  search: ['q', 'style', 'category', 'since'],
  panoramas: ['since'],
  photoreal: ['since'],
};

export interface FilterView {
  /** The gallery's source: it decides which controls are shown. */
  source: GallerySource;
  values: Record<FilterName, string>;
  meta?: SearchMeta;
  metaFailed: boolean;
  /** The absolute service root the meta's image URLs are relative to. */
  root: string;
  /** The element's language (its nearest `lang`). */
  lang: Language;
  onInput(name: FilterName, value: string, immediate: boolean): void;
  onRetryMeta(): void;
}

/**
 * The entries of a select: the meta's own list, with the "all" entry (key '') in our words, and the
 * current value kept even when the meta does not list it, so the select never lies about the filter.
 * `valid` drops keys the gallery will not write to an attribute (a style key that looks like CSS).
 */
export function selectOptions(
  entries: readonly MetaEntry[],
  anyLabel: string,
  current: string,
  valid: (key: string) => boolean = () => true,
): MetaEntry[] {
  const options: MetaEntry[] = [{ key: '', name: anyLabel }];
  for (const entry of entries) if (entry.key !== '' && entry.name && valid(entry.key)) options.push(entry);
  if (current && !options.some((o) => o.key === current)) options.push({ key: current, name: current });
  return options;
}

function renderSelect(
  view: FilterView,
  name: 'style' | 'category' | 'since',
  entries: readonly MetaEntry[],
  label: FilterKey,
  anyLabel: FilterKey,
): TemplateResult {
  const current = view.values[name];
  // a style key becomes the `style` attribute too (style-attribute.ts): one that looks like CSS
  // (`x; background: url(…)`) is not offered
  const valid = name === 'style' ? (key: string) => styleFilterFromAttribute(key) === key : undefined;
  // the service names its keys in English: each shows in the element's language where a table has it
  const table = name === 'style' ? 'roomStyles' : name === 'category' ? 'roomTypes' : 'timeframes';
  const named = entries.map((e) => ({ ...e, name: vocabularyText(table, view.lang, e.key, e.name) }));
  const options = selectOptions(named, lookup(FILTER_STRINGS, view.lang, anyLabel), current, valid);
  // the style and category images help recognise the choice; shown beside the select once chosen
  const image = serviceUrl(options.find((o) => o.key === current && current)?.image_url, view.root);
  return html`<label class="field" part="filter filter-${name}">
    <span class="label">${lookup(FILTER_STRINGS, view.lang, label)}</span>
    <span class="select-row"
      >${image ? html`<img class="swatch" src=${image} alt="" width="24" height="24" />` : nothing}<select
        name=${name}
        @change=${(e: Event) => view.onInput(name, (e.target as HTMLSelectElement).value, true)}
      >
        ${options.map((o) => html`<option value=${o.key} ?selected=${o.key === current}>${o.name}</option>`)}
      </select></span
    >
  </label>`;
}

export function renderFilters(view: FilterView): TemplateResult {
  const { meta } = view;
  const controls = CONTROLS_PER_SOURCE[view.source];
  const t = (key: FilterKey) => lookup(FILTER_STRINGS, view.lang, key);
  const has = (name: FilterName) => controls.includes(name);
  return html`<form
    part="filters"
    class="filters"
    role="search"
    aria-label=${t('filtersLabel')}
    @submit=${(e: Event) => {
      // Enter in the search box searches at once instead of waiting for the debounce
      e.preventDefault();
      const input = (e.currentTarget as HTMLFormElement).elements.namedItem('q') as HTMLInputElement | null;
      if (input) view.onInput('q', input.value, true);
    }}
  >
    ${
      has('q')
        ? html`<label class="field search" part="filter filter-q">
            <span class="label">${t('search')}</span>
            <input
              type="search"
              name="q"
              autocomplete="off"
              enterkeyhint="search"
              placeholder=${t('searchPlaceholder')}
              .value=${live(view.values.q)}
              @input=${(e: Event) => view.onInput('q', (e.target as HTMLInputElement).value, false)}
            />
          </label>`
        : nothing
    }
    ${meta && has('style') ? renderSelect(view, 'style', meta.styles, 'style', 'anyStyle') : nothing}
    ${
      meta && has('category')
        ? renderSelect(view, 'category', meta.categories, 'category', 'anyCategory')
        : nothing
    }
    ${meta && has('since') ? renderSelect(view, 'since', meta.timeframes, 'since', 'anyTime') : nothing}
    ${
      view.metaFailed
        ? html`<p class="meta-failed">
            ${t('metaFailed')}
            <button type="button" part="retry" class="link-button" @click=${view.onRetryMeta}>
              ${t('retry')}
            </button>
          </p>`
        : nothing
    }
  </form>`;
}
