/**
 * The demo's "shop the look" section, "make it yours" (demo/sections/shop-the-look.yours.ts): a visitor
 * repaints a wall, lays a floor and swaps the sofa from the made-up range through the page's buttons
 * and the viewer's own swap control, a swap too big is refused and said why, undo and redo work, and
 * the look's lines follow every change.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { configure, resetConfig } from '../../src/config.ts';
import shopTheLookDemo from '../../demo/sections/shop-the-look.ts';
import { ALTERNATIVES } from '../../demo/sections/shop-the-look.range.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { pageErrorsOfEachTest } from './helpers/page-errors.ts';
import { requireWebGL } from './helpers/webgl.ts';
import { cleanup, fixtureContainer, modelLoaded, until } from './helpers/wait.ts';

const SOFA = 'a5310489438ad4269f151da748c62d441bdebbf5';

describe('demo: shop the look, make it yours', function () {
  this.timeout(90000);
  pageErrorsOfEachTest();
  before(function () {
    requireWebGL(this);
    configure({ apiBase: ROOM_STYLING });
  });
  after(resetConfig);
  afterEach(() => cleanup());

  it('repaints a wall, lays a floor, swaps the sofa (one refused), undoes and redoes, the look following', async () => {
    const section = document.createElement('section');
    section.id = 'shop-the-look';
    section.style.width = '900px';
    fixtureContainer().append(section);
    shopTheLookDemo(section);
    const viewer = section.querySelector<RoomViewer>('room-viewer')!;
    await Promise.all([modelLoaded(viewer, 30000), modelLoaded(section.querySelector('room-plan')!, 30000)]);
    const yours = section.querySelector<HTMLElement>('.shop-yours')!;
    const buttonOf = (text: string) =>
      [...yours.querySelectorAll('button')].find((b) => b.textContent === text)!;
    const said = () => yours.querySelector('output')!.textContent!;
    const look = () => section.querySelector('.shop-look')!.textContent!;
    expect(look()).to.contain('Dune three-seat sofa, sage');

    // paint the north wall (the first wall listed) sage, then lay white planks
    yours.querySelector<HTMLSelectElement>('label:nth-of-type(2) select')!.value = '#a9b8a0';
    buttonOf('Paint the wall').click();
    await until(() => viewer.changes.length === 1, 15000, 'the wall painted');
    expect(viewer.changes[0]).to.include({ kind: 'surface', target: 'wall:wall2:left' });
    yours.querySelector<HTMLSelectElement>('label:nth-of-type(3) select')!.value = '1';
    buttonOf('Lay the floor').click();
    await until(() => viewer.changes.length === 2, 15000, 'the floor laid');
    expect(viewer.changes[1]).to.include({ kind: 'surface', target: 'area:area0:floor' });

    // the sofa: its swap control lists the range; the 3 m corner sofa is refused, the loveseat swapped in
    viewer.selectComponent('model-4');
    await viewer.updateComplete;
    const control = (await until(() => viewer.shadowRoot!.querySelector<HTMLElement>('[part~="swap"]')))!;
    const choose = control.querySelector('select')!;
    expect([...choose.options].map((o) => o.text)).to.deep.equal(ALTERNATIVES[SOFA]!.map((a) => a.name));
    choose.value = '2';
    control.querySelector<HTMLButtonElement>('[part~="swap-button"]')!.click();
    await until(() => said().startsWith('Refused'), 15000, 'the refusal said');
    expect(said()).to.match(/^Refused \(overlap\): /);
    choose.value = '1';
    control.querySelector<HTMLButtonElement>('[part~="swap-button"]')!.click();
    await until(() => viewer.changes.length === 3, 15000, 'the loveseat swapped in');
    expect(look()).to.contain('Moss loveseat, green velvet');
    expect(look()).not.to.contain('Dune three-seat sofa, sage');

    // undo: the sofa back in the look; redo: the loveseat again
    buttonOf('Undo').click();
    await until(() => look().includes('Dune three-seat sofa, sage'), 15000, 'the sofa back');
    expect(said()).to.match(/^Undone: model-4/);
    buttonOf('Redo').click();
    await until(() => look().includes('Moss loveseat'), 15000, 'the loveseat again');
    expect(viewer.changes.map((c) => c.kind)).to.deep.equal(['surface', 'surface', 'replace']);
  });
});
