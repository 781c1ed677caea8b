/**
 * Demo: planning projects (FML) on the page: a real project's plan in `<room-plan>` beside the same
 * floor in 3D in `<room-viewer>`, both reading the project's FML from the planning emulator with a
 * token from the partner back end (/partner/token, the contract `<project-export-button>` uses). The
 * two floor switchers are kept in step; so is the project picker. The six real projects are served
 * when ../shared/realdata is present; without it only 186997360 exists (generated, same id).
 * The set-up it shares with the walk section is demo/planning.ts.
 */
import '../../src/elements/room-plan/room-plan.ts';
import '../../src/elements/room-viewer/room-viewer.ts';
import { eventLog, labelled, option } from '../controls.ts';
import { connectedOrLink, floorsInStep, planAndViewer } from '../planning.ts';

const PROJECTS: [string, string][] = [
  ['186997360', 'Amstelveenseweg 1092 A (2 floors)'],
  ['186515206', 'Kinderdijkstraat 53'],
  ['186655222', 'Kromme Mijdrechtstraat 61'],
  ['186782365', 'Van Ostadestraat 139'],
  ['187026346', 'Benedendorpsweg 51 (4 floors)'],
  ['187062499', 'Anna van den Vondelstraat 13d'],
];
const RETURN_TO = '/demo/%23fml-projects';

export default async function fmlProjectsDemo(section: HTMLElement): Promise<void> {
  const intro = document.createElement('p');
  intro.textContent =
    'A planning project drawn from its FML: the plan as the service exports it, and the same floor in 3D. ' +
    'The page asks the partner back end for a short-lived token and reads the project from the planning ' +
    'emulator. The real projects are there when ../shared/realdata is present.';
  section.append(intro);
  if (!(await connectedOrLink(section, RETURN_TO))) return;

  const projects = document.createElement('select');
  for (const [id, name] of PROJECTS) projects.append(option(id, `${id}: ${name}`));
  const units = document.createElement('select');
  units.append(option('metric', 'metric (m²)'), option('imperial', 'imperial (ft²)'));
  const controls = document.createElement('p');
  controls.className = 'controls';
  controls.append(labelled('Project', projects), ' ', labelled('Units', units));

  const { plan, viewer, row } = planAndViewer(PROJECTS[0]![0]);
  const { log, write } = eventLog(20);
  // one floor on both: a switch in either moves the other
  floorsInStep(plan, viewer, {
    plan: (name) => write(`room-plan floor-change: ${name}`),
    viewer: (name) => write(`room-viewer floor-change: ${name}`),
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
