/**
 * The demo's planning sections (demo/sections/fml-projects.ts and walk.ts) on the emulator, as the demo
 * page has them, after they came to share their set-up (demo/planning.ts): signed in to the partner, each
 * shows a project's plan beside its 3D view reading it with the partner's token, their floors in step
 * (a floor change in either moves the other, and the log says so); the walk section walks the demo home
 * (29250001) and shows the same home as a tour with a plan linked to it.
 */
import { expect } from '@esm-bundle/chai';
import fmlProjectsDemo from '../../demo/sections/fml-projects.ts';
import walkDemo from '../../demo/sections/walk.ts';
import type { FloorChangeDetail } from '../../src/events/index.ts';
import { connectPartner } from './helpers/partner.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { cleanup, fixtureContainer, modelLoaded, until, waitForEvent } from './helpers/wait.ts';

/** A section as the demo page has it, filled by its script. */
async function mountSection(id: string, fill: (section: HTMLElement) => Promise<void>): Promise<HTMLElement> {
  const section = document.createElement('section');
  section.id = id;
  section.style.width = '900px';
  fixtureContainer().append(section);
  await fill(section);
  return section;
}

const logText = (section: HTMLElement) => section.querySelector('ul.log')!.textContent ?? '';

describe('demo: planning projects and the walk', function () {
  this.timeout(120000);
  const page = pageErrorsOfEachTest();
  before(async function () {
    requireWebGL(this);
    expect(await connectPartner(), 'the partner signed in').to.equal(true);
  });
  afterEach(cleanup);

  it('FML projects: the plan beside the viewer, reading the project with the partner’s token, floors in step', async () => {
    const section = await mountSection('fml-projects', fmlProjectsDemo);
    const plan = section.querySelector('room-plan')!;
    const viewer = section.querySelector('room-viewer')!;
    expect(section.querySelectorAll('select')[0]!.options.length).to.equal(6);
    for (const el of [plan, viewer]) {
      expect(el.getAttribute('project-id')).to.equal('186997360');
      expect(el.getAttribute('planner-base')).to.equal(`${location.origin}/planning/api/v2`);
      expect(el.getAttribute('token-endpoint')).to.equal('/partner/token');
      expect(el.parentElement!.style.gridTemplateColumns).to.equal('repeat(auto-fit, minmax(20rem, 1fr))');
    }
    expect(viewer.getAttribute('loading')).to.equal('eager');
    await Promise.all([modelLoaded(plan, 60000), modelLoaded(viewer, 60000)]);
    // the plan's floor switcher moves the viewer
    const moved = waitForEvent<FloorChangeDetail>(plan, 'floor-change', 30000);
    plan.setAttribute('floor', '1');
    await moved;
    expect(viewer.getAttribute('floor')).to.equal('1');
    await until(() => /room-plan floor-change: /.test(logText(section)), 5000, 'the log line');
    expect(page.errors).to.deep.equal([]);
  });

  it('walk: the demo home to walk beside its plan, the viewer’s floor moves the plan, and the tour', async () => {
    const section = await mountSection('walk', walkDemo);
    expect(section.querySelectorAll('dl.keys dt').length).to.equal(6);
    const viewer = section.querySelector<HTMLElementTagNameMap['room-viewer']>('room-viewer#walk-viewer')!;
    const plan = section.querySelector<HTMLElementTagNameMap['room-plan']>('room-plan[for="walk-viewer"]')!;
    expect(viewer.getAttribute('camera')).to.equal('walk');
    for (const el of [plan, viewer]) expect(el.getAttribute('project-id')).to.equal('29250001');
    await Promise.all([modelLoaded(plan, 60000), modelLoaded(viewer, 60000)]);
    // the stairs (or the viewer's switcher) move the plan
    const moved = waitForEvent<FloorChangeDetail>(viewer, 'floor-change', 30000);
    viewer.setAttribute('floor', '1');
    await moved;
    expect(plan.getAttribute('floor')).to.equal('1');
    await until(() => /floor-change: Eerste verdieping/.test(logText(section)), 5000, 'the log line');
    // the same home as a tour, a plan linked to it
    const tour = section.querySelector<HTMLElementTagNameMap['room-tour']>('room-tour#walk-tour')!;
    expect(section.querySelector('room-plan[for="walk-tour"]')?.getAttribute('project-id')).to.equal(
      '29250001',
    );
    await until(() => /tour-ready: 8 stops/.test(logText(section)), 90000, 'the tour ready');
    expect(tour.tour!.links.some((l) => l.stair?.way === 'up')).to.equal(true);
    expect(page.errors).to.deep.equal([]);
  });
});
