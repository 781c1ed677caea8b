/**
 * The plan's area labels are legible at fit: at least 11 px rendered on a 520 px-wide plan of the
 * element's default height, on the real project 186997360's ground floor and on a hand-made room,
 * and no label drawn over another (a label that cannot be drawn legibly without overlapping one is
 * left out; before, the ground floor's labels were about 8 px tall, and one pair overlapped).
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import { needsReal } from './helpers/fml-projects.ts';
import { smallFml } from './helpers/select-fixtures.ts';
import { cleanup, mountLoaded } from './helpers/wait.ts';

async function mount(fml: unknown, width = 520, height?: number): Promise<RoomPlan> {
  const el = document.createElement('room-plan');
  // the element's own default height (24rem) unless told
  el.style.inlineSize = `${width}px`;
  if (height) el.style.blockSize = `${height}px`;
  el.fml = fml;
  return mountLoaded(el, 20000);
}

interface Rendered {
  text: string;
  px: number;
  rect: DOMRect;
}

/** Each label's text, its rendered font size (CSS px: the font size in SVG units × the scale) and box. */
function rendered(el: RoomPlan): Rendered[] {
  return [...el.shadowRoot!.querySelectorAll<SVGTextElement>('[part="label"]')].map((label) => {
    const scale = label.getScreenCTM()!.a;
    return {
      text: [...label.querySelectorAll('tspan')].map((t) => t.textContent!.trim()).join(' '),
      px: Number(label.getAttribute('font-size')) * scale,
      rect: label.getBoundingClientRect(),
    };
  });
}

function overlapping(labels: Rendered[]): string[] {
  const pairs: string[] = [];
  for (let i = 0; i < labels.length; i++)
    for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i]!.rect;
      const b = labels[j]!.rect;
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        pairs.push(`${labels[i]!.text} × ${labels[j]!.text}`);
    }
  return pairs;
}

describe('<room-plan> labels legible at fit', function () {
  this.timeout(60000);
  afterEach(cleanup);

  it('186997360, ground floor, 520 px wide: every label at least 11 px, none over another', async function () {
    const doc = await needsReal(this, 186997360);
    const plan = await mount(doc);
    const labels = rendered(plan);
    console.log(`[labels] ${labels.map((l) => `${l.text} ${l.px.toFixed(1)} px`).join(', ')}`);
    for (const label of labels) expect(label.px, label.text).to.be.at.least(11);
    expect(overlapping(labels)).to.deep.equal([]);
    // the rooms the service's own export (2D-BG) names are still named
    const texts = labels.map((l) => l.text);
    for (const room of ['Keuken 23.3 m²', 'Woonkamer 29.9 m²', 'Berging 5.9 m²'])
      expect(texts).to.include(room);
  });

  it('186997360, 520 px wide: lengths at least 9 px, none longer than its line, none over another or the scale bar', async function () {
    const doc = await needsReal(this, 186997360);
    const plan = await mount(doc);
    const root = plan.shadowRoot!;
    const texts = [
      ...root.querySelectorAll<SVGTextElement>('[part="dimension"] text, [part="scale-bar"] text'),
    ];
    expect(texts.length).to.be.at.least(5);
    const boxes: Rendered[] = texts.map((text) => ({
      text: text.textContent!.trim(),
      px: Number(text.getAttribute('font-size')) * Math.hypot(text.getScreenCTM()!.a, text.getScreenCTM()!.b),
      rect: text.getBoundingClientRect(),
    }));
    console.log(`[lengths] ${boxes.map((b) => `${b.text} ${b.px.toFixed(1)} px`).join(', ')}`);
    // before: about 5 px at fit, and the scale bar's "1,00 m" over a dimension's text
    for (const box of boxes) expect(box.px, box.text).to.be.at.least(9);
    expect(overlapping(boxes)).to.deep.equal([]);
    // each author's dimension text is no longer than the line it measures (a longer one is left out)
    for (const text of root.querySelectorAll<SVGTextElement>('.plan-dimensions text')) {
      // (drawn as: the line, its two ticks, its text)
      const line = text.previousElementSibling!.previousElementSibling!
        .previousElementSibling as SVGLineElement;
      const length = Math.hypot(
        line.x2.baseVal.value - line.x1.baseVal.value,
        line.y2.baseVal.value - line.y1.baseVal.value,
      );
      expect(text.getComputedTextLength(), text.textContent!).to.be.at.most(length * 1.05);
    }
  });

  it('a hand-made room, 520 px wide, wider and narrower: its label at least 11 px', async () => {
    const plan = await mount(smallFml());
    const [label] = rendered(plan);
    expect(label, 'the room is labelled').to.not.equal(undefined);
    expect(label!.px).to.be.at.least(11);
    // on a larger plan the label is no smaller (it may grow with its room, up to the plan's own size)
    const wide = await mount(smallFml(), 1040, 768);
    expect(rendered(wide)[0]!.px).to.be.at.least(label!.px);
    // and on a narrow one still legible
    const narrow = await mount(smallFml(), 300, 220);
    expect(rendered(narrow)[0]!.px).to.be.at.least(11);
  });
});
