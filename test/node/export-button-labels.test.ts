/**
 * The export button's label in the shipped languages is written in three places, and they must agree
 * (issue 35: a German page's button changed width when its strings arrived, and the text after it
 * moved): the language's strings (src/i18n/<lang>.ts), the copy the element renders before those
 * arrive (project-export-button.strings.ts, LABELS) and the loader's box before the element is
 * defined (src/loader.css, `:lang(<lang>)`). English: the element's table and the loader's default box.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { LABELS, STRINGS } from '../../src/elements/project-export-button/project-export-button.strings.ts';
import de from '../../src/i18n/de.ts';
import es from '../../src/i18n/es.ts';
import fr from '../../src/i18n/fr.ts';
import nl from '../../src/i18n/nl.ts';

const SHIPPED = { nl, de, fr, es };
const css = readFileSync('src/loader.css', 'utf8');

/** The label the loader's box lays out for `type` (2d or 3d) in `lang` (undefined: the default rule). */
function loaderLabel(type: '2d' | '3d', lang?: string): string | undefined {
  const selector =
    `:where(project-export-button${type === '3d' ? "[type='3d']" : ''}:not(:defined, [hidden]):empty` +
    `${lang ? `:lang(${lang})` : ''})::before`;
  const at = css.indexOf(`${selector} {`);
  if (at < 0) return undefined;
  return /content: '([^']*)' \/ ''/.exec(css.slice(at + selector.length))?.[1];
}

describe("the export button's label: strings, the element's first render and the loader's box agree", () => {
  it('English: the string table and the default box', () => {
    assert.equal(loaderLabel('2d'), STRINGS.en.label2d);
    assert.equal(loaderLabel('3d'), STRINGS.en.label3d);
  });

  for (const [lang, strings] of Object.entries(SHIPPED)) {
    it(`${lang}: src/i18n/${lang}.ts, LABELS.${lang} and loader.css's :lang(${lang}) box`, () => {
      const shipped = strings.exportButton as { label2d?: string; label3d?: string };
      assert.deepEqual(LABELS[lang], { label2d: shipped.label2d, label3d: shipped.label3d });
      assert.equal(loaderLabel('2d', lang), shipped.label2d);
      assert.equal(loaderLabel('3d', lang), shipped.label3d);
    });
  }

  it('every language the element carries a label for has its box, and no other', () => {
    const boxed = [...css.matchAll(/:lang\((\w+)\)\)::before/g)].map((m) => m[1]);
    assert.deepEqual([...new Set(boxed)].sort(), Object.keys(LABELS).sort());
  });
});
