/**
 * The words every element's error panel shares, per kind of failure (src/api/failure.ts): a title line
 * and a sentence, in English (other languages: src/i18n/, table `errors`). An element's own reasons
 * (`bad-id`, `no-model`, `no-webgl`...) replace the sentence with their own words; the title stays the
 * kind's, so a 404 reads "Not found" in every element, never "does not exist" in one and "was not
 * found" in another.
 */
import type { FailureKind } from '../../api/failure.js';
import type { Strings } from '../../internal/string-table.js';

/** `not-found` as a key name: the kinds with dashes are camel-cased. */
export type ErrorKindKey =
  'timeout' | 'network' | 'notFound' | 'forbidden' | 'server' | 'refused' | 'invalid' | 'aborted';

export type ErrorPanelKey = `${ErrorKindKey}Title` | ErrorKindKey | 'retry';

export const ERROR_PANEL_STRINGS: Strings<ErrorPanelKey> = {
  name: 'errors',
  en: {
    timeoutTitle: 'No answer in time',
    timeout: 'The service did not answer in time. Try again.',
    networkTitle: 'No connection',
    network: 'The service could not be reached. Check the connection and try again.',
    notFoundTitle: 'Not found',
    notFound: 'What was asked for does not exist, or no longer does.',
    forbiddenTitle: 'Not allowed',
    forbidden: 'This is private, or this page may not show it.',
    serverTitle: 'Service problem',
    server: 'The service had a problem. Try again in a moment.',
    refusedTitle: 'Request refused',
    refused: 'The service refused the request.',
    invalidTitle: 'Cannot be shown',
    invalid: 'What was given or sent cannot be read or drawn.',
    abortedTitle: 'Stopped',
    aborted: 'Loading was stopped before it finished.',
    retry: 'Try again',
  },
};

/** The table key of a kind: `not-found` → `notFound`. */
export function kindKey(kind: FailureKind): ErrorKindKey {
  return kind === 'not-found' ? 'notFound' : kind;
}
