/**
 * Demo: export the demo project through the partner back end (/partner) and the planning emulator.
 * Until the visitor has connected a planning account (the OAuth flow), it shows a "connect" link;
 * then a 2D PDF button, a 3D views button, a proxy-mode button, an invalid one and a log of their events.
 */
import '../../src/elements/project-export-button/project-export-button.ts';
import type { ProjectExportButton } from '../../src/elements/project-export-button/project-export-button.ts';

const PROJECT_ID = 186997360;
const RETURN_TO = '/demo/%23project-export-button';

/** Whether this browser's partner session holds a live planning token (GET /partner/session never returns it). */
async function connected(): Promise<boolean> {
  try {
    const response = await fetch('/partner/session', { credentials: 'same-origin' });
    return response.ok && ((await response.json()) as { connected?: boolean }).connected === true;
  } catch {
    return false;
  }
}

function exportButton(attributes: Record<string, string>, label: string): ProjectExportButton {
  const button = document.createElement('project-export-button');
  for (const [name, value] of Object.entries({
    'project-id': String(PROJECT_ID),
    'token-endpoint': '/partner/token',
    'planner-base': `${location.origin}/planning/api/v2`,
    callback: `${location.origin}/partner/export-callback`,
    ...attributes,
  })) {
    button.setAttribute(name, value);
  }
  button.textContent = label;
  return button;
}

/**
 * How a page learns that the planner delivered the files to the partner's callback: the partner's
 * server-sent events for that export (`status` pending, then ready; `timeout` after a minute).
 */
function followCallback(exportId: number, write: (line: string) => void): void {
  if (typeof EventSource === 'undefined') return;
  const events = new EventSource(`/partner/exports/${exportId}/events`);
  events.addEventListener('status', (event) => {
    const status = JSON.parse((event as MessageEvent<string>).data) as { status: string };
    if (status.status !== 'ready') return;
    write(`callback received by the partner for export ${exportId}: the files are ready`);
    events.close();
  });
  events.addEventListener('timeout', () => events.close());
  // an export this session may not see (404), or the stream ended: stop, do not reconnect
  events.onerror = () => events.close();
}

function logEvents(button: ProjectExportButton, log: HTMLElement): void {
  const write = (line: string) => {
    const item = document.createElement('li');
    item.textContent = `${new Date().toLocaleTimeString()} ${line}`;
    log.prepend(item);
  };
  button.addEventListener('export-start', (e) => write(`export-start ${JSON.stringify(e.detail)}`));
  button.addEventListener('export-done', (e) => {
    write(`export-done ${JSON.stringify(e.detail)}`);
    if (e.detail.exportId !== undefined) followCallback(e.detail.exportId, write);
  });
  button.addEventListener('export-error', (e) => write(`export-error ${e.detail.error.message}`));
}

export default async function projectExportButtonDemo(section: HTMLElement): Promise<void> {
  const intro = document.createElement('p');
  intro.textContent =
    `Exports project ${PROJECT_ID} from the planning emulator. The page holds no secret: the buttons ` +
    'ask the partner back end (/partner/token) for a short-lived token, then call the planning API.';
  section.append(intro);

  if (!(await connected())) {
    const connect = document.createElement('a');
    connect.href = `/partner/oauth/start?return_to=${RETURN_TO}`;
    connect.textContent = 'Connect your planning account';
    connect.className = 'connect';
    const why = document.createElement('p');
    why.append(connect, ' (runs the OAuth flow against the emulator and comes back here).');
    section.append(why);
    return;
  }

  const pdf = exportButton(
    { type: '2d', formats: 'pdf', width: '1600', height: '1200', 'paper-size': 'A4', scale: '100' },
    'Export the plan as PDF',
  );
  const views = exportButton(
    { type: '3d', formats: 'png', width: '960', height: '540', views: 'top,ne,tilted', combine: '' },
    'Export 3D views as PNG',
  );
  // proxy mode: no token-endpoint, no callback; the partner back end adds both
  const proxied = exportButton(
    { type: '2d', formats: 'png', width: '1200', height: '800' },
    'Export PNG via the proxy',
  );
  proxied.removeAttribute('token-endpoint');
  proxied.removeAttribute('callback');
  proxied.setAttribute('proxy-base', '/partner/proxy');
  const invalid = exportButton(
    { type: '2d', formats: 'png', width: '800', height: '600', scale: '100' },
    'Invalid on purpose',
  );
  const rows: [ProjectExportButton, string][] = [
    [pdf, '2D, A4 PDF at 1:100, token mode.'],
    [views, '3D: top, north-east and tilted views combined into one PNG.'],
    [proxied, 'Proxy mode: the browser never sees a token; the partner adds its own callback.'],
    [invalid, 'paper[scale] with png only: caught in the page, nothing is sent.'],
  ];
  for (const [button, note] of rows) {
    const row = document.createElement('div');
    row.className = 'export-row';
    const text = document.createElement('p');
    text.textContent = note;
    row.append(text, button);
    section.append(row);
  }

  const heading = document.createElement('h3');
  heading.textContent = 'Events';
  const log = document.createElement('ol');
  log.className = 'event-log';
  for (const button of [pdf, views, proxied, invalid]) logEvents(button, log);
  section.append(heading, log);
}
