import type { RoomElement } from '../../internal/room-element.js';

/**
 * A viewer's or panorama's server-rendered root taken over (room-elements/ssr.js, docs/ssr.md): what the
 * server marked to keep (`data-ssr-keep`: the poster and its rule) stays under the element's own render,
 * hidden from screen readers and from the element's own `part="poster"` queries, until the element
 * shows a picture of its own (its poster loaded) or has moved on (`loaded`, `ready`, `error`), so no
 * frame goes blank between; the rest of the root is emptied, as RoomElement does.
 */
export function keepServerPoster(host: RoomElement, root: ShadowRoot): void {
  const kept = [...root.querySelectorAll('[data-ssr-keep]')];
  root.replaceChildren(...kept);
  if (!kept.length) return;
  for (const node of kept) {
    // neither announced twice nor found as the element's own poster (`part="poster"`) by its code
    node.removeAttribute('part');
    node.setAttribute('aria-hidden', 'true');
  }
  let release = (): void => {
    const own = root.querySelector<HTMLImageElement>('img[part~="poster"]');
    const state = host.getAttribute('state');
    if (!(own?.complete && own.naturalWidth) && !['loaded', 'ready', 'error'].includes(state ?? '')) return;
    for (const node of kept) node.remove();
    root.removeEventListener('load', release, true);
    release = () => {};
  };
  // the element's own poster loaded (load does not bubble: heard while capturing), or it got further
  root.addEventListener('load', release, true);
  // after each update, once updated() has set the state
  host.addController({ hostUpdated: () => void host.updateComplete.then(() => release()) });
}
