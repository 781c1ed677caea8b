/** The export button's own words, in English (other languages: src/i18n/). */
import type { IssueMessages } from '../../api/planning/export-issues.js';
import { ISSUE_MESSAGES_EN } from '../../api/planning/export-issues.js';
import type { ErrorWords } from '../../internal/element-error.js';
import type { Strings } from '../../internal/string-table.js';

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
  name: 'exportButton',
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
};

/** The export-table checks in Dutch; English comes with the builder. */
export const ISSUE_MESSAGES: Strings<keyof IssueMessages> = {
  name: 'exportIssues',
  en: ISSUE_MESSAGES_EN,
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

/**
 * The button's label in each shipped language, in the element's own chunk: its first render is in the
 * page's language while that language's strings (src/i18n/, a chunk of their own) are on their way, so
 * the box the loader's stylesheet held (src/loader.css, the same words) does not change width when they
 * arrive and the text after the button does not move (issue 35). Kept equal to src/i18n/ and loader.css
 * by test/node/export-button-labels.test.ts.
 */
export const LABELS: Readonly<Record<string, Readonly<Record<'label2d' | 'label3d', string>>>> = {
  nl: { label2d: 'Plattegrond exporteren', label3d: '3D-aanzichten exporteren' },
  de: { label2d: 'Plan exportieren', label3d: '3D-Ansichten exportieren' },
  fr: { label2d: 'Exporter le plan', label3d: 'Exporter les vues 3D' },
  es: { label2d: 'Exportar el plano', label3d: 'Exportar vistas 3D' },
};
