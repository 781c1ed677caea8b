/**
 * One request per room document per page: `<room-viewer>` and `<room-plan>` of the same room (its
 * `room-id`, or one `src` URL) share one GET, and the document it brought, for as long as an element
 * that asked for it still shows it. Each caller holds its share through an AbortSignal (`hold`): when
 * that aborts (the element loads something else, retries, or leaves the page), the share is let go;
 * the last share let go drops the document (and cancels its request if it is still on its way). So the
 * cache is bounded by the elements on the page, and a retry after every element let go asks afresh. A
 * failed request is never kept: the next caller asks again.
 */

interface Entry {
  promise: Promise<unknown>;
  /** Aborts the request while it is on its way, when every caller let go. */
  controller: AbortController;
  holders: number;
  settled: boolean;
}

const entries = new Map<string, Entry>();
/** More documents than this held at once (a page of many rooms): the extra ones are not shared. */
const MAX_ENTRIES = 64;

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted', 'AbortError');
}

/**
 * The document `key` names: the one already fetched or on its way for another caller, else `fetch`
 * (given a signal that aborts when every caller let go). Rejects with `hold`'s reason when `hold` aborts
 * first. Without `hold`, the document is fetched for this caller alone.
 */
export function sharedDocument(
  key: string,
  fetch: (signal: AbortSignal) => Promise<unknown>,
  hold?: AbortSignal,
): Promise<unknown> {
  if (!hold) return fetch(new AbortController().signal);
  if (hold.aborted) return Promise.reject(abortError(hold));
  let entry = entries.get(key);
  if (!entry) {
    if (entries.size >= MAX_ENTRIES) return fetch(hold);
    const controller = new AbortController();
    const created: Entry = { promise: fetch(controller.signal), controller, holders: 0, settled: false };
    entry = created;
    entries.set(key, created);
    created.promise.then(
      () => (created.settled = true),
      () => {
        // a failure is the caller's to show, never the next caller's answer
        created.settled = true;
        if (entries.get(key) === created) entries.delete(key);
      },
    );
  }
  const held = entry;
  held.holders++;
  return new Promise<unknown>((resolve, reject) => {
    const release = () => {
      held.holders--;
      if (held.holders > 0) return;
      if (entries.get(key) === held) entries.delete(key);
      if (!held.settled) held.controller.abort(new DOMException('Nobody waits for it', 'AbortError'));
    };
    hold.addEventListener(
      'abort',
      () => {
        reject(abortError(hold));
        release();
      },
      { once: true },
    );
    held.promise.then(resolve, reject);
  });
}
