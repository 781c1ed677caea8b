/**
 * Languages from a page's point of view (src/i18n.ts): a shipped language is downloaded when an element
 * speaks it and the element switches to it; a page's own language and its overrides show in the
 * element, and elements already on the page render again when they arrive.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-plan/room-plan.ts';
import { loadLanguage, overrideStrings, registerTranslation, type Translation } from '../../src/i18n.ts';
import de from '../../src/i18n/de.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

const status = (el: HTMLElement) =>
  el.shadowRoot?.querySelector('[part="status"]')?.textContent?.trim() ?? '';
const zoomIn = (el: HTMLElement) =>
  [...(el.shadowRoot?.querySelectorAll('button') ?? [])].map((b) => b.getAttribute('aria-label') ?? b.title);

async function plan(lang: string): Promise<HTMLElement> {
  const el = document.createElement('room-plan');
  el.lang = lang;
  fixtureContainer().append(el);
  await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
  return el;
}

describe('i18n', () => {
  afterEach(cleanup);

  it('downloads German for lang="de-AT" and speaks it', async () => {
    const el = await plan('de-AT');
    await until(() => status(el) === 'Kein Raum gewählt.', 5000, 'the German idle text');
  });

  it('loadLanguage() brings a language before the first words: no English first', async () => {
    await loadLanguage('fr-CA');
    const el = await plan('fr');
    expect(status(el)).to.equal('Aucune pièce choisie.');
  });

  it('speaks French and Spanish too', async () => {
    const fr = await plan('fr');
    const es = await plan('es-MX');
    await until(() => status(fr) === 'Aucune pièce choisie.', 5000, 'French');
    await until(() => status(es) === 'No se ha elegido ninguna habitación.', 5000, 'Spanish');
  });

  it('a page registers its own language and the elements already shown switch to it', async () => {
    const el = await plan('pt');
    expect(status(el)).to.equal('No room chosen.'); // no Portuguese yet: English
    const pt: Translation = { ...de, plan: { ...de.plan, idle: 'Nenhuma sala escolhida.' } };
    registerTranslation('pt', pt);
    await until(() => status(el) === 'Nenhuma sala escolhida.', 2000, 'Portuguese after registerTranslation');
  });

  it('an override changes a string, as text and never markup', async () => {
    const el = await plan('en');
    overrideStrings('en', { plan: { idle: '<b>Pick</b> a room' } });
    await until(() => status(el) === '<b>Pick</b> a room', 2000, 'the override');
    expect(el.shadowRoot!.querySelector('[part="status"] b')).to.equal(null);
    overrideStrings('en', { plan: { idle: 'No room chosen.' } });
  });

  it('English stays until a shipped language has arrived, and labels follow', async () => {
    const el = await plan('es');
    await until(
      () => zoomIn(el).includes('Acercar') || status(el).startsWith('No se'),
      5000,
      'Spanish labels',
    );
  });
});
