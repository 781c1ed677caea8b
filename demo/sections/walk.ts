/**
 * Demo: walk through the plan. The planning emulator's made-up home (project 29250001, two floors,
 * server/emulator/planning/domain/demo-home.ts) as a partner shows it: its plan in `<room-plan>` beside
 * the same floor in `<room-viewer camera="walk">`, first person at eye height from the floor's first
 * walkthrough camera. The two keep the same floor: the viewer's stairs change it, and so does the plan's
 * floor switcher. Read with a token from the partner back end, as the FML projects section does.
 * Below, the same home as a 360° tour made from the plan (`<room-tour>`, docs/tour.md): a stop at each
 * walkthrough camera and named room, links through the doors and up the stairs, moves through 3D.
 * The set-up it shares with the FML projects section is demo/planning.ts.
 */
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-tour/room-tour.ts';
import { eventLog } from '../controls.ts';
import {
  connectedOrLink,
  floorsInStep,
  planAndViewer,
  projectFml,
  readsProject,
  sideBySide,
} from '../planning.ts';

const HOME = '29250001';
const RETURN_TO = '/demo/%23walk';

const KEYS: [string, string][] = [
  ['↑ / W, ↓ / S', 'walk forward, back'],
  ['← / A, → / D', 'turn'],
  ['Shift + ← / →, Q / E', 'step aside'],
  ['drag', 'look around'],
  ['click or tap the floor', 'walk there'],
  ['the stairs in the hall', 'walk up (and back down)'],
];

export default async function walkDemo(section: HTMLElement): Promise<void> {
  const intro = document.createElement('p');
  intro.textContent =
    'A made-up two-floor home as the planning service serves it: its plan, and the same floor to walk ' +
    'through at eye height. Walls hold (doors let you through, windows do not), so does the furniture; ' +
    'the stairs in the hall lead upstairs. Click the viewer first so it has the keys.';
  section.append(intro);
  if (!(await connectedOrLink(section, RETURN_TO))) return;

  const keys = document.createElement('dl');
  keys.className = 'keys';
  // two columns: the key, what it does
  Object.assign(keys.style, { display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.2rem 1rem' });
  for (const [key, what] of KEYS) {
    const term = document.createElement('dt');
    term.textContent = key;
    const detail = document.createElement('dd');
    detail.textContent = what;
    keys.append(term, detail);
  }

  const { plan, viewer, row } = planAndViewer(HOME);
  viewer.id = 'walk-viewer';
  viewer.setAttribute('camera', 'walk');
  // the plan follows the viewer's camera (its view cone)
  plan.setAttribute('for', viewer.id);

  const { log, write } = eventLog(10);
  // one floor on both: the stairs (or either switcher) move the other
  floorsInStep(plan, viewer, { viewer: (name) => write(`floor-change: ${name}`) });
  for (const el of [plan, viewer])
    el.addEventListener('model-error', (e) =>
      write(`${el.localName} model-error: ${e.detail.error.message}`),
    );
  section.append(keys, row, log);
  section.append(...(await tourOf(write)));
}

/** The same home as a tour (`<room-tour>`): its heading, words and element. */
async function tourOf(write: (line: string) => void): Promise<HTMLElement[]> {
  const heading = document.createElement('h3');
  heading.textContent = 'The same home as a 360° tour';
  const words = document.createElement('p');
  words.textContent =
    'A stop at every walkthrough camera and in every named room without one, links where you could walk ' +
    '(through a door, never through a wall) and up or down the stairs, each panorama rendered from the 3D ' +
    'model. Tab to a link, Enter to go.';
  const tour = document.createElement('room-tour');
  tour.id = 'walk-tour';
  tour.setAttribute('panorama-size', '512');
  tour.style.display = 'block';
  tour.style.blockSize = '26rem';
  tour.style.minInlineSize = '0';
  tour.style.border = '1px solid #ccc';
  tour.addEventListener('tour-ready', (e) =>
    write(`tour-ready: ${e.detail.stops.length} stops, ${e.detail.links.length} links`),
  );
  tour.addEventListener('stop-change', (e) => write(`stop-change: ${e.detail.stop}`));
  tour.addEventListener('tour-error', (e) => write(`tour-error: ${e.detail.error.message}`));
  // "you are here": a plan linked to the tour shows the stop and its view cone; a click on a room goes there
  const plan = document.createElement('room-plan');
  readsProject(plan, HOME);
  plan.setAttribute('for', tour.id);
  plan.style.blockSize = '26rem';
  plan.style.border = '1px solid #ccc';
  const row = sideBySide(tour, plan);
  try {
    tour.fml = await projectFml(HOME);
  } catch (error) {
    write(`tour: ${(error as Error).message}`);
  }
  return [heading, words, exportedPanoramas(tour, write), row];
}

/**
 * A button that shows the tour with the planning service's own exported panoramas (issue 38): the partner's
 * `tour.json` (the FML and a panorama export of every walkthrough camera, made with the session's token),
 * given to the tour as its `project`. Stops without a camera stay rendered from the model.
 */
function exportedPanoramas(
  tour: HTMLElementTagNameMap['room-tour'],
  write: (line: string) => void,
): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = "Use the planner's exported panoramas";
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      const answer = await fetch(`/partner/projects/${HOME}/tour.json`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ size: 512 }),
      });
      if (!answer.ok) throw new Error(`no export (${answer.status})`);
      const project = (await answer.json()) as NonNullable<HTMLElementTagNameMap['room-tour']['project']> & {
        panoramas: unknown[];
      };
      write(`tour.json: ${project.panoramas.length} exported panoramas`);
      tour.project = project;
    } catch (error) {
      write(`tour: ${(error as Error).message}`);
      button.disabled = false;
    }
  });
  const line = document.createElement('p');
  line.append(button);
  return line;
}
