/** ViewportController (src/internal/viewport.ts): near / visible callbacks from the shared observers. */
import { expect } from '@esm-bundle/chai';
import { LitElement } from 'lit';
import { ViewportController } from '../../src/internal/viewport.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

class ViewportProbe extends LitElement {
  calls: string[] = [];
  viewport = new ViewportController(this, {
    near: (near) => this.calls.push(`near:${near}`),
    visible: (visible) => this.calls.push(`visible:${visible}`),
  });
}
customElements.define('viewport-probe', ViewportProbe);

function probe(top: number): ViewportProbe {
  const el = document.createElement('viewport-probe') as ViewportProbe;
  el.style.cssText = `display:block;position:absolute;left:0;top:${top}px;width:50px;height:50px`;
  return el;
}

/** A probe on screen, seen visible, then taken out of the page; its container stays. */
async function removedAfterSeen(): Promise<{ box: HTMLElement; el: ViewportProbe }> {
  const box = fixtureContainer();
  const el = probe(10);
  box.append(el);
  await until(() => el.viewport.visible, 2000, 'visible');
  el.remove();
  return { box, el };
}

describe('ViewportController', () => {
  afterEach(cleanup);

  it('calls near and visible for an element on screen', async () => {
    const el = probe(10);
    fixtureContainer().append(el);
    await until(() => el.viewport.visible && el.viewport.near, 2000, 'near and visible');
    expect(el.calls).to.include.members(['near:true', 'visible:true']);
  });

  it('an element just below the fold is near but not visible; scrolled far away it is neither', async () => {
    const box = fixtureContainer();
    box.style.cssText = 'position:relative;height:0';
    const el = probe(innerHeight + 100); // within the 300 px margin
    box.append(el);
    await until(() => el.viewport.near, 2000, 'near');
    expect(el.viewport.visible).to.equal(false);
    el.style.top = `${innerHeight + 2000}px`;
    await until(() => !el.viewport.near, 2000, 'no longer near');
    expect(el.calls).to.deep.equal(['near:true', 'near:false']);
  });

  it('stops calling after the element leaves the page, and starts again when it comes back', async () => {
    const { box, el } = await removedAfterSeen();
    el.calls.length = 0;
    el.style.top = `${innerHeight + 2000}px`;
    await new Promise((r) => setTimeout(r, 100));
    expect(el.calls).to.deep.equal([]);
    // off the page it is neither near nor visible, said without a callback
    expect([el.viewport.near, el.viewport.visible]).to.deep.equal([false, false]);
    box.append(el);
    await new Promise((r) => setTimeout(r, 200));
    expect(el.viewport.near).to.equal(false);
    expect(el.calls).to.deep.equal([]);
    // back on screen: heard again (a removed element that returns must be able to start again)
    el.style.top = '10px';
    await until(() => el.viewport.visible && el.viewport.near, 2000, 'visible again');
    expect(el.calls).to.have.members(['near:true', 'visible:true']);
  });

  it('a removed element put back where it was hears near and visible again', async () => {
    const { box, el } = await removedAfterSeen();
    await new Promise((r) => setTimeout(r, 50));
    el.calls.length = 0;
    box.append(el);
    await until(() => el.viewport.visible, 2000, 'visible after coming back');
    expect(el.calls).to.have.members(['near:true', 'visible:true']);
  });

  it('two elements share the observers and each hears only about itself', async () => {
    const box = fixtureContainer();
    const a = probe(10);
    const b = probe(innerHeight + 3000);
    box.append(a, b);
    await until(() => a.viewport.visible, 2000, 'a visible');
    await new Promise((r) => setTimeout(r, 50));
    expect(b.calls).to.deep.equal([]);
  });
});
