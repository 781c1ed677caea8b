/**
 * The loader stylesheet (src/loader.css, issue 20): each element holds, before its code is defined, the
 * box it has once loaded. Measured in a fresh iframe that has the stylesheet (as the CDN loader adopts
 * it, as an npm page links it) and the markup but none of the elements' code, then again once each has
 * loaded. A gallery's box is that of its first page of `limit` cards at its width.
 */
import { expect } from '@esm-bundle/chai';
import loaderCss from '../../src/loader.css?inline';
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

const CASES: { tag: string; markup: string; module: string; loaded: string; widths: number[] }[] = [
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
];

describe('loader stylesheet: boxes held before definition', () => {
  const frames: HTMLIFrameElement[] = [];
  afterEach(() => frames.splice(0).forEach((f) => f.remove()));

  for (const c of CASES) {
    for (const width of c.widths) {
      it(`<${c.tag}> ${c.markup.match(/limit="\d+"/)?.[0] ?? ''} at ${width} px: the same box before definition and once ${c.loaded}`, async () => {
        const { win, doc, frame } = await frameWith(c.markup, width);
        frames.push(frame);
        const el = doc.querySelector(c.tag)!;
        expect(win.customElements.get(c.tag), 'not defined yet').to.equal(undefined);
        const before = box(el);
        const afterTop = doc.getElementById('after')!.getBoundingClientRect().top;
        expect(before[1], 'a box, not a collapsed inline element').to.be.greaterThan(50);
        await (new win.Function('url', 'return import(url)')(c.module) as Promise<unknown>);
        await until(() => el.getAttribute('state') === c.loaded, 30000, `state ${c.loaded}`);
        await new Promise((r) => setTimeout(r, 300));
        // equal but for layout's sub-pixel rounding of fractional heights (0.1 px: no visible shift)
        const after = box(el);
        expect(after[0]).to.equal(before[0]);
        expect(after[1]).to.be.closeTo(before[1]!, 0.5);
        const top = doc.getElementById('after')!.getBoundingClientRect().top;
        expect(top, 'the paragraph after did not move').to.be.closeTo(afterTop, 0.5);
      });
    }
  }
});
