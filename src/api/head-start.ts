/**
 * Answers asked for before the code that reads them has arrived: the CDN loader (src/cdn/head-start.ts)
 * starts an element's first GET the moment it sees the tag, while the element's chunks are still on
 * their way, and the element's own call of the same URL (http.ts) takes that answer instead of asking
 * again. On a phone's link that is one round trip (and the chunks' evaluation) off the poster's chain.
 *
 * The store lives on the page (`globalThis`, a registered symbol), not in this module: the loader and
 * the element chunks each carry their own copy of it (as src/config.ts does). It is bounded: at most
 * MAX_EARLY answers, each kept EARLY_MS and then dropped with its body cancelled, and each taken once.
 */

/** How long an answer nobody took is kept: the element's code comes a few round trips later. */
export const EARLY_MS = 20_000;
/** At most this many answers waiting (a page of forty panoramas starts only the first few early). */
export const MAX_EARLY = 8;

interface Early {
  response: Promise<Response>;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * An answer's key: its URL with the query's parameters in order, so the loader need not build them in
 * the order the client does (src/elements/room-gallery/first-page.ts).
 */
function keyOf(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.searchParams.sort();
    return parsed.href;
  } catch {
    return url;
  }
}

const STORE = Symbol.for('room-elements.head-start');
const page = globalThis as typeof globalThis & { [STORE]?: Map<string, Early> };
const store = (): Map<string, Early> => (page[STORE] ??= new Map());

/** Lets go of an answer nobody will read (its connection is freed). */
export const dropAnswer = (response: Promise<Response>): void =>
  void response.then((r) => r.body?.cancel()).catch(() => undefined);

/**
 * Starts GET `url` as the elements' fetch wrapper would send it (Accept: application/json, the page's
 * own credentials rule); returns the answer's promise, or undefined when it is asked already or the
 * store is full. A failure is kept too: the element that takes it asks again (http.ts).
 */
export function startEarly(url: string): Promise<Response> | undefined {
  const early = store();
  const key = keyOf(url);
  if (early.has(key) || early.size >= MAX_EARLY || typeof fetch !== 'function') return undefined;
  const response = fetch(url, { headers: { Accept: 'application/json' } });
  response.catch(() => undefined); // read by whoever takes it; never an unhandled rejection
  const timer = setTimeout(() => {
    if (early.get(key)?.response !== response) return;
    early.delete(key);
    dropAnswer(response);
  }, EARLY_MS);
  early.set(key, { response, timer });
  return response;
}

/** Keeps an answer a server rendered into the page for GET `url` (src/ssr/), taken as one started early is. */
export const putEarly = (url: string, answer: Response): void => {
  const early = store();
  const key = keyOf(url);
  if (!early.has(key) && early.size < MAX_EARLY)
    early.set(key, {
      response: Promise.resolve(answer),
      timer: setTimeout(() => early.delete(key), EARLY_MS),
    });
};

/** The answer started early for GET `url`, handed out once; undefined when there is none. */
export function takeEarly(url: string): Promise<Response> | undefined {
  if (!page[STORE]?.size) return undefined;
  const key = keyOf(url);
  const early = page[STORE].get(key);
  if (!early) return undefined;
  page[STORE].delete(key);
  clearTimeout(early.timer);
  return early.response;
}

/** How many answers wait to be taken (tests, and the bench's check that the loader's were used). */
export const earlyCount = (): number => page[STORE]?.size ?? 0;

/** Drops every waiting answer (tests; a page that reconfigures its services). */
export function clearEarly(): void {
  for (const { response, timer } of page[STORE]?.values() ?? []) {
    clearTimeout(timer);
    dropAnswer(response);
  }
  page[STORE]?.clear();
}
