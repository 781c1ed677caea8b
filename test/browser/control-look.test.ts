/**
 * One look for every control over a room (src/internal/control-styles.ts): the viewer's and the plan's
 * buttons and floor switcher take the element's control colours, border and font from one rule, and a
 * page that themes an element's controls themes all of them. Each control's own rule keeps what differs
 * (the AR button's round ends are room-viewer-ar's, placement is controls-placement's).
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import { drawingOn, VIEWER_THREADS } from './helpers/drawn-on.ts';
import { cleanup, fixtureContainer, rafPasses, until, viewerPartsIn, waitForEvent } from './helpers/wait.ts';
import { boxRoom } from './room-viewer-fixtures.ts';

const COLOR = 'rgb(10, 20, 30)';
const BACKGROUND = 'rgb(200, 210, 220)';
const BORDER = 'rgb(90, 80, 70)';

/** The look of each control `selectors` name in `el`'s shadow root (all must be there). */
function looks(el: HTMLElement, selectors: string[]) {
  return selectors.map((selector) => {
    const node = el.shadowRoot!.querySelector(selector);
    expect(node, selector).to.not.equal(null);
    const style = getComputedStyle(node!);
    return {
      selector,
      color: style.color,
      background: style.backgroundColor,
      border: `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`,
      font: style.fontFamily,
    };
  });
}

async function mount(tag: 'room-viewer' | 'room-plan', theme: string): Promise<HTMLElement> {
  const el = document.createElement(tag) as HTMLElement & { model?: unknown };
  el.setAttribute('cart', '');
  el.style.cssText = `display:block;inline-size:520px;block-size:360px;font-family:serif;${theme}`;
  el.model = boxRoom({ components: 4, kinds: 2 });
  const loaded = waitForEvent(el, 'model-load', 30000);
  fixtureContainer().append(el);
  await loaded;
  await viewerPartsIn(el);
  await until(() => el.shadowRoot!.querySelector('[part~="add-look"]'), 5000, 'the whole look button');
  await rafPasses(2);
  return el;
}

const expected = (selector: string) => ({
  selector,
  color: COLOR,
  background: BACKGROUND,
  border: `1px solid ${BORDER}`,
  font: 'serif',
});

for (const drawnOn of VIEWER_THREADS)
  describe(`controls share one look (viewers drawn on the ${drawnOn} thread)`, function () {
    this.timeout(60000);
    drawingOn(drawnOn);
    afterEach(cleanup);

    it("<room-viewer>: the whole look, full screen and measuring take the page's control colours and the element's font", async () => {
      // the viewer's public names: its button background and text colour; the border through the shared name
      const viewer = await mount(
        'room-viewer',
        `--room-viewer-button-background:${BACKGROUND};--room-viewer-color:${COLOR};--room-control-border:${BORDER}`,
      );
      const selectors = ['[part~="add-look"]', '[part~="fullscreen-button"]', '[part~="measure-button"]'];
      expect(looks(viewer, selectors)).to.deep.equal(selectors.map(expected));
    });
  });

describe('controls share one look: <room-plan>', function () {
  this.timeout(60000);
  afterEach(cleanup);

  it("the zoom buttons, full screen, measuring and the whole look take the page's control colours", async () => {
    const plan = await mount(
      'room-plan',
      `--room-plan-control-background:${BACKGROUND};--room-plan-control-color:${COLOR};--room-plan-control-border:${BORDER}`,
    );
    const selectors = [
      '[part~="zoom-in"]',
      '[part~="fit"]',
      '[part~="fullscreen-button"]',
      '[part~="measure"]',
      '[part~="add-look"]',
    ];
    expect(looks(plan, selectors)).to.deep.equal(selectors.map(expected));
  });
});
