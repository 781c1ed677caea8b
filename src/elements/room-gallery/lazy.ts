/**
 * The gallery's lazy chunks as parts the render can read synchronously: `value` once the chunk
 * arrived, `failed` while it could not be (the gallery then does without: no filters, no history,
 * the error's own message). Only what a gallery asks for is lazy (filters, history, infinite rows, the
 * load-more button) or what only an error shows; what every gallery paints with its first cards (the
 * card, its styles, the pager) is in the element's own bundle: as a lazy chunk it was fetched at once anyway, and in a
 * file of its own it gzipped worse and cost Vite's preload wrapper. Downloads go through the shared lazyModule, so a failed chunk is tried once
 * more and, failing again, fetched afresh by the next `get()` (the retry button).
 */
import { adoptStyles, type CSSResult, type CSSResultOrNative } from 'lit';
import { lazyModule } from '../../internal/lazy-module.js';

export interface LazyPart<T> {
  value?: T;
  failed: boolean;
  /** Resolves once the chunk is here or failed; never rejects. */
  get(): Promise<unknown>;
}

export function lazyPart<T>(load: () => Promise<T>): LazyPart<T> {
  const fetch = lazyModule(load);
  const part: LazyPart<T> = {
    failed: false,
    get: () =>
      fetch().then(
        (module) => ((part.failed = false), (part.value = module)),
        () => (part.failed = true),
      ),
  };
  return part;
}

/**
 * The part's module if it is here; else starts its download and asks `host` to update once it arrived
 * (or failed: `part.failed` then says so).
 */
export function partOrFetch<T>(part: LazyPart<T>, host: { requestUpdate(): void }): T | undefined {
  if (!part.value) void part.get().then(() => host.requestUpdate());
  return part.value;
}

/** Only galleries with `filters` download the controls, their words and their controller. */
export const filterControls = lazyPart(() => import('./features/filters-controller.js'));
/** The virtualiser costs a few KB: only `paging="infinite"` downloads it, with the end watching. */
export const virtualRows = lazyPart(() => import('./features/infinite.js'));
/** Only galleries with `history` download the URL sync. */
export const historySync = lazyPart(() => import('./features/history-controller.js'));
/** Only galleries with an error to show download its wording. */
export const errorWords = lazyPart(() => import('./room-gallery.error-strings.js'));
/** Only `paging="more"` downloads the load-more button; its rooms wait for it (room-gallery.ts). */
export const moreButton = lazyPart(() => import('./features/more.js'));

/**
 * The lazy parts bring their own styles: adopted after the gallery's once they arrived, before they
 * render (`more`: the styles of other parts that may come later, once here). Returns how many parts are
 * adopted now (`adopted`: how many were before; same: nothing done).
 */
export function adoptPartStyles(
  root: Element | DocumentFragment,
  base: CSSResultOrNative[],
  adopted: number,
  more: (CSSResult | undefined)[] = [],
): number {
  const parts = [
    ...more,
    filterControls.value?.filterStyles,
    virtualRows.value?.virtualStyles,
    errorWords.value?.errorPanelStyles,
    moreButton.value?.moreStyles,
  ].filter((styles): styles is CSSResult => styles !== undefined);
  // (no ShadowRoot on a server: Lit's renderer runs willUpdate there, with the pager's styles in the npm build)
  if (parts.length !== adopted && typeof ShadowRoot == 'function' && root instanceof ShadowRoot)
    adoptStyles(root, [...base, ...parts]);
  return parts.length;
}
