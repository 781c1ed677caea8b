/**
 * Server-rendered elements hydrate: the page gets each element as @lit-labs/ssr rendered it in Node
 * (declarative shadow DOM, `/__ssr/<tag>` in web-test-runner.config.mjs), then the element's module
 * loads with Lit's hydration support, as a Next.js, Nuxt, SvelteKit or Astro page would. The element
 * keeps the server's shadow root, does its work (loads, draws, answers a click) and throws nothing.
 */
// before any Lit element class is defined (the element modules are imported later, one by one)
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect } from '@esm-bundle/chai';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { collectPageErrors } from './helpers/page-errors.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

const ROOM = '6346838';

async function serverRendered(tag: string, attributes: Record<string, string>): Promise<HTMLElement> {
  const response = await fetch(`/__ssr/${tag}?${new URLSearchParams(attributes)}`);
  expect(response.status, `server render of ${tag}`).to.equal(200);
  const box = fixtureContainer();
  // what a browser does with the server's HTML: declarative shadow roots become real ones at parse time
  box.setHTMLUnsafe(await response.text());
  const el = box.querySelector<HTMLElement>(tag)!;
  expect(el.shadowRoot, `${tag} has its server-rendered shadow root before any script`).to.not.equal(null);
  expect(customElements.get(tag), `${tag} is not defined yet`).to.equal(undefined);
  return el;
}

const shadow = (el: HTMLElement, selector: string) => [...el.shadowRoot!.querySelectorAll(selector)];

describe('server rendering and hydration', () => {
  let errors: ReturnType<typeof collectPageErrors>;
  beforeEach(() => (errors = collectPageErrors()));
  afterEach(() => {
    errors.stop();
    cleanup();
    expect(errors.errors, 'no error reached the page').to.deep.equal([]);
  });

  it('<room-plan> keeps the server shadow root, then loads and draws the room', async () => {
    const el = await serverRendered('room-plan', { 'room-id': ROOM, 'api-base': ROOM_STYLING });
    const root = el.shadowRoot;
    expect(shadow(el, '[part="status"]')).to.have.length(1);
    await import('../../src/elements/room-plan/room-plan.ts');
    await until(() => el.getAttribute('state') === 'loaded', 20000, 'the plan loaded');
    expect(el.shadowRoot).to.equal(root);
    expect(shadow(el, 'svg[part~="plan"], svg')).to.not.have.length(0);
    expect(shadow(el, '[part~="wall"]').length).to.be.greaterThan(0);
  });

  it('<room-gallery> hydrates and shows the rooms', async () => {
    const el = await serverRendered('room-gallery', { limit: '4', 'api-base': ROOM_STYLING });
    const root = el.shadowRoot;
    await import('../../src/elements/room-gallery/room-gallery.ts');
    await until(() => shadow(el, '[part~="card"]').length === 4, 20000, 'four cards');
    expect(el.shadowRoot).to.equal(root);
  });

  it('<room-viewer> hydrates and loads its room', async () => {
    const el = await serverRendered('room-viewer', {
      'room-id': ROOM,
      'api-base': ROOM_STYLING,
      loading: 'eager',
    });
    await import('../../src/elements/room-viewer/room-viewer.ts');
    await until(() => el.getAttribute('state') === 'loaded', 30000, 'the viewer loaded');
    // its own canvas (the one drawn on, or under the render worker's layer where it draws there)
    expect(shadow(el, 'canvas[part="canvas"]')).to.have.length(1);
  });

  it('<room-panorama> hydrates to its idle poster state', async () => {
    const el = await serverRendered('room-panorama', { 'room-id': ROOM, 'api-base': ROOM_STYLING });
    await import('../../src/elements/room-panorama/room-panorama.ts');
    await until(() => !!el.getAttribute('state'), 10000, 'a state');
    expect(['idle', 'poster', 'loading', 'ready']).to.include(el.getAttribute('state'));
  });

  it('<project-export-button> hydrates to one working button', async () => {
    const el = await serverRendered('project-export-button', { 'project-id': 'abc' });
    await import('../../src/elements/project-export-button/project-export-button.ts');
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const buttons = shadow(el, 'button[part="button"]') as HTMLButtonElement[];
    expect(buttons).to.have.length(1);
    expect(buttons[0]!.textContent!.trim()).to.equal('Export plan');
  });
});
