/**
 * The CDN loader's order (issue 33), on the BUILT files (`node scripts/build.mjs` first): on a page with
 * several of our elements, one element's code runs (its chunks evaluate, its tag is defined) per task,
 * the viewer's first, while every element's chunks are fetched at once. Before, the loader imported
 * every tag's chunk at once, so the code of a viewer and a plan could run in one task (a long one on a
 * phone: their chains share chunks), and whichever chain arrived first ran first.
 */
import { expect } from '@esm-bundle/chai';
import { until } from './helpers/wait.ts';

type FrameWindow = Window &
  typeof globalThis & {
    /** Each definition: its tag, and whether a timer set when it was defined had fired by the next one. */
    __defined: { tag: string; taskEnded: boolean; endedBefore?: boolean[] }[];
  };

const frames: HTMLIFrameElement[] = [];

/** A page with `markup` and the CDN loader (served from `base`), recording when each tag is defined. */
async function page(base: string, markup: string): Promise<FrameWindow> {
  const iframe = document.createElement('iframe');
  iframe.style.cssText = 'inline-size: 900px; block-size: 700px; border: 0';
  const loaded = new Promise((resolve) => (iframe.onload = resolve));
  iframe.srcdoc = `<!doctype html><html lang="en"><head>
    <script>
      window.__defined = [];
      const define = customElements.define.bind(customElements);
      customElements.define = (tag, ctor, options) => {
        // what had ended by now: a definition's task is over once a timer set in it has fired
        const entry = { tag, taskEnded: false, endedBefore: __defined.map((d) => d.taskEnded) };
        __defined.push(entry);
        setTimeout(() => (entry.taskEnded = true));
        return define(tag, ctor, options);
      };
    </script>
    </head><body>${markup}
    <script type="module" src="${base}room-elements.js"></script>
    </body></html>`;
  document.body.append(iframe);
  frames.push(iframe);
  await loaded;
  return iframe.contentWindow as FrameWindow;
}

describe('CDN loader: one element’s code per task, the viewer’s first', () => {
  afterEach(() => frames.splice(0).forEach((frame) => frame.remove()));

  it('a plan before a viewer in the page, the viewer’s chunk late: the viewer is defined first, the plan in a later task, its chunks fetched meanwhile', async () => {
    const base = `${location.origin}/__cdn/order${Date.now()}${Math.random().toString(36).slice(2, 6)}/`;
    // the viewer's own chunk arrives 400 ms after it was asked for: without the order, the plan's
    // chain (asked for at the same moment) ran first
    const viewerChunk = `${new URL(base).pathname}chunks/room-viewer-`;
    await fetch(`/__slow-once?path=${encodeURIComponent(viewerChunk)}&ms=400`, { method: 'POST' });
    const win = await page(base, '<room-plan></room-plan><room-viewer></room-viewer>');
    await until(
      () => !!win.customElements.get('room-plan') && !!win.customElements.get('room-viewer'),
      15000,
      'both tags defined',
    );
    const defined = win.__defined.filter((d) => d.tag === 'room-plan' || d.tag === 'room-viewer');
    expect(
      defined.map((d) => d.tag),
      'defined in this order',
    ).to.deep.equal(['room-viewer', 'room-plan']);
    expect(
      defined[1]!.endedBefore![win.__defined.indexOf(defined[0]!)],
      'the viewer’s task had ended',
    ).to.equal(true);
    // the plan's code waited, its chunks did not: asked for before the viewer's chunk had arrived
    const entries = win.performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(`${base}chunks/`)) as PerformanceResourceTiming[];
    const viewer = entries.find((e) => e.name.includes('/chunks/room-viewer-'))!;
    const plan = entries.find((e) => e.name.includes('/chunks/room-plan-') && !e.name.includes('-deps'))!;
    expect(viewer, 'the viewer’s chunk requested').not.to.equal(undefined);
    expect(plan, 'the plan’s chunk requested').not.to.equal(undefined);
    expect(viewer.responseEnd - viewer.startTime, 'the viewer’s chunk was late').to.be.at.least(350);
    expect(plan.startTime, 'the plan’s chunk asked for before the viewer’s arrived').to.be.below(
      viewer.responseEnd,
    );
  });

  it('a tag added while another’s code is on its way waits for it, and is defined', async () => {
    const base = `${location.origin}/__cdn/order${Date.now()}${Math.random().toString(36).slice(2, 6)}/`;
    const viewerChunk = `${new URL(base).pathname}chunks/room-viewer-`;
    await fetch(`/__slow-once?path=${encodeURIComponent(viewerChunk)}&ms=300`, { method: 'POST' });
    const win = await page(base, '<room-viewer></room-viewer>');
    win.document.body.append(win.document.createElement('room-plan'));
    await until(() => !!win.customElements.get('room-plan'), 15000, '<room-plan> defined');
    const defined = win.__defined.filter((d) => d.tag === 'room-plan' || d.tag === 'room-viewer');
    expect(defined.map((d) => d.tag)).to.deep.equal(['room-viewer', 'room-plan']);
  });
});
