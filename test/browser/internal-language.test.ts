/**
 * LanguageController (src/internal/language.ts): the element's lang, its ancestors' (through shadow roots)
 * and <html lang>, followed live by one page-wide observer.
 */
// the shipped languages are known to a page through its elements (src/i18n/shipped.ts); this probe is none
import '../../src/i18n/shipped.ts';
import { expect } from '@esm-bundle/chai';
import { html, LitElement } from 'lit';
import { LanguageController, type Strings } from '../../src/internal/language.ts';
import { cleanup, fixtureContainer, until } from './helpers/wait.ts';

const WORDS: Strings<'hello' | 'count'> = {
  name: 'test',
  en: { hello: 'Hello', count: '{n} rooms' },
  nl: { hello: 'Hallo', count: '{n} kamers' },
};

class LangProbe extends LitElement {
  language = new LanguageController(this, { changed: (lang) => this.changes.push(lang) });
  changes: string[] = [];
  renders = 0;
  override render() {
    this.renders++;
    return html`<span>${this.language.t(WORDS, 'hello')}</span>`;
  }
}
customElements.define('lang-probe', LangProbe);

class LangShell extends LitElement {
  override render() {
    return html`<div lang="nl"><lang-probe></lang-probe></div>`;
  }
}
customElements.define('lang-shell', LangShell);

const text = (el: LangProbe) => el.shadowRoot!.querySelector('span')!.textContent;

/** A probe in a fresh container, with the container's and its own lang when given, rendered. */
async function mountProbe(lang: { container?: string; own?: string } = {}) {
  const box = fixtureContainer();
  if (lang.container) box.lang = lang.container;
  const el = document.createElement('lang-probe') as LangProbe;
  if (lang.own) el.lang = lang.own;
  box.append(el);
  await el.updateComplete;
  return { box, el };
}

describe('LanguageController', () => {
  const pageLang = document.documentElement.lang;
  afterEach(() => {
    cleanup();
    document.documentElement.lang = pageLang;
  });

  it('follows a change of <html lang> (and tells its callback once)', async () => {
    document.documentElement.lang = 'en';
    const { el } = await mountProbe();
    expect(text(el)).to.equal('Hello');
    document.documentElement.lang = 'nl-BE';
    await until(() => text(el) === 'Hallo', 2000, 'Dutch after <html lang="nl-BE">');
    expect(el.changes).to.deep.equal(['nl']);
    document.documentElement.lang = 'en';
    await until(() => text(el) === 'Hello', 2000, 'English again');
  });

  it('reads an ancestor lang, and follows a change of it', async () => {
    const { box, el } = await mountProbe({ container: 'nl' });
    expect(text(el)).to.equal('Hallo');
    box.lang = 'en';
    await until(() => text(el) === 'Hello', 2000, 'English after the ancestor changed');
  });

  it("prefers the element's own lang over its ancestors and the page", async () => {
    document.documentElement.lang = 'nl';
    const { el } = await mountProbe({ container: 'nl', own: 'en' });
    expect(text(el)).to.equal('Hello');
    el.lang = 'nl';
    await until(() => text(el) === 'Hallo', 2000, 'Dutch after its own lang changed');
  });

  it('crosses shadow roots to find the lang of the host page part', async () => {
    const shell = document.createElement('lang-shell');
    fixtureContainer().append(shell);
    await (shell as LitElement).updateComplete;
    const probe = shell.shadowRoot!.querySelector('lang-probe') as LangProbe;
    await probe.updateComplete;
    expect(text(probe)).to.equal('Hallo');
  });

  it('fills placeholders, falls back to English and does not render again for an unrelated change', async () => {
    const { el } = await mountProbe({ own: 'nl' });
    expect(el.language.t(WORDS, 'count', { n: 3 })).to.equal('3 kamers');
    expect(el.language.t({ name: 'only', en: { only: 'Only English' } }, 'only')).to.equal('Only English');
    const renders = el.renders;
    document.documentElement.lang = 'fr'; // the element keeps its own nl
    await new Promise((r) => setTimeout(r, 50));
    expect(el.renders).to.equal(renders);
  });
});
