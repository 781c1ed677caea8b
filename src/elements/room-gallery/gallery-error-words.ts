/**
 * What failed, in words, English and Dutch: a lazy chunk, downloaded only when a gallery has an error
 * to show (the element waits for it before it shows the error state; if even this cannot be
 * downloaded, it shows the error's own message with the retry button).
 */
import type { Strings } from '../../internal/i18n.js';
import type { ErrorKey } from './gallery-errors.js';

export { describeError } from './gallery-errors.js';

export const ERROR_STRINGS: Strings<ErrorKey> = {
  en: {
    errorTimeout: 'The room service did not answer in time.',
    errorNetwork: 'The room service could not be reached. Check the connection.',
    errorRefused: 'The room service refused the request ({status}): {message}',
    errorServer: 'The room service had a problem ({status}). Please try again later.',
    errorInvalid: 'The room service sent an answer the gallery cannot read.',
    errorNotFound: 'The room service was not found at this address ({status}).',
    errorForbidden: 'The room service does not allow this request ({status}).',
    errorOther: 'The rooms could not be loaded: {message}',
  },
  nl: {
    errorTimeout: 'De kamerdienst antwoordde niet op tijd.',
    errorNetwork: 'De kamerdienst is niet bereikbaar. Controleer de verbinding.',
    errorRefused: 'De kamerdienst weigerde het verzoek ({status}): {message}',
    errorServer: 'De kamerdienst had een probleem ({status}). Probeer het later opnieuw.',
    errorInvalid: 'De kamerdienst stuurde een antwoord dat de galerij niet kan lezen.',
    errorNotFound: 'De kamerdienst is op dit adres niet gevonden ({status}).',
    errorForbidden: 'De kamerdienst staat dit verzoek niet toe ({status}).',
    errorOther: 'De kamers konden niet geladen worden: {message}',
  },
};
