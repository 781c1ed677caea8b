/**
 * Importing the panorama's module on a fresh page defines <room-panorama> with the class it exports,
 * and downloads none of the heavy code (three.js, photo-sphere-viewer) until a panorama nears the
 * viewport. This file imports nothing of the element statically: the import under test is the first.
 */
import { expect } from '@esm-bundle/chai';
import { configure, resetConfig } from '../../src/config.ts';
import { receivedRequests, resetEmulator, ROOM_STYLING } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, rafPasses, waitForEvent } from './helpers/wait.ts';

const heavy = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((name) => /photo-sphere-viewer|three\.module|psv-runtime/.test(name));

describe('<room-panorama>: importing the module', function () {
  this.timeout(30000);
  after(resetConfig);
  afterEach(cleanup);

  it('defines the tag with the exported class, and loads no viewer code yet', async () => {
    expect(customElements.get('room-panorama'), 'not defined before the import').to.equal(undefined);
    const module = await import('../../src/elements/room-panorama/room-panorama.ts');
    expect(customElements.get('room-panorama')).to.equal(module.RoomPanorama);
    const el = document.createElement('room-panorama');
    expect(el).to.be.instanceOf(module.RoomPanorama);
    expect(el.yaw).to.equal(0);
    expect(el.navbar).to.equal(true);
    expect(heavy()).to.deep.equal([]);
  });

  it('a lazy panorama far below asks for nothing; scrolled near, the viewer code arrives with import()', async () => {
    await resetEmulator();
    configure({ apiBase: ROOM_STYLING });
    const { rooms } = await (await fetch(`${ROOM_STYLING}/rooms/panoramas?limit=3`)).json();
    const id = (rooms as { id: number }[])[0]!.id;
    const container = fixtureContainer();
    const spacer = document.createElement('div');
    spacer.style.height = '4000px';
    const el = document.createElement('room-panorama');
    el.style.cssText = 'width:160px;height:120px;aspect-ratio:auto;min-height:0';
    el.setAttribute('room-id', String(id));
    container.append(spacer, el);
    await rafPasses(4);
    await new Promise((r) => setTimeout(r, 200));
    expect(el.getAttribute('state')).to.equal('idle');
    expect(await receivedRequests(`/room-styling/rooms/${id}/panorama`)).to.have.length(0);
    expect(heavy()).to.deep.equal([]);
    const ready = waitForEvent(el, 'panorama-ready', 20000);
    el.scrollIntoView();
    await ready;
    expect(heavy().length, 'PSV, three and the glue').to.be.at.least(3);
  });
});
