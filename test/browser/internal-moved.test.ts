/** DisconnectController (src/internal/moved.ts): a moved element keeps its state, a removed one runs gone(). */
import { expect } from '@esm-bundle/chai';
import { LitElement } from 'lit';
import { DisconnectController } from '../../src/internal/moved.ts';
import { cleanup, fixtureContainer } from './helpers/wait.ts';

class MoveProbe extends LitElement {
  gone = 0;
  disconnect = new DisconnectController(this, { gone: () => this.gone++ });
}
customElements.define('move-probe', MoveProbe);

const nextTask = () => new Promise((r) => setTimeout(r, 0));

describe('DisconnectController (the moved rule)', () => {
  afterEach(cleanup);

  it('a move within one task keeps state: gone() never runs and moved is true', async () => {
    const a = fixtureContainer();
    const b = fixtureContainer();
    const el = document.createElement('move-probe') as MoveProbe;
    a.append(el);
    b.append(el);
    expect(el.disconnect.moved).to.equal(true);
    await nextTask();
    await nextTask();
    expect(el.gone).to.equal(0);
  });

  it('a removed element runs gone() once, in a later task', async () => {
    const el = document.createElement('move-probe') as MoveProbe;
    fixtureContainer().append(el);
    expect(el.disconnect.moved).to.equal(false);
    el.remove();
    expect(el.gone, 'not in the same task').to.equal(0);
    expect(el.disconnect.leaving).to.equal(true);
    await nextTask();
    await nextTask();
    expect(el.gone).to.equal(1);
    expect(el.disconnect.leaving).to.equal(false);
  });

  it('an element put back after gone() is a fresh connection, not a move', async () => {
    const box = fixtureContainer();
    const el = document.createElement('move-probe') as MoveProbe;
    box.append(el);
    el.remove();
    await nextTask();
    await nextTask();
    box.append(el);
    expect(el.disconnect.moved).to.equal(false);
    expect(el.gone).to.equal(1);
  });
});
