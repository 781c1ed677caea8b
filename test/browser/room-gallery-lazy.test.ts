/**
 * <room-gallery>'s parts: the pager and the cards (room-gallery/features/pager-controls.ts, room-gallery/cards/results.ts, in the
 * element's own bundle as the npm build and these tests have it; the CDN build loads the pager after the first
 * cards with the list client, into a held box: test/browser/cdn-bundle.test.ts) are here before the first rooms and shown with them; the lazy parts (error
 * wording, filters, virtual rows, URL sync) get their styles when they arrive; a Dutch page never sees
 * English in between.
 */
import { expect } from '@esm-bundle/chai';
import { setupIgnoreWindowResizeObserverLoopErrors } from '@lit-labs/virtualizer/support/resize-observer-errors.js';
import { armFault, resetEmulator } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, until, waitForEvent } from './helpers/wait.ts';
import { cards, makeGallery, part, shadow, untilState } from './room-gallery.helpers.ts';

/** The resource timing entry of the first request whose URL contains `fragment`. */
const resource = (fragment: string) =>
  performance
    .getEntriesByType('resource')
    .find((entry): entry is PerformanceResourceTiming => entry.name.includes(fragment));

describe('<room-gallery>: lazy parts', () => {
  beforeEach(resetEmulator);
  afterEach(cleanup);
  // the virtualiser's own ResizeObserver reports this benign browser warning while rows settle
  setupIgnoreWindowResizeObserverLoopErrors(beforeEach, afterEach);

  // first in this file: the page has not downloaded any lazy part yet
  it('the pager controls and the cards are here before the first rooms and shown with them, in Dutch', async () => {
    const container = fixtureContainer();
    container.lang = 'nl';
    const statuses: string[] = [];
    const { el, ready } = makeGallery({ limit: '4' }, container);
    const observer = new MutationObserver(() => statuses.push(part(el, 'status')?.textContent ?? ''));
    await el.updateComplete;
    observer.observe(shadow(el), { subtree: true, childList: true, characterData: true });
    await ready;
    await el.updateComplete;
    observer.disconnect();
    // shown in the same update as the rooms
    expect(cards(el)).to.have.length(4);
    expect(part(el, 'pager')!.textContent).to.contain('Volgende');
    expect(part(el, 'status')!.textContent).to.match(/Kamers 1 tot 4 van \d+/);
    // the live region never spoke English while the Dutch words were on their way
    expect(statuses.filter((s) => /rooms|Loading/i.test(s))).to.deep.equal([]);
    // the pager and the cards were requested before the rooms' answer was in: no round trip after it
    const rooms = resource('/room-styling/rooms?')!;
    for (const part of ['room-gallery/features/pager-controls', 'room-gallery/cards/results']) {
      const entry = resource(part);
      expect(entry, `${part} was downloaded`).to.not.equal(undefined);
      expect(entry!.startTime, `${part} started before the rooms arrived`).to.be.below(rooms.responseEnd);
    }
    expect(resource('room-gallery.error-strings'), 'no error, no error words').to.equal(undefined);
  });

  it('the pager and load-more get their styles (adopted with their module), right to left too', async () => {
    const { el, ready } = makeGallery({ limit: '3' });
    await ready;
    await el.updateComplete;
    const pager = part(el, 'pager')!;
    expect(getComputedStyle(pager).display).to.equal('flex');
    expect(getComputedStyle(pager.querySelector('.arrow')!).display).to.equal('inline-block');
    // previous on page 1: its disabled look comes with the pager's styles (no longer the cards')
    expect(getComputedStyle(pager.querySelector('[aria-disabled="true"]')!).opacity).to.equal('0.55');
    el.dir = 'rtl';
    expect(getComputedStyle(pager.querySelector('.arrow')!).transform).to.not.equal('none');

    const more = makeGallery({ limit: '3', paging: 'more' });
    await more.ready;
    await more.el.updateComplete;
    expect(getComputedStyle(shadow(more.el).querySelector('.more')!).display).to.equal('flex');
  });

  it('the filters get their styles when their module arrives', async () => {
    const { el, ready } = makeGallery({ source: 'search', filters: true, limit: '3' });
    await ready;
    const input = await until(() => shadow(el).querySelector<HTMLInputElement>('input[name="q"]'), 20_000);
    expect(getComputedStyle(part(el, 'filters')!).display).to.equal('flex');
    expect(parseFloat(getComputedStyle(input!).minBlockSize)).to.be.above(30);
  });

  it('the filters and the pager bring their own words, Dutch included', async () => {
    const container = fixtureContainer();
    container.lang = 'nl';
    const { el, ready } = makeGallery({ source: 'search', filters: true, limit: '3' }, container);
    await ready;
    await until(() => shadow(el).querySelector('select[name="style"]'), 20_000, 'the style select');
    expect(part(el, 'filter-q')!.textContent).to.contain('Zoeken');
    expect(part(el, 'filter-style')!.textContent).to.contain('Alle stijlen');
    expect(part(el, 'pager')!.getAttribute('aria-label')).to.equal('Pagina’s');
    container.lang = 'en';
    el.requestUpdate();
    await el.updateComplete;
    expect(part(el, 'filter-q')!.textContent).to.contain('Search');
    expect(part(el, 'pager')!.textContent).to.contain('Next');
  });

  it('the virtual rows get their styles when their module arrives', async () => {
    const { el, ready } = makeGallery({ limit: '6', paging: 'infinite' });
    await ready;
    // the virtualizer's chunk is compiled by the dev server on its first request: seconds on a busy machine
    const row = await until(() => shadow(el).querySelector<HTMLElement>('.row'), 20_000, 'virtual rows');
    expect(getComputedStyle(row!).display).to.equal('grid');
    expect(getComputedStyle(part(el, 'grid')!).display).to.equal('block');
  });

  it('a request aborted by a newer one shows nothing and fetches no error words', async () => {
    const { el } = makeGallery({ limit: '3' });
    await el.updateComplete; // the first request is on its way
    const loaded = waitForEvent(el, 'rooms-load');
    el.setAttribute('limit', '4');
    await loaded;
    await el.updateComplete;
    expect(cards(el)).to.have.length(4);
    // time enough for a wrongly started download of the words to show in resource timing
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(resource('room-gallery.error-strings'), 'no error shown, no error words').to.equal(undefined);
  });

  it('an error waits for its words: the error state is shown in words, never as a bare message', async () => {
    await armFault({ match: '/room-styling/rooms', status: 503, times: 3 });
    const { el } = makeGallery({ limit: '3' });
    await waitForEvent(el, 'rooms-error');
    await el.updateComplete;
    expect(el.getAttribute('state')).to.equal('error');
    expect(part(el, 'error-title')!.textContent).to.equal('Service problem');
    expect(part(el, 'retry')).to.not.equal(null);
    await untilState(el, 'error');
  });
});
