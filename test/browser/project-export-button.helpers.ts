/** What the <project-export-button> test files share: the project, mounting a button, pressing it. */
import '../../src/elements/project-export-button/project-export-button.ts';
import type { ProjectExportButton } from '../../src/elements/project-export-button/project-export-button.ts';
import { receivedRequests, type LoggedRequest } from './helpers/emulator.ts';
import { CALLBACK, TOKEN_ENDPOINT } from './helpers/partner.ts';
import { fixtureContainer, waitForEvent } from './helpers/wait.ts';

export const PROJECT_ID = 186997360;
export const EXPORT_PATH = `/planning/api/v2/projects/${PROJECT_ID}/export.json`;

/**
 * A button for PROJECT_ID through the partner's token endpoint, 800 × 600 to the partner's callback,
 * with `attributes` over those (an empty value leaves the attribute out), in a fixture container of `lang`.
 */
export async function exportButton(
  attributes: Record<string, string>,
  lang?: string,
): Promise<ProjectExportButton> {
  const container = fixtureContainer();
  if (lang) container.lang = lang;
  const el = document.createElement('project-export-button');
  const defaults: Record<string, string> = {
    'project-id': String(PROJECT_ID),
    'token-endpoint': TOKEN_ENDPOINT,
    width: '800',
    height: '600',
    callback: CALLBACK,
  };
  for (const [name, value] of Object.entries({ ...defaults, ...attributes })) {
    if (value !== '') el.setAttribute(name, value);
  }
  container.append(el);
  await el.updateComplete;
  return el;
}

/** Presses the button; resolves with the next `event` it fires (heard from before the click). */
export function press<T>(el: ProjectExportButton, event: string): Promise<CustomEvent<T>> {
  const next = waitForEvent<T>(el, event);
  el.shadowRoot!.querySelector('button')!.click();
  return next;
}

/** The export requests the planning emulator received for PROJECT_ID. */
export const exportCalls = async (): Promise<LoggedRequest[]> =>
  (await receivedRequests('/planning/api/v2/projects')).filter(
    (r) => r.method === 'POST' && r.path === EXPORT_PATH,
  );
