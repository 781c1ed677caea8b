/** Uncaught errors and unhandled rejections in the page, collected so a test can say "nothing thrown". */

/** Collects uncaught errors and unhandled rejections until `stop()`. */
export function collectPageErrors(): { errors: unknown[]; stop(): void } {
  const errors: unknown[] = [];
  const onError = (e: ErrorEvent) => errors.push(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => errors.push(e.reason);
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop() {
      removeEventListener('error', onError);
      removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** In the suite it is called in: a fresh list of what each test threw into the page. */
export function pageErrorsOfEachTest(): { readonly errors: unknown[] } {
  let page = { errors: [] as unknown[], stop() {} };
  beforeEach(() => {
    page = collectPageErrors();
  });
  afterEach(() => page.stop());
  return {
    get errors() {
      return page.errors;
    },
  };
}
