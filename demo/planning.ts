/**
 * What the demo's planning-project sections share (fml-projects.ts, walk.ts): the partner sign-in, or a
 * link that runs it; a `<room-plan>` and a `<room-viewer>` of one project side by side, reading its FML
 * with a token from the partner back end; their floors kept in step; the project's FML as a partner
 * reads it. The sections import the elements (this module defines none). Text content only: nothing
 * here parses markup.
 */

/** Where the partner back end hands out short-lived tokens for a project (the elements' `token-endpoint`). */
const TOKEN_ENDPOINT = '/partner/token';
const plannerBase = () => `${location.origin}/planning/api/v2`;

/** Whether the visitor's planning account is connected to the partner back end. */
export async function partnerConnected(): Promise<boolean> {
  try {
    const response = await fetch('/partner/session', { credentials: 'same-origin' });
    return response.ok && ((await response.json()) as { connected?: boolean }).connected === true;
  } catch {
    return false;
  }
}

/**
 * Connected: true. Else the section gets a link that runs the OAuth flow against the emulator and
 * comes back to `returnTo` (the section's anchor, escaped), and false.
 */
export async function connectedOrLink(section: HTMLElement, returnTo: string): Promise<boolean> {
  if (await partnerConnected()) return true;
  const connect = document.createElement('a');
  connect.href = `/partner/oauth/start?return_to=${returnTo}`;
  connect.textContent = 'Connect your planning account';
  connect.className = 'connect';
  const why = document.createElement('p');
  why.append(connect, ' (runs the OAuth flow against the emulator and comes back here).');
  section.append(why);
  return false;
}

/** Reads a planning project: its id, the emulator's planning API and the partner's token endpoint. */
export function readsProject(el: HTMLElement, projectId: string): void {
  el.setAttribute('project-id', projectId);
  el.setAttribute('planner-base', plannerBase());
  el.setAttribute('token-endpoint', TOKEN_ENDPOINT);
}

/** Elements side by side, as many columns as fit at 20rem each. */
export function sideBySide(...elements: HTMLElement[]): HTMLDivElement {
  const row = document.createElement('div');
  row.style.display = 'grid';
  row.style.gridTemplateColumns = 'repeat(auto-fit, minmax(20rem, 1fr))';
  row.style.gap = '1rem';
  row.append(...elements);
  return row;
}

/** A project's plan and the same floor in 3D, 30rem high, framed, side by side in `row`. */
export function planAndViewer(projectId: string): {
  plan: HTMLElementTagNameMap['room-plan'];
  viewer: HTMLElementTagNameMap['room-viewer'];
  row: HTMLDivElement;
} {
  const plan = document.createElement('room-plan');
  const viewer = document.createElement('room-viewer');
  for (const el of [plan, viewer]) {
    readsProject(el, projectId);
    el.style.blockSize = '30rem';
    el.style.border = '1px solid #ccc';
  }
  viewer.setAttribute('loading', 'eager');
  return { plan, viewer, row: sideBySide(plan, viewer) };
}

/**
 * One floor on both: a floor change in either (its switcher, the viewer's stairs) moves the other.
 * `heard` is told of each change first (the section's log).
 */
export function floorsInStep(
  plan: HTMLElementTagNameMap['room-plan'],
  viewer: HTMLElementTagNameMap['room-viewer'],
  heard: { plan?: (name: string) => void; viewer?: (name: string) => void } = {},
): void {
  plan.addEventListener('floor-change', (e) => {
    heard.plan?.(String(e.detail.name ?? e.detail.index));
    viewer.setAttribute('floor', String(e.detail.index));
  });
  viewer.addEventListener('floor-change', (e) => {
    heard.viewer?.(String(e.detail.name ?? e.detail.index));
    plan.setAttribute('floor', String(e.detail.index));
  });
}

/** A planning project's FML as a partner reads it: a short-lived token from the partner back end, then the document. */
export async function projectFml(projectId: string): Promise<unknown> {
  const answer = await fetch(TOKEN_ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ project_id: Number(projectId) }),
  });
  if (!answer.ok) throw new Error(`no token (${answer.status})`);
  const { access_token: token } = (await answer.json()) as { access_token: string };
  const response = await fetch(`${plannerBase()}/projects/${projectId}/fml`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`no FML (${response.status})`);
  return response.json();
}
