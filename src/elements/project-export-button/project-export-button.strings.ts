/** The export button's own words, English and Dutch (picked by the nearest `lang`). */
import type { IssueMessages } from '../../api/planning/export-issues.js';
import { ISSUE_MESSAGES_EN } from '../../api/planning/export-issues.js';
import type { ErrorWords } from '../../internal/element-error.js';
import type { Strings } from '../../internal/language.js';

export type Key =
  | 'label2d'
  | 'label3d'
  | 'statusToken'
  | 'statusExporting'
  | 'statusDone'
  | 'statusDoneOne'
  | 'statusNoFiles'
  | 'statusQueued'
  | 'statusQueuedPartner'
  | 'statusFailed'
  | 'filesLabel'
  | 'fileProject'
  | 'fileDesign'
  | 'invalid'
  | 'errorTokenNetwork'
  | 'errorTokenRefused'
  | 'errorNotConnected'
  | 'connect'
  | 'errorTokenOther'
  | 'errorTokenRejected'
  | 'errorUntrustedPlanner'
  | 'errorRejected'
  | 'errorNotFound'
  | 'errorServer'
  | 'errorNetwork'
  | 'errorTimeout'
  | 'errorInvalid'
  | 'errorOther';

export const STRINGS: Strings<Key> = {
  en: {
    label2d: 'Export plan',
    label3d: 'Export 3D views',
    statusToken: 'Getting access to the planning service…',
    statusExporting: 'Exporting…',
    statusDone: 'Export ready: {count} files.',
    statusDoneOne: 'Export ready: 1 file.',
    statusNoFiles: 'The export finished without files.',
    statusQueued: 'The export was queued; the files will be delivered to {callback}.',
    statusQueuedPartner: 'The export was queued; the files will be delivered to the callback.',
    statusFailed: 'The export failed.',
    filesLabel: 'Exported files',
    fileProject: 'Project {id}',
    fileDesign: 'Design {id}',
    invalid: 'The export was not sent because the request is not valid:',
    errorTokenNetwork: 'Could not reach the token endpoint. Check the connection and try again.',
    errorTokenRefused: 'The partner back end refused access ({status}): {message}',
    errorNotConnected:
      'You are not connected to the planning service ({status}). Connect your planning account first.',
    connect: 'Connect your planning account',
    errorTokenOther: 'No access token could be obtained: {message}',
    // after a fresh token: a dead token makes the partner answer 401 (not connected) instead, so a
    // second refusal is most often a project this account may see but not export
    errorTokenRejected:
      'The planning service refused the export ({status}), also with a fresh access token. This planning account may not export this project.',
    errorUntrustedPlanner:
      'The export was not sent: the planning service address is not the one the partner back end vouches for, and the page did not trust it from script.',
    errorRejected: 'The planning service rejected the export ({status}): {message}',
    errorNotFound: 'The project was not found in the planning service ({status}).',
    errorServer: 'The planning service had a problem ({status}). Please try again later.',
    errorNetwork: 'The planning service could not be reached. Check the connection and try again.',
    errorTimeout: 'The planning service did not answer in time. Please try again.',
    errorInvalid: 'The planning service sent an answer that cannot be read.',
    errorOther: 'The export failed: {message}',
  },
  nl: {
    label2d: 'Plattegrond exporteren',
    label3d: '3D-aanzichten exporteren',
    statusToken: 'Toegang tot de planningsdienst aanvragen…',
    statusExporting: 'Bezig met exporteren…',
    statusDone: 'Export klaar: {count} bestanden.',
    statusDoneOne: 'Export klaar: 1 bestand.',
    statusNoFiles: 'De export is klaar, maar leverde geen bestanden op.',
    statusQueued: 'De export staat in de wachtrij; de bestanden worden afgeleverd bij {callback}.',
    statusQueuedPartner: 'De export staat in de wachtrij; de bestanden worden afgeleverd bij de callback.',
    statusFailed: 'De export is mislukt.',
    filesLabel: 'Geëxporteerde bestanden',
    fileProject: 'Project {id}',
    fileDesign: 'Ontwerp {id}',
    invalid: 'De export is niet verstuurd, want het verzoek is niet geldig:',
    errorTokenNetwork: 'Het token-adres is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
    errorTokenRefused: 'De partner-server weigerde toegang ({status}): {message}',
    errorNotConnected:
      'Je bent niet verbonden met de planningsdienst ({status}). Koppel eerst je planningsaccount.',
    connect: 'Planningsaccount koppelen',
    errorTokenOther: 'Er kon geen toegangstoken worden verkregen: {message}',
    errorTokenRejected:
      'De planningsdienst weigerde de export ({status}), ook met een nieuw toegangstoken. Dit planningsaccount mag dit project misschien niet exporteren.',
    errorUntrustedPlanner:
      'De export is niet verstuurd: het adres van de planningsdienst is niet het adres dat de partner-server opgeeft, en de pagina heeft het niet vanuit script vertrouwd.',
    errorRejected: 'De planningsdienst weigerde de export ({status}): {message}',
    errorNotFound: 'Het project is niet gevonden bij de planningsdienst ({status}).',
    errorServer: 'De planningsdienst had een probleem ({status}). Probeer het later opnieuw.',
    errorNetwork: 'De planningsdienst is niet bereikbaar. Controleer de verbinding en probeer het opnieuw.',
    errorTimeout: 'De planningsdienst antwoordde niet op tijd. Probeer het opnieuw.',
    errorInvalid: 'De planningsdienst stuurde een antwoord dat niet te lezen is.',
    errorOther: 'De export is mislukt: {message}',
  },
};

/** The export-table checks in Dutch; English comes with the builder. */
export const ISSUE_MESSAGES: Record<'en' | 'nl', IssueMessages> = {
  en: ISSUE_MESSAGES_EN,
  nl: {
    required: '{path} is verplicht',
    'unknown-member': '{path} is geen parameter van de export',
    'id-in-body': 'het project-id hoort in het pad, niet in de inhoud van het verzoek',
    object: '{path} moet een object zijn',
    list: '{path} moet een lijst zijn',
    'empty-list': '{path} moet minstens één waarde bevatten',
    duplicate: '{path} noemt {value} meer dan eens',
    'one-of': '{path} moet een van {allowed} zijn (niet {value})',
    integer: '{path} moet een geheel getal zijn (niet {value})',
    'positive-integer': '{path} moet een geheel getal boven 0 zijn (niet {value})',
    'non-negative-integer': '{path} moet een geheel getal van 0 of meer zijn (niet {value})',
    'at-most': '{path} mag hoogstens {allowed} zijn (niet {value})',
    number: '{path} moet een getal zijn (niet {value})',
    'positive-number': '{path} moet een getal boven 0 zijn (niet {value})',
    'logo-scale':
      '{path} moet een getal boven 0 en hoogstens 1 zijn, waarbij 1 automatisch betekent (niet {value})',
    boolean: '{path} moet true of false zijn (niet {value})',
    'http-url': '{path} moet een http- of https-URL zijn (niet {value})',
    callback: '{path} moet een http- of https-URL of een e-mailadres zijn (niet {value})',
    'hex-colour': '{path} moet een hexadecimale kleur zonder # zijn, zoals ff8800 (niet {value})',
    'only-2d': '{path} geldt alleen voor 2D-exports (type 2d)',
    'only-3d': '{path} geldt alleen voor 3D-exports (type 3d)',
    'only-pdf': '{path} geldt alleen als fmt ook pdf bevat',
    'camera-view': '{path} geldt alleen voor photo-, panorama- en stereo-aanzichten',
  },
};

/**
 * Which sentence an error gets: the button's own reasons first (the token endpoint's failures, told
 * apart from the planning service's, and a bug of the page), then the kind of the service's failure.
 */
export const EXPORT_ERROR_WORDS: ErrorWords<Key> = {
  reasons: {
    'token-unreachable': 'errorTokenNetwork',
    'not-connected': 'errorNotConnected',
    'token-refused': 'errorTokenRefused',
    'token-failed': 'errorTokenOther',
    'untrusted-planner': 'errorUntrustedPlanner',
    bug: 'errorOther',
  },
  kinds: {
    timeout: 'errorTimeout',
    network: 'errorNetwork',
    invalid: 'errorInvalid',
    forbidden: 'errorTokenRejected',
    'not-found': 'errorNotFound',
    server: 'errorServer',
    refused: 'errorRejected',
  },
  fallback: 'errorOther',
};
