/**
 * What the button shows beside itself: the live status line, the list of exported files (links only
 * for absolute http(s) URLs) and the error (the request's issues, or the failure in words with the
 * service's own problems and the partner's login link).
 */
import { html, nothing } from 'lit';
import {
  describeIssue,
  type ExportIssue,
  type ExportIssueCode,
  type IssueMessages,
} from '../../api/planning/export-issues.js';
import { resultFiles } from '../../api/planning/exports.js';
import type { ExportResultMap } from '../../api/planning/types.js';
import { safeHttpUrl } from '../../internal/safe-url.js';
import { textOf, type Language } from '../../internal/language.js';
import type { ErrorWordsShown } from './export-failure.js';
import { ISSUE_MESSAGES, type Key } from './project-export-button.strings.js';

export type Phase = 'idle' | 'token' | 'exporting' | 'done' | 'queued' | 'error';
type T = (key: Key, values?: Record<string, string | number>) => string;

export function statusText(
  t: T,
  phase: Phase,
  result?: ExportResultMap,
  callback?: string,
  invalid = false,
): string {
  switch (phase) {
    case 'token':
      return t('statusToken');
    case 'exporting':
      return t('statusExporting');
    case 'done': {
      const count = result ? resultFiles(result).length : 0;
      return count === 0 ? t('statusNoFiles') : count === 1 ? t('statusDoneOne') : t('statusDone', { count });
    }
    case 'queued':
      return callback ? t('statusQueued', { callback }) : t('statusQueuedPartner');
    case 'error':
      // an invalid request was never sent: the alert says why, "failed" would mislead
      return invalid ? '' : t('statusFailed');
    default:
      return '';
  }
}

export function renderFiles(t: T, result: ExportResultMap) {
  const files = resultFiles(result);
  if (!files.length) return nothing;
  return html`<ul part="files" class="files" aria-label=${t('filesLabel')}>
    ${files.map((file) => {
      // only absolute http(s) URLs: a relative one would be resolved against this page, not the service
      const href = /^https?:\/\//i.test(file.url.trim()) ? safeHttpUrl(file.url) : undefined;
      const owner = t(file.owner === 'project' ? 'fileProject' : 'fileDesign', { id: file.id });
      const label = `${owner}: ${fileName(file.url)}`;
      return html`<li>
        ${
          href
            ? html`<a part="file" href=${href} target="_blank" rel="noopener noreferrer">${label}</a>`
            : html`<span part="file" class="file-text">${owner}: ${file.url}</span>`
        }
      </li>`;
    })}
  </ul>`;
}

export function renderIssues(t: T, lang: Language, issues: readonly ExportIssue[]) {
  // placeholders ({path}, {allowed}) are filled by describeIssue, so the raw texts
  const messages = Object.fromEntries(
    Object.keys(ISSUE_MESSAGES.en).map((code) => [
      code,
      textOf(ISSUE_MESSAGES, lang, code as ExportIssueCode),
    ]),
  ) as IssueMessages;
  return html`<div part="error" class="error" role="alert">
    ${t('invalid')}
    <ul>
      ${issues.map((issue) => html`<li>${describeIssue(issue, messages)}</li>`)}
    </ul>
  </div>`;
}

export function renderFailure(t: T, words: ErrorWordsShown) {
  const { key, values, details, loginUrl } = words;
  return html`<div part="error" class="error" role="alert">
    ${t(key, values)} ${loginUrl ? html`<a part="login" href=${loginUrl}>${t('connect')}</a>` : nothing}
    ${
      details
        ? html`<ul>
            ${details.map((detail) => html`<li>${detail}</li>`)}
          </ul>`
        : nothing
    }
  </div>`;
}

/** The last path segment of a file URL, decoded, for a link's text. */
function fileName(url: string): string {
  try {
    const segment = new URL(url, 'http://x/').pathname.split('/').filter(Boolean).pop();
    return segment ? decodeURIComponent(segment) : url;
  } catch {
    return url;
  }
}
