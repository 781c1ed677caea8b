/**
 * How the gallery asks for a page of rooms, the CDN build's form (gallery-list.ts is the npm build's):
 * the list client and its fetch wrapper (retries, timeouts, the service's error words: about 1 KB gzip)
 * are not on the first cards' path. When the loader's head start already asked for this very page
 * (src/cdn/head-start.ts), the page is read here from its answer; the client's chunk (after-cards.ts, with
 * the previous / next controls) is imported after the first cards (warmLists(), when the page is idle), or
 * at once when a call needs it: a further page,
 * a filter, a search, a retry, a gallery the loader did not start (no service named, a shaped query).
 * Anything but a readable 2xx answer is handed to the client: a failed response is put back for it to
 * take (so it reports the service's own error, without a second request), a failed fetch is asked again.
 */
import { notJson, readAnswerText } from '../../api/answer-read.js';
import { ApiError } from '../../api/api-error.js';
import { putEarly, takeEarly, dropAnswer } from '../../api/head-start.js';
import type { CallOptions, RoomStylingClientOptions } from '../../api/room-styling/call.js';
import type { IndexRoomsParams, RoomList } from '../../api/room-styling/index.js';
import { isList, listOf } from '../../api/room-styling/list-of.js';
import { plainListUrl } from './first-page.js';
import type { GalleryRequest } from './query.js';

/** As the fetch wrapper's timeout: how long the loader's answer is waited for. */
const WAIT_MS = 15_000;

/** The chunk after the first cards (the client, the previous / next controls), once it is here. */
let later: typeof import('./after-cards.js') | undefined;
let client: Promise<typeof import('./after-cards.js')> | undefined;
const lists = () =>
  (client ??= import('./after-cards.js').then(
    (module) => (later = module),
    (error: unknown) => {
      client = undefined; // offline for a moment: the next call asks again
      throw error;
    },
  ));

/**
 * The client's chunk, when the page has nothing better to do (after the first cards); `ready` once it is
 * here (the element draws the previous / next controls then, into the box it held for them).
 */
export const warmLists = (ready?: () => void): void => {
  if (later) return; // here already (a further page): nothing to load, nothing new to draw
  const idle =
    globalThis.requestIdleCallback ?? ((run: () => void, _options?: unknown) => setTimeout(run, 200));
  // not before the frame that shows the first cards is drawn (an idle moment can come before it on a busy
  // machine): two frames on, then when the page is idle
  requestAnimationFrame(() =>
    requestAnimationFrame(() => idle(() => void lists().then(ready, () => undefined), { timeout: 2000 })),
  );
};

/** The previous / next controls, once the chunk after the first cards is here. */
export const pageControls = () => later?.renderPages;

/** Their styles, with them (adopted before they render, in the box the gallery held for them). */
export const pageControlStyles = () => later?.pagerStyles;

/** The page of `request`, from the loader's answer when it has one, else through the client. */
export async function listGallery(
  service: RoomStylingClientOptions,
  request: GalleryRequest,
  call: CallOptions,
): Promise<RoomList> {
  // only a plain list is ever started early (the loader's and a server's first page: first-page.ts)
  const p = request.params as IndexRoomsParams;
  const url =
    request.operation === 'listRooms' &&
    !(p.userId !== undefined || p.category || p.created || p.lastUpdated || p.order || p.tag)
      ? plainListUrl(service, p)
      : '';
  const early = url ? takeEarly(url) : undefined;
  if (early) {
    const response = await settled(early, call.signal);
    if (response?.ok) {
      let text: string;
      try {
        text = await readAnswerText(response, url);
      } catch (error) {
        if (call.signal?.aborted) throw error;
        if (error instanceof ApiError) throw error; // too large
        return (await lists()).callService(service, request, call); // the read broke off: ask again
      }
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        throw notJson(response.status, url, text);
      }
      // not a list: the client's reader says what is wrong, in its own words (after-cards.ts)
      return isList(data) ? listOf(data) : (await lists()).readRoomList(data, url);
    }
    // an error answer is the client's to report (its words, its retries): it takes it as the loader's
    if (response) putEarly(url, response);
  }
  return (await lists()).callService(service, request, call);
}

/**
 * The loader's answer once it is here; undefined when its fetch failed or took longer than WAIT_MS
 * (the client asks again then). Rejects when `signal` aborts first.
 */
function settled(answer: Promise<Response>, signal?: AbortSignal): Promise<Response | undefined> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      dropAnswer(answer);
      resolve(undefined);
    }, WAIT_MS);
    const abort = () => {
      clearTimeout(timer);
      dropAnswer(answer);
      reject(signal!.reason);
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    answer
      .then(
        (response) => resolve(response),
        () => resolve(undefined),
      )
      .finally(() => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
      });
  });
}
