import { expect } from '@esm-bundle/chai';
import { sendMouse } from '@web/test-runner-commands';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { MeasureDetail } from '../../src/events/index.ts';
import { planGeometry, readModel } from '../../src/model/index.ts';
import type { Vec2 } from '../../src/model/types.ts';
import { formatLength } from '../../src/model/units.ts';
import { boxPlan } from '../shared/fixtures.ts';
import { axeViolations } from './helpers/axe.ts';
import { clickAt, dragFrom, escapeTwice, measuredOnDocument } from './helpers/measure.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { cleanup, mountLoaded, rafPasses, until, waitForEvent } from './helpers/wait.ts';

/** Two rooms side by side: 600 × 400 cm, split by a wall at x = 350. */
function model() {
  const plan = boxPlan(600, 400);
  plan.points.push([350, 0], [350, 400]);
  (plan.walls as Record<string, unknown>).split = { indices: [4, 5], thickness: 10 };
  return { plan };
}

const shadow = (element: RoomPlan) => element.shadowRoot!;

async function loadedPlan(attributes: Record<string, string> = {}): Promise<RoomPlan> {
  const element = document.createElement('room-plan');
  element.style.width = '600px';
  element.style.height = '420px';
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.model = model();
  await mountLoaded(element);
  await rafPasses(2);
  return element;
}

/** Where a model point (cm, y up) shows on the page. */
function onPage(element: RoomPlan, [x, y]: Vec2): [number, number] {
  const svg = shadow(element).querySelector<SVGSVGElement>('svg[part="svg"]')!;
  const p = new DOMPoint(x, -y).matrixTransform(svg.getScreenCTM()!);
  return [Math.round(p.x), Math.round(p.y)];
}

/** The split wall (x = 350), as the plan geometry has it. */
function splitWall() {
  const plan = planGeometry(readModel(model()).model);
  const wall = plan.walls.find((w) => Math.abs(w.start[0] - 350) < 1 && Math.abs(w.end[0] - 350) < 1)!;
  return { ...wall, length: Math.hypot(wall.end[0] - wall.start[0], wall.end[1] - wall.start[1]) };
}

describe('<room-plan measure>', () => {
  pageErrorsOfEachTest();
  afterEach(cleanup);

  it('is accessible (axe) in measure mode, with a distance and a wall length shown', async () => {
    const element = await loadedPlan({ measure: '' });
    expect(await axeViolations(element)).to.deep.equal([]);
    const button = shadow(element).querySelector('[part~="control"][part~="measure"]')!;
    expect(button.tagName).to.equal('BUTTON');
    expect(button.getAttribute('aria-pressed')).to.equal('true');
    expect(button.getAttribute('aria-label')).to.equal('Measure distances');
    const wall = splitWall();
    await sendMouse({ type: 'move', position: onPage(element, [350, 200]) });
    const measured = waitForEvent(element, 'measure');
    await clickAt(onPage(element, wall.start));
    await clickAt(onPage(element, wall.end));
    await measured;
    await element.updateComplete;
    expect(shadow(element).querySelector('[part~="measure"]:not(button)')).to.not.equal(null);
    expect(await axeViolations(element)).to.deep.equal([]);
  });

  it('measures a wall end to end (snapped) within 1 cm; the event bubbles and is composed', async () => {
    const element = await loadedPlan();
    const button = shadow(element).querySelector<HTMLButtonElement>('[part~="control"][part~="measure"]')!;
    button.click();
    await element.updateComplete;
    expect(element.measure).to.equal(true);
    expect(element.hasAttribute('measure')).to.equal(true);
    expect(element.matches(':state(measuring)')).to.equal(true);
    const wall = splitWall();
    const event = await measuredOnDocument(async () => {
      // a pixel off the ends: snapping puts the points on them
      const [sx, sy] = onPage(element, wall.start);
      const [ex, ey] = onPage(element, wall.end);
      await clickAt([sx + 1, sy - 1]);
      await element.updateComplete;
      expect(shadow(element).querySelector('[part="measure-hint"]')!.textContent).to.contain('second point');
      await clickAt([ex - 1, ey + 1]);
    });
    expect(Math.abs(event.detail.distance - wall.length), `${event.detail.distance}`).to.be.below(1);
    expect(event.detail.from.slice(0, 2)).to.deep.equal(wall.start);
    expect(event.detail.to.slice(0, 2)).to.deep.equal(wall.end);
    expect(event.detail.text).to.equal(formatLength(wall.length, 'metric', 'en'));
    await element.updateComplete;
    const label = shadow(element).querySelector('[part="measure-label"]')!;
    expect(label.textContent!.trim()).to.equal(event.detail.text);
    expect(shadow(element).querySelector('[part="measure-hint"]')!.textContent).to.contain(event.detail.text);
    // a drag pans, it does not measure
    let more = 0;
    element.addEventListener('measure', () => more++);
    await dragFrom(onPage(element, [150, 200]), 60, 20);
    await rafPasses(2);
    expect(more).to.equal(0);
    // Esc clears the points, a second Esc leaves measure mode
    shadow(element).querySelector<HTMLElement>('[part="viewport"]')!.focus();
    await escapeTwice(element, '[part="measure-label"]');
  });

  it('shows the length of the wall under the pointer, along it', async () => {
    const element = await loadedPlan({ measure: '', units: 'imperial' });
    const wall = splitWall();
    await sendMouse({ type: 'move', position: onPage(element, [350, 200]) });
    await element.updateComplete;
    await until(() => shadow(element).querySelector('[part="wall-length"]'), 3000, 'a wall length label');
    const label = shadow(element).querySelector('[part="wall-length"]')!;
    expect(label.textContent!.trim()).to.equal(formatLength(wall.length, 'imperial'));
    expect(label.textContent!.trim()).to.match(/^\d+′ \d+″$/);
    // along the wall: the split wall is vertical, so the label is turned a quarter
    expect(label.getAttribute('transform')).to.match(/rotate\((-?90|90)\b/);
    // off the walls, no label
    await sendMouse({ type: 'move', position: onPage(element, [170, 200]) });
    await element.updateComplete;
    expect(shadow(element).querySelector('[part="wall-length"]')).to.equal(null);
  });

  it('gives imperial text with units="imperial", and Dutch words with lang="nl"', async () => {
    const element = await loadedPlan({ measure: '', units: 'imperial', lang: 'nl' });
    const button = shadow(element).querySelector('[part~="control"][part~="measure"]')!;
    // (the Dutch table is its own module: on a busy machine it can arrive after the plan)
    await until(() => button.getAttribute('aria-label') !== 'Measure distances', 10000, 'the Dutch words');
    expect(button.getAttribute('aria-label')).to.equal('Afstanden meten');
    const measured = waitForEvent<MeasureDetail>(element, 'measure');
    await clickAt(onPage(element, [0, 0]));
    await clickAt(onPage(element, [600, 0]));
    const { detail } = await measured;
    expect(Math.abs(detail.distance - 600)).to.be.below(1);
    expect(detail.text).to.equal(formatLength(600, 'imperial'));
    await element.updateComplete;
    expect(shadow(element).querySelector('[part="measure-hint"]')!.textContent).to.contain('Afstand');
  });
});
