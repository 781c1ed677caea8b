/**
 * The service's words in the page's language: a Dutch gallery shows its room-type, style and
 * timeframe filters and its cards' room types in Dutch (the service names them in English), an
 * English one shows the service's own names, and a page's own key shows through overrideStrings().
 */
import { expect } from '@esm-bundle/chai';
import { clearSearchMetaCache } from '../../src/elements/room-gallery/features/filters.ts';
import { overrideStrings } from '../../src/i18n.ts';
import nl from '../../src/i18n/nl.ts';
import { makeGallery, shadow } from './room-gallery.helpers.ts';
import { resetEmulator } from './helpers/emulator.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

const optionTexts = (el: HTMLElement, name: string) =>
  [...shadow(el).querySelectorAll<HTMLOptionElement>(`select[name="${name}"] option`)].map((o) =>
    o.textContent!.trim(),
  );
const metas = (el: HTMLElement) =>
  [...shadow(el).querySelectorAll('[part~="meta"]')].map((m) => m.textContent!.trim()).filter(Boolean);

describe('<room-gallery>: room types, styles and timeframes in the page language', () => {
  beforeEach(async () => {
    await resetEmulator();
    clearSearchMetaCache();
  });
  afterEach(cleanup);

  it('a Dutch gallery shows Dutch room types in its filter and on its cards', async () => {
    const box = fixtureContainer();
    box.lang = 'nl';
    const { el, ready } = makeGallery({ source: 'search', filters: true, limit: '12' }, box);
    await ready;
    await until(() => optionTexts(el, 'category').includes('Keuken'), 5000, 'Dutch room types in the filter');
    expect(optionTexts(el, 'category')).to.include.members([
      'Alle soorten',
      'Keuken',
      'Badkamer',
      'Woonkamer',
      'Slaapkamer',
    ]);
    expect(optionTexts(el, 'category')).to.not.include('Kitchen');
    expect(optionTexts(el, 'style')).to.include.members(['Klassiek', 'Landelijk']);
    expect(optionTexts(el, 'since')).to.include.members(['Vandaag', 'Deze week']);
    // every card's room type and style is a Dutch name (the service's keys are English)
    const dutch = new Set([...Object.values(nl.roomTypes), ...Object.values(nl.roomStyles)]);
    const types = new Set(Object.values(nl.roomTypes));
    await until(() => metas(el).length > 0, 5000, 'cards with a room type');
    for (const meta of metas(el))
      for (const word of meta.split(' · ')) expect(dutch.has(word), `"${meta}"`).to.equal(true);
    expect(metas(el).some((meta) => types.has(meta.split(' · ')[0]!))).to.equal(true);
  });

  it("an English gallery shows the service's names; a page's own key and override show as text", async () => {
    const { el, ready } = makeGallery({ source: 'search', filters: true });
    await ready;
    await until(() => optionTexts(el, 'category').includes('Kitchen'), 5000, 'English room types');
    expect(optionTexts(el, 'category')).to.include('Dining Room');
    overrideStrings('en', { roomTypes: { Kitchen: '<b>Kitchens</b>' } });
    await until(() => optionTexts(el, 'category').includes('<b>Kitchens</b>'), 3000, 'the override');
    expect(shadow(el).querySelector('option b')).to.equal(null);
    overrideStrings('en', { roomTypes: { Kitchen: 'Kitchen' } });
  });
});
