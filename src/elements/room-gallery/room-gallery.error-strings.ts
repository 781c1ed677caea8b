/**
 * What a failed load says, per kind of failure (the shared classifyFailure decides the kind), in
 * English (other languages: src/i18n/). A lazy chunk: downloaded only on the way to an error (the element waits for it before it
 * shows the error state; if even this cannot be downloaded, the error's own message is shown with the
 * retry button). `{status}` is the HTTP status, `{message}` the service's own words, cut short.
 */
import type { FailureKind } from '../../api/failure.js';
import type { Strings } from '../../internal/language.js';

export const ERROR_STRINGS: Strings<FailureKind> = {
  name: 'galleryErrors',
  en: {
    timeout: 'The room service did not answer in time.',
    network: 'The room service could not be reached. Check the connection.',
    refused: 'The room service refused the request ({status}): {message}',
    server: 'The room service had a problem ({status}). Please try again later.',
    invalid: 'The room service sent an answer the gallery cannot read.',
    'not-found': 'The room service was not found at this address ({status}).',
    forbidden: 'The room service does not allow this request ({status}).',
    aborted: 'The rooms could not be loaded: {message}',
  },
};
