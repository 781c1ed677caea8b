/**
 * The one retry policy for lazy chunks (`import()` of the three.js viewer, the panorama runtime, the
 * gallery's parts): a success is kept, so the chunk is fetched once per page; a failed import is tried
 * once more after RETRY_DELAY (a network blip while the page was busy); a failure after that is not
 * kept, so the next call (the element's retry button) fetches again.
 */
export const RETRY_DELAY = 300;

export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load()
      .catch(
        () =>
          new Promise<T>((resolve, reject) => setTimeout(() => load().then(resolve, reject), RETRY_DELAY)),
      )
      .catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
    return pending;
  };
}
