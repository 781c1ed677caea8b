/**
 * The loader stylesheet (src/loader.css, issue 20): each element holds, before its code is defined, the
 * box it has once loaded. Measured in a fresh iframe that has the stylesheet (as the CDN loader adopts
 * it, as an npm page links it) and the markup but none of the elements' code, then again once each has
 * loaded. A gallery's box is that of its first page of `limit` cards at its width; the export button's,
 * a button in a line of text, also keeps the text after it in its place. And the frame's own
 * layout-shift entries (what Lighthouse's CLS sums) while the element is defined and loads: none, so
 * nothing inside the element moves either (PSV's navbar sliding in moved its layout box: CLS 0.001).
 */
import { expect } from '@esm-bundle/chai';
import loaderCss from '../../src/loader.css?inline';
import { executeServerCommand } from '@web/test-runner-commands';
import { until } from './helpers/wait.ts';

const SERVICE = `${location.origin}/room-styling`;
type FrameWindow = Window & typeof globalThis;

async function frameWith(
  body: string,
  width: number,
): Promise<{ win: FrameWindow; doc: Document; frame: HTMLIFrameElement }> {
  const frame = document.createElement('iframe');
  frame.style.cssText = `inline-size: ${width}px; block-size: 900px; border: 0`;
  const loaded = new Promise((resolve) => (frame.onload = resolve));
  frame.srcdoc = `<!doctype html><html lang="en"><head><style>body{margin:0;font:16px/1.5 system-ui,sans-serif}${loaderCss}</style></head><body><p>Before.</p>${body}<p id="after">After.</p></body></html>`;
  document.body.append(frame);
  await loaded;
  return { win: frame.contentWindow as FrameWindow, doc: frame.contentDocument!, frame };
}

const box = (el: Element) => {
  const r = el.getBoundingClientRect();
  return [Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10];
};

type Case = {
  tag: string;
  markup: string;
  module: string;
  loaded: string;
  widths: number[];
  /** what the test's name says of the case */
  name?: string;
  /** the least height its box has (default 50 px) */
  min?: number;
  /**
   * A path part of a module the test server answers late, once (`/__slow-once`): a language's strings
   * that arrive after the element was defined and painted, as on a slow link or a busy machine.
   */
  slow?: string;
};

const EXPORT_MODULE = '/src/elements/project-export-button/project-export-button.ts';
const CASES: Case[] = [
  {
    tag: 'room-gallery',
    markup: `<room-gallery limit="12" api-base="${SERVICE}"></room-gallery>`,
    module: '/src/elements/room-gallery/room-gallery.ts',
    loaded: 'loaded',
    widths: [380, 960],
  },
  {
    tag: 'room-gallery',
    markup: `<room-gallery limit="5" api-base="${SERVICE}" style="--room-gallery-card-width: 10rem"></room-gallery>`,
    module: '/src/elements/room-gallery/room-gallery.ts',
    loaded: 'loaded',
    widths: [700],
  },
  {
    tag: 'room-viewer',
    markup: `<room-viewer room-id="6346838" api-base="${SERVICE}" loading="eager"></room-viewer>`,
    module: '/src/elements/room-viewer/room-viewer.ts',
    loaded: 'loaded',
    widths: [380],
  },
  {
    tag: 'room-panorama',
    markup: `<room-panorama room-id="6346838" api-base="${SERVICE}" loading="eager"></room-panorama>`,
    module: '/src/elements/room-panorama/room-panorama.ts',
    loaded: 'ready',
    widths: [380, 900],
  },
  {
    tag: 'room-plan',
    markup: `<room-plan room-id="6346838" api-base="${SERVICE}"></room-plan>`,
    module: '/src/elements/room-plan/room-plan.ts',
    loaded: 'loaded',
    widths: [380],
  },
  // a size from the page's own type selector wins before definition as after (the loader's rules have
  // no specificity), and a hidden element takes no room before definition either
  {
    tag: 'room-plan',
    markup: `<style>room-plan { block-size: 10rem }</style><room-plan room-id="6346838" api-base="${SERVICE}"></room-plan>`,
    module: '/src/elements/room-plan/room-plan.ts',
    loaded: 'loaded',
    widths: [380],
    name: 'sized by the page (room-plan { block-size: 10rem })',
  },
  {
    tag: 'project-export-button',
    markup: `<project-export-button hidden project-id="186997360"></project-export-button>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'hidden',
    min: 0,
  },
  // the button's own label (English), alone in its line as the Lighthouse page has it
  {
    tag: 'project-export-button',
    markup: `<project-export-button project-id="186997360"></project-export-button>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'alone',
    min: 30,
  },
  // in a line of text, with the page's label: the text after it stays where it is too
  {
    tag: 'project-export-button',
    markup: `<div>Your plan: <project-export-button project-id="186997360">Download it</project-export-button> <span id="tail">or print it.</span></div>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'in a line, its label slotted',
    min: 30,
  },
  // a tighter line than the button's 2.5em minimum (the label centred in it), the 3D label
  {
    tag: 'project-export-button',
    markup: `<div style="font: 14px/1.1 serif">Views: <project-export-button type="3d" project-id="186997360"></project-export-button> <span id="tail">as pictures.</span></div>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'in a tight line, type="3d"',
    min: 30,
  },
  // a German page (issue 35: a shift found under load): the loader's box holds the German label, and
  // the element's first render has it too, while the German strings are still on their way
  {
    tag: 'project-export-button',
    markup: `<div lang="de">Ihr Plan: <project-export-button project-id="186997360"></project-export-button> <span id="tail">oder drucken.</span></div>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'in a German line, its strings late',
    min: 30,
    slow: 'i18n/de',
  },
  {
    tag: 'project-export-button',
    markup: `<div lang="fr-CA" style="font: 14px/1.1 serif">Vues : <project-export-button type="3d" project-id="186997360"></project-export-button> <span id="tail">en images.</span></div>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'in a French (fr-CA) tight line, type="3d", its strings late',
    min: 30,
    slow: 'i18n/fr',
  },
  {
    tag: 'project-export-button',
    markup: `<div lang="nl"><project-export-button project-id="186997360"></project-export-button> <span id="tail">of print.</span></div>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'in a Dutch line, its strings late',
    min: 30,
    slow: 'i18n/nl',
  },
  {
    tag: 'project-export-button',
    markup: `<div lang="es"><project-export-button type="3d" project-id="186997360"></project-export-button> <span id="tail">o imprimir.</span></div>`,
    module: EXPORT_MODULE,
    loaded: 'idle',
    widths: [380],
    name: 'in a Spanish line, type="3d", its strings late',
    min: 30,
    slow: 'i18n/es',
  },
];

/**
 * How many times slower the page's CPU runs while an export button loads (CDP, helpers/cpu-plugin.mjs):
 * issue 35's shift (0.008 at 44 ms) showed only on a busy machine, where a paint can fall between the
 * element's definition and its words; slowed, every run has such paints.
 */
const SLOW_CPU = 4;

/** The frame's layout shifts from now on, as PerformanceObserver reports them (buffered). */
function shiftsOf(win: FrameWindow): () => string[] {
  const seen: string[] = [];
  const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
  const name = (node: Node | null) =>
    !node ? 'a node in a shadow root' : node instanceof win.Element ? node.localName : node.nodeName;
  new win.PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    })[]) {
      const moved = entry.sources.map(
        (s) => `${name(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
      );
      seen.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${moved.join('; ')}`);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  return () => seen;
}

describe('loader stylesheet: boxes held before definition', () => {
  const frames: HTMLIFrameElement[] = [];
  afterEach(() => frames.splice(0).forEach((f) => f.remove()));
  // a case that failed while slowed must not leave the next cases (and files) slowed
  let throttled = false;
  afterEach(async () => {
    if (throttled) await executeServerCommand('cpu-throttle', { rate: 1 });
    throttled = false;
  });

  for (const c of CASES) {
    for (const width of c.widths) {
      const label = c.name ?? c.markup.match(/limit="\d+"/)?.[0] ?? '';
      it(`<${c.tag}> ${label} at ${width} px: the same box before definition and once ${c.loaded}, nothing shifted`, async () => {
        const { win, doc, frame } = await frameWith(c.markup, width);
        frames.push(frame);
        const el = doc.querySelector(c.tag)!;
        expect(win.customElements.get(c.tag), 'not defined yet').to.equal(undefined);
        const before = box(el);
        const afterTop = doc.getElementById('after')!.getBoundingClientRect().top;
        const tail = doc.getElementById('tail');
        const tailBefore = tail?.getBoundingClientRect();
        expect(before[1], 'a box, not a collapsed inline element').to.be.at.least(c.min ?? 50);
        // the first paint is behind us (the frame has loaded); from here on, every layout shift
        await new Promise((r) => win.requestAnimationFrame(() => setTimeout(r, 0)));
        const shifts = shiftsOf(win);
        // the frame's own clock, as the shifts' times are: a failure says whether a shift came before
        // the element's code (the frame's own load, the loader's box) or with it (issue 35's 0.008 at
        // 44 ms under load, not reproduced since: this tells the next one apart)
        if (c.slow) await fetch(`/__slow-once?path=${encodeURIComponent(c.slow)}&ms=600`, { method: 'POST' });
        const slowCpu = c.tag === 'project-export-button';
        if (slowCpu) throttled = await executeServerCommand('cpu-throttle', { rate: SLOW_CPU });
        const importAt = Math.round(win.performance.now());
        await (new win.Function('url', 'return import(url)')(c.module) as Promise<unknown>);
        const definedAt = Math.round(win.performance.now());
        await until(() => el.getAttribute('state') === c.loaded, 30000, `state ${c.loaded}`);
        // past the last animation that could move anything (PSV's navbar slides in for 0.1 s), and past
        // a late language's strings
        await new Promise((r) => setTimeout(r, c.slow ? 1200 : 600));
        // equal but for layout's sub-pixel rounding of fractional heights (0.1 px: no visible shift)
        const after = box(el);
        expect(after[0]).to.equal(before[0]);
        expect(after[1]).to.be.closeTo(before[1]!, 0.5);
        const top = doc.getElementById('after')!.getBoundingClientRect().top;
        expect(top, 'the paragraph after did not move').to.be.closeTo(afterTop, 0.5);
        if (tail) {
          const now = tail.getBoundingClientRect();
          expect([now.left, now.top], 'the text after it in its line did not move').to.deep.equal([
            tailBefore!.left,
            tailBefore!.top,
          ]);
        }
        expect(
          shifts(),
          `layout shifts while it was defined and loaded (its code asked for at ${importAt} ms, defined by ${definedAt} ms)`,
        ).to.deep.equal([]);
      });
    }
  }
});
