/**
 * Server rendering with data (room-elements/ssr, docs/ssr.md): a page's server renders <room-plan> with the
 * room it fetched first (`/__ssr-page/<name>`, test/shared/ssr-pages.ts). With JavaScript off the plan is
 * there and painted (a sandboxed frame: no script runs in it); with JavaScript on the element takes the
 * server's SVG over by Lit hydration: a MutationObserver sees no change to it, nothing reaches the console
 * as an error, and the plan is then the element's own (it answers a zoom).
 */
import { expect } from '@esm-bundle/chai';
import { executeServerCommand } from '@web/test-runner-commands';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { collectPageErrors } from './helpers/page-errors.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

const WIDTH = 640;
const HEIGHT = 384;

async function fragment(test: Mocha.Context, name: string): Promise<string> {
  const response = await fetch(`/__ssr-page/${name}?${new URLSearchParams({ base: ROOM_STYLING })}`);
  if (response.status === 404) {
    console.warn(`skipped "${test.test?.title}": ${name} needs ../shared/realdata`);
    test.skip();
  }
  expect(response.status).to.equal(200);
  return response.text();
}

/** A box of the test's size at the top left of the page, the element in it (the plan sized as in the frame). */
function place(html: string, tag = 'room-plan'): HTMLElement {
  const box = fixtureContainer();
  box.style.cssText = `position:fixed;left:0;top:0;width:${WIDTH}px;margin:0;background:#fff`;
  box.setHTMLUnsafe(html);
  const el = box.querySelector<HTMLElement>(tag)!;
  if (tag === 'room-plan') el.style.cssText = `display:block;width:${WIDTH}px;height:${HEIGHT}px`;
  return el;
}

/** The same HTML in a frame with scripts off (sandbox without allow-scripts), the loader stylesheet linked. */
async function scriptless(html: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.style.cssText = `position:fixed;left:0;top:0;width:${WIDTH}px;height:${HEIGHT}px;border:0;background:#fff`;
  frame.srcdoc = `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/src/loader.css">
<style>html,body{margin:0;background:#fff} room-plan{width:${WIDTH}px;height:${HEIGHT}px}</style>
</head><body>${html}<script>document.body.dataset.ran = 'yes'</script></body></html>`;
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  fixtureContainer().append(frame);
  await loaded;
  return frame;
}

async function pixels(): Promise<ImageData> {
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const png = (await executeServerCommand('screenshot-clip', {
    x: 0,
    y: 0,
    width: WIDTH,
    height: HEIGHT,
  })) as string;
  const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
}

/** Share of pixels that differ by more than a little in any channel. */
function difference(a: ImageData, b: ImageData): number {
  expect([a.width, a.height]).to.deep.equal([b.width, b.height]);
  let differ = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if ([0, 1, 2].some((c) => Math.abs(a.data[i + c]! - b.data[i + c]!) > 24)) differ++;
  }
  return differ / (a.width * a.height);
}

/** Share of pixels that are not near white (the plan's ink). */
function inked(image: ImageData): number {
  let ink = 0;
  for (let i = 0; i < image.data.length; i += 4)
    if (image.data[i]! + image.data[i + 1]! + image.data[i + 2]! < 600) ink++;
  return ink / (image.width * image.height);
}

/** Every change under `node`, recorded. */
function watch(node: Node): MutationRecord[] {
  const seen: MutationRecord[] = [];
  const observer = new MutationObserver((records) => seen.push(...records));
  observer.observe(node, { subtree: true, childList: true, attributes: true, characterData: true });
  after(() => observer.disconnect());
  return seen;
}

describe('server-rendered <room-plan> with its data', () => {
  let errors: ReturnType<typeof collectPageErrors>;
  let consoleErrors: unknown[][];
  const consoleError = console.error;
  beforeEach(() => {
    errors = collectPageErrors();
    consoleErrors = [];
    console.error = (...args: unknown[]) => {
      consoleErrors.push(args);
      consoleError.apply(console, args);
    };
  });
  afterEach(() => {
    console.error = consoleError;
    errors.stop();
    cleanup();
    expect(errors.errors, 'no error reached the page').to.deep.equal([]);
    expect(consoleErrors, 'no console error').to.deep.equal([]);
  });

  for (const name of ['plan-sample', 'plan-real']) {
    it(`${name}: painted with JavaScript off as hydrated, and hydration changes nothing in the SVG`, async function () {
      this.timeout(60000);
      const html = await fragment(this, name);

      const frame = await scriptless(html);
      const doc = frame.contentDocument!;
      expect(doc.body.dataset.ran, 'no script runs in the frame').to.equal(undefined);
      const server = doc.querySelector('room-plan')!;
      expect(
        server.shadowRoot?.querySelector('svg[part="svg"] [part~="wall"]'),
        'the plan is drawn',
      ).to.not.equal(null);
      const off = await pixels();
      frame.remove();
      expect(inked(off), 'the frame painted a plan').to.be.greaterThan(0.03);

      const el = place(html);
      const svg = el.shadowRoot!.querySelector('svg[part="svg"]')!;
      expect(svg, 'the server SVG before any script').to.not.equal(null);
      const seen = watch(svg);
      const loaded = new Promise((resolve) => el.addEventListener('model-load', resolve, { once: true }));
      await import('../../src/elements/room-plan/room-plan.ts');
      await loaded;
      await until(() => el.getAttribute('state') === 'loaded', 20000, 'loaded');
      expect(el.shadowRoot!.querySelector('svg[part="svg"]'), 'the same SVG node').to.equal(svg);
      expect(el.shadowRoot!.querySelectorAll('svg[part="svg"]')).to.have.length(1);
      expect(
        seen.map((r) => `${r.type} ${r.attributeName ?? ''}`),
        'no change to the SVG',
      ).to.deep.equal([]);
      const on = await pixels();
      const share = difference(off, on);
      console.log(`${name}: JavaScript off vs hydrated: ${(share * 100).toFixed(3)} % of pixels differ`);
      expect(share, `differs in ${(share * 100).toFixed(2)} % of pixels`).to.be.at.most(0.01);

      // the element owns it now: a zoom changes the view box of that same SVG
      const before = svg.getAttribute('viewBox');
      el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="zoom-in"]')!.click();
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      expect(svg.getAttribute('viewBox')).to.not.equal(before);

      if (name === 'plan-real') {
        // the FML's other floor, from the data the element took over (no request)
        const labels = () => svg.textContent;
        const ground = labels();
        const changed = new Promise((resolve) =>
          el.addEventListener('floor-change', resolve, { once: true }),
        );
        el.setAttribute('floor', '1');
        await changed;
        await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
        expect(labels(), 'the first floor drawn').to.not.equal(ground);
      }
    });
  }
});

describe('server-rendered gallery, viewer, panorama and button', () => {
  let errors: ReturnType<typeof collectPageErrors>;
  beforeEach(() => (errors = collectPageErrors()));
  afterEach(() => {
    errors.stop();
    cleanup();
    expect(errors.errors, 'no error reached the page').to.deep.equal([]);
    expect((globalThis as { __pwned?: unknown }).__pwned, 'no hostile markup ran').to.equal(undefined);
  });

  it('the gallery: with JavaScript off its cards are links, laid out in a grid; the element takes them over in the same box', async function () {
    this.timeout(60000);
    const html = await fragment(this, 'gallery');
    const frame = await scriptless(html);
    const server = frame.contentDocument!.querySelector('room-gallery')!;
    const cards = [...server.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[part~="card"]')];
    expect(cards, 'four cards as links').to.have.length(4);
    const hrefs = cards.map((a) => a.href);
    for (const card of cards) {
      expect(card.href).to.match(/^https?:\/\//);
      const box = card.getBoundingClientRect();
      expect(box.width, 'a card has its width').to.be.greaterThan(100);
      expect(box.height, 'and its height').to.be.greaterThan(100);
      expect(card.querySelector('img[alt]'), 'its picture').to.not.equal(null);
      expect(card.querySelector('[part="name"]')!.textContent!.trim(), 'its name').to.not.equal('');
    }
    expect(cards[1]!.getBoundingClientRect().top, 'in a grid (two cards side by side)').to.equal(
      cards[0]!.getBoundingClientRect().top,
    );
    const serverHeight = server.getBoundingClientRect().height;
    frame.remove();

    const el = place(html, 'room-gallery');
    const before = el.getBoundingClientRect().height;
    // every frame painted until the cards are the element's: none shows skeleton cards instead of them
    let skeletonFrames = 0;
    let watching = true;
    const frameWatch = () => {
      if (el.shadowRoot?.querySelector('.skeleton, [aria-busy="true"]')) skeletonFrames++;
      if (watching) requestAnimationFrame(frameWatch);
    };
    requestAnimationFrame(frameWatch);
    const asked = () =>
      performance.getEntriesByType('resource').filter((e) => /\/room-styling\/rooms\?/.test(e.name)).length;
    const askedBefore = asked();
    await import('../../src/elements/room-gallery/room-gallery.ts');
    await until(() => el.getAttribute('state') === 'loaded', 20000, 'the gallery loaded');
    watching = false;
    expect(skeletonFrames, 'frames that showed skeleton cards').to.equal(0);
    expect(asked() - askedBefore, "the server's page was the first answer: no second download").to.equal(0);
    await new Promise((r) => requestAnimationFrame(r));
    const mine = [...el.shadowRoot!.querySelectorAll<HTMLAnchorElement>('a[part~="card"]')].map(
      (a) => a.href,
    );
    expect(mine, 'the same rooms, linked the same').to.deep.equal(hrefs);
    expect(Math.abs(el.getBoundingClientRect().height - serverHeight), 'the same box').to.be.at.most(1);
    expect(Math.abs(before - serverHeight), 'the same box before the code').to.be.at.most(1);
  });

  for (const tag of ['room-viewer', 'room-panorama'] as const) {
    it(`<${tag}>: with JavaScript off its poster fills its box and the room is described`, async function () {
      this.timeout(60000);
      const html = await fragment(this, tag === 'room-viewer' ? 'viewer' : 'panorama');
      const frame = await scriptless(html);
      const server = frame.contentDocument!.querySelector(tag)!;
      const poster = server.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')!;
      await until(() => poster.complete, 20000, 'the poster loaded');
      expect(poster.naturalWidth, "the room's render").to.be.greaterThan(0);
      const box = server.getBoundingClientRect();
      const image = poster.getBoundingClientRect();
      expect(box.height, 'the element holds its box').to.be.greaterThan(100);
      expect([image.width, image.height]).to.deep.equal([box.width, box.height]);
      const described = server.shadowRoot!.querySelector('[part="description"]')!;
      expect(described.textContent!.trim(), 'the room described').to.not.equal('');
      const src = poster.currentSrc;
      frame.remove();

      // with JavaScript on, the element takes over: every frame shows that poster (the server's, kept
      // under the element's render, then the element's own) until the element has moved on
      const el = place(html, tag);
      const kept = el.shadowRoot!.querySelector<HTMLImageElement>('img[part="poster"]')!;
      await until(() => kept.complete, 20000, 'the poster in the page');
      let blank = 0;
      let frames = 0;
      let watching = true;
      const shows = () =>
        [...el.shadowRoot!.querySelectorAll('img')].some(
          (img) => img.currentSrc === src && img.complete && Number(getComputedStyle(img).opacity) > 0.9,
        );
      const blanks: string[] = [];
      const frameWatch = () => {
        // until the element has moved on: the room drawn (viewer), the live panorama shown
        if (['loaded', 'ready'].includes(el.getAttribute('state') ?? '')) watching = false;
        else {
          frames++;
          if (!shows()) {
            blank++;
            blanks.push(
              `${el.getAttribute('state')}: ${[...el.shadowRoot!.querySelectorAll('img')].map((i) => `${i.currentSrc === src} ${i.complete} ${getComputedStyle(i).opacity}`).join(', ')}`,
            );
          }
        }
        if (watching) requestAnimationFrame(frameWatch);
      };
      requestAnimationFrame(frameWatch);
      await import(`../../src/elements/${tag}/${tag}.ts`);
      await new Promise((r) => setTimeout(r, 1500));
      watching = false;
      expect(frames, 'frames watched').to.be.greaterThan(1);
      expect(blank, `frames without the poster: ${blanks.join('; ')}`).to.equal(0);
      expect(
        el.shadowRoot!.querySelectorAll('[aria-hidden="true"] [part="description"], .ssr-description'),
        "the server's description is gone (the element describes the room itself)",
      ).to.have.length(0);
    });
  }

  it('the export button: its button is there before any script, and the element takes it over', async function () {
    const html = await fragment(this, 'button');
    const frame = await scriptless(html);
    const server = frame.contentDocument!.querySelector('project-export-button')!;
    expect(server.shadowRoot!.querySelector('button[part="button"]')!.textContent!.trim()).to.equal(
      'Export plan',
    );
    frame.remove();
    const el = place(html, 'project-export-button');
    await import('../../src/elements/project-export-button/project-export-button.ts');
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(el.shadowRoot!.querySelectorAll('button[part="button"]')).to.have.length(1);
  });

  it("a hostile room name is text in the server's plan, with and without JavaScript", async function () {
    const html = await fragment(this, 'plan-sample');
    const frame = await scriptless(html);
    const server = frame.contentDocument!.querySelector('room-plan')!;
    // the area's name is drawn only where it fits legibly (a name too long for its area is left out,
    // its m² kept: room-plan-labels.test.ts); whether drawn or not, it is text, in the SVG and in the data
    const svg = server.shadowRoot!.querySelector('svg')!;
    expect(svg.textContent).to.contain('8.0 m²');
    expect(svg.querySelector('img, script, foreignObject'), 'no element made of it in the SVG').to.equal(null);
    const island = server.querySelector('script[type="application/json"][data-room-plan]')!;
    expect(island.textContent, 'the data closes no tag').not.to.contain('</script>');
    expect(JSON.stringify(JSON.parse(island.textContent!))).to.contain('</script><img src=x');
    expect(server.shadowRoot!.querySelector('img'), 'no element made of it').to.equal(null);
    expect(frame.contentDocument!.querySelectorAll('img')).to.have.length(0);
    frame.remove();
  });
});
