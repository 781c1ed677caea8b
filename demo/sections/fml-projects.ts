/**
 * Demo: planning projects (FML) on the page: a real project's plan in `<room-plan>` beside the same
 * floor in 3D in `<room-viewer>`, both reading the project's FML from the planning emulator with a
 * token from the partner back end (/partner/token, the contract `<project-export-button>` uses). The
 * two floor switchers are kept in step; so is the project picker. The six real projects are served
 * when ../shared/realdata is present; without it only 186997360 exists (generated, same id).
 */
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import { option, labelled } from '../controls.ts';

const PROJECTS: [string, string][] = [
  ['186997360', 'Amstelveenseweg 1092 A (2 floors)'],
  ['186515206', 'Kinderdijkstraat 53'],
  ['186655222', 'Kromme Mijdrechtstraat 61'],
  ['186782365', 'Van Ostadestraat 139'],
  ['187026346', 'Benedendorpsweg 51 (4 floors)'],
  ['187062499', 'Anna van den Vondelstraat 13d'],
];
const RETURN_TO = '/demo/%23fml-projects';

async function connected(): Promise<boolean> {
  try {
    const response = await fetch('/partner/session', { credentials: 'same-origin' });
    return response.ok && ((await response.json()) as { connected?: boolean }).connected === true;
  } catch {
    return false;
  }
}

export default async function fmlProjectsDemo(section: HTMLElement): Promise<void> {
  const intro = document.createElement('p');
  intro.textContent =
    'A planning project drawn from its FML: the plan as the service exports it, and the same floor in 3D. ' +
    'The page asks the partner back end for a short-lived token and reads the project from the planning ' +
    'emulator. The real projects are there when ../shared/realdata is present.';
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

  const projects = document.createElement('select');
  for (const [id, name] of PROJECTS) projects.append(option(id, `${id}: ${name}`));
  const units = document.createElement('select');
  units.append(option('metric', 'metric (m²)'), option('imperial', 'imperial (ft²)'));
  const controls = document.createElement('p');
  controls.className = 'controls';
  controls.append(labelled('Project', projects), ' ', labelled('Units', units));

  const common = {
    'project-id': PROJECTS[0]![0],
    'planner-base': `${location.origin}/planning/api/v2`,
    'token-endpoint': '/partner/token',
  };
  const plan = document.createElement('room-plan');
  const viewer = document.createElement('room-viewer');
  for (const el of [plan, viewer]) {
    for (const [name, value] of Object.entries(common)) el.setAttribute(name, value);
    el.style.blockSize = '30rem';
    el.style.border = '1px solid #ccc';
  }
  viewer.setAttribute('loading', 'eager');
  const row = document.createElement('div');
  row.style.display = 'grid';
  row.style.gridTemplateColumns = 'repeat(auto-fit, minmax(20rem, 1fr))';
  row.style.gap = '1rem';
  row.append(plan, viewer);

  const log = document.createElement('ul');
  log.className = 'log';
  const write = (line: string) => {
    const item = document.createElement('li');
    item.textContent = `${new Date().toLocaleTimeString()} ${line}`;
    log.prepend(item);
    while (log.children.length > 20) log.lastElementChild?.remove();
  };
  // one floor on both: a switch in either moves the other
  plan.addEventListener('floor-change', (e) => {
    write(`room-plan floor-change: ${e.detail.name ?? e.detail.index}`);
    viewer.setAttribute('floor', String(e.detail.index));
  });
  viewer.addEventListener('floor-change', (e) => {
    write(`room-viewer floor-change: ${e.detail.name ?? e.detail.index}`);
    plan.setAttribute('floor', String(e.detail.index));
  });
  plan.addEventListener('model-load', (e) =>
    write(`room-plan model-load: ${e.detail.problems.length} problems`),
  );
  for (const el of [plan, viewer])
    el.addEventListener('model-error', (e) =>
      write(`${el.localName} model-error: ${e.detail.error.message}`),
    );

  projects.addEventListener('change', () => {
    for (const el of [plan, viewer]) {
      el.removeAttribute('floor');
      el.setAttribute('project-id', projects.value);
    }
  });
  units.addEventListener('change', () => plan.setAttribute('units', units.value));
  section.append(controls, row, log);
}
