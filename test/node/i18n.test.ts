/**
 * Every language has every string: the shipped translations (Dutch, German, French, Spanish) against
 * each table's English, key for key and placeholder for placeholder; the public
 * registerTranslation / overrideStrings reach the lookup every element uses.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  STRINGS as EXPORT_BUTTON,
  ISSUE_MESSAGES,
} from '../../src/elements/project-export-button/project-export-button.strings.ts';
import { FILTER_STRINGS } from '../../src/elements/room-gallery/features/filters.ts';
import { ERROR_PANEL_STRINGS } from '../../src/features/error-panel/error-panel.strings.ts';
import { STRINGS as GALLERY } from '../../src/elements/room-gallery/room-gallery.strings.ts';
import { STRINGS as PANORAMA } from '../../src/elements/room-panorama/room-panorama.strings.ts';
import { PLAN_STRINGS } from '../../src/elements/room-plan/room-plan.strings.ts';
import { VIEWER_STRINGS } from '../../src/elements/room-viewer/room-viewer.strings.ts';
import { FULLSCREEN_STRINGS } from '../../src/features/fullscreen/fullscreen.strings.ts';
import { GESTURE_STRINGS } from '../../src/features/fullscreen/gestures.strings.ts';
import { MEASURE_STRINGS } from '../../src/features/measure/measure.strings.ts';
import { DESCRIPTION_STRINGS } from '../../src/features/selection/room-description.strings.ts';
import { CART_STRINGS } from '../../src/features/cart/cart.strings.ts';
import { QUANTITIES_STRINGS } from '../../src/features/quantities/quantities.strings.ts';
import {
  ROOM_STYLE_STRINGS,
  ROOM_TYPE_STRINGS,
  TIMEFRAME_STRINGS,
} from '../../src/elements/room-gallery/vocabulary.strings.ts';
import { vocabularyText } from '../../src/elements/room-gallery/vocabulary.ts';
import { TOUR_STRINGS } from '../../src/elements/room-tour/room-tour.strings.ts';
import { lookup, type StringTable } from '../../src/internal/language.ts';
import { ensureLanguage } from '../../src/internal/translations.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import en from '../../src/i18n/en.ts';
import nl from '../../src/i18n/nl.ts';
import de from '../../src/i18n/de.ts';
import es from '../../src/i18n/es.ts';
import fr from '../../src/i18n/fr.ts';
import { languages, overrideStrings, registerTranslation, type Translation } from '../../src/i18n.ts';

const TABLES: StringTable<string>[] = [
  GALLERY,
  FILTER_STRINGS,
  ERROR_PANEL_STRINGS,
  PANORAMA,
  VIEWER_STRINGS,
  PLAN_STRINGS,
  EXPORT_BUTTON,
  ISSUE_MESSAGES,
  MEASURE_STRINGS,
  DESCRIPTION_STRINGS,
  FULLSCREEN_STRINGS,
  GESTURE_STRINGS,
  CART_STRINGS,
  QUANTITIES_STRINGS,
  ROOM_TYPE_STRINGS,
  ROOM_STYLE_STRINGS,
  TIMEFRAME_STRINGS,
  // the tour (issue 38)
  TOUR_STRINGS,
];
const SHIPPED: Record<string, Translation> = { en, nl, de, fr, es };
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every table has a distinct name, and a translation has exactly those tables', () => {
  const names = TABLES.map((t) => t.name);
  assert.equal(new Set(names).size, names.length);
  for (const [lang, translation] of Object.entries(SHIPPED)) {
    assert.deepEqual(Object.keys(translation).sort(), [...names].sort(), `${lang}: tables`);
  }
});

test('every shipped language (Dutch, German, French, Spanish) has every key of English, with the same placeholders', () => {
  for (const table of TABLES) {
    const keys = Object.keys(table.en).sort();
    const languages: [string, Record<string, string>][] = [
      ...Object.entries(SHIPPED).map(
        ([lang, t]) =>
          [lang, (t as unknown as Record<string, Record<string, string>>)[table.name]!] as [
            string,
            Record<string, string>,
          ],
      ),
    ];
    for (const [lang, texts] of languages) {
      assert.ok(texts, `${lang} has no ${table.name} table`);
      assert.deepEqual(Object.keys(texts).sort(), keys, `${lang}.${table.name}: keys`);
      for (const key of keys) {
        assert.ok(texts[key]!.trim(), `${lang}.${table.name}.${key} is empty`);
        assert.deepEqual(
          placeholders(texts[key]!),
          placeholders(table.en[key]!),
          `${lang}.${table.name}.${key}: placeholders`,
        );
      }
    }
  }
});

test('a registered language and an override reach the lookup elements use; a bad tag is refused', () => {
  registerTranslation('pt-BR', { ...de, plan: { ...de.plan, zoomIn: 'Ampliar' } });
  assert.ok(languages().includes('pt-br'));
  assert.equal(lookup(PLAN_STRINGS, 'pt-br', 'zoomIn'), 'Ampliar');
  overrideStrings('en', { plan: { zoomIn: 'Zoom in now' } });
  assert.equal(lookup(PLAN_STRINGS, 'en', 'zoomIn'), 'Zoom in now');
  // an English override is English's: Dutch keeps its own word
  registerTranslation('nl', nl);
  assert.equal(lookup(PLAN_STRINGS, 'nl', 'zoomIn'), nl.plan.zoomIn);
  overrideStrings('nl', { plan: { floorLevel: 'Niveau {level}!' } });
  assert.equal(lookup(PLAN_STRINGS, 'nl', 'floorLevel', { level: 2 }), 'Niveau 2!');
  assert.throws(() => registerTranslation('<img src=x>', de), TypeError);
});

test('English is a whole translation too (room-elements/i18n/en.js), made of the tables the elements carry', () => {
  for (const table of TABLES)
    assert.deepEqual((en as unknown as Record<string, unknown>)[table.name], table.en, table.name);
});

test('a partial translation over a fallback language: the missing keys come from the fallback', async () => {
  // Galician: two strings of its own, the rest in Spanish (downloaded as the elements would)
  registerTranslation('gl', { plan: { zoomIn: 'Achegar' } }, { fallback: 'es' });
  await ensureLanguage('gl');
  assert.equal(lookup(PLAN_STRINGS, 'gl', 'zoomIn'), 'Achegar');
  assert.equal(lookup(PLAN_STRINGS, 'gl', 'zoomOut'), es.plan.zoomOut);
  assert.equal(lookup(GALLERY, 'gl', 'rooms'), es.gallery.rooms);
  // a regional tag falls back to its language by default; a plain one to English
  registerTranslation('de-CH', { gallery: { rooms: 'Zimmer (CH)' } });
  await ensureLanguage('de-ch');
  assert.equal(lookup(GALLERY, 'de-ch', 'rooms'), 'Zimmer (CH)');
  assert.equal(lookup(PLAN_STRINGS, 'de-ch', 'zoomIn'), de.plan.zoomIn);
  registerTranslation('eo', { gallery: { rooms: 'Ĉambroj' } });
  assert.equal(lookup(PLAN_STRINGS, 'eo', 'zoomIn'), lookup(PLAN_STRINGS, 'en', 'zoomIn'));
  // fallbacks that go round in a circle end (English)
  registerTranslation('xa', { gallery: { rooms: 'A' } }, { fallback: 'xb' });
  registerTranslation('xb', { gallery: { loadMore: 'B' } }, { fallback: 'xa' });
  assert.equal(lookup(GALLERY, 'xa', 'loadMore'), 'B');
  assert.equal(lookup(PLAN_STRINGS, 'xa', 'zoomIn'), lookup(PLAN_STRINGS, 'en', 'zoomIn'));
  assert.throws(() => registerTranslation('gl', {}, { fallback: 'not a tag' }), TypeError);
});

test("the service's room types, styles and timeframes have a table per language, and a page adds its own keys", async () => {
  await ensureLanguage('nl');
  assert.equal(vocabularyText('roomTypes', 'nl', 'Living room', 'Living room'), 'Woonkamer');
  assert.equal(vocabularyText('roomStyles', 'fr', 'Modern', 'Modern'), 'Modern'); // French not here yet
  await ensureLanguage('fr');
  assert.equal(vocabularyText('roomStyles', 'fr', 'Modern', 'Modern'), 'Moderne');
  await ensureLanguage('es');
  assert.equal(vocabularyText('timeframes', 'es', 'This week', 'This week'), 'Esta semana');
  // English shows the service's own name; a key no table knows shows the service's name in any language
  assert.equal(vocabularyText('roomTypes', 'en', 'Dining Room', 'Dining Room'), 'Dining Room');
  assert.equal(vocabularyText('roomTypes', 'nl', 'Sauna', 'Sauna room'), 'Sauna room');
  overrideStrings('nl', { roomTypes: { Sauna: 'Sauna' } });
  assert.equal(vocabularyText('roomTypes', 'nl', 'Sauna', 'Sauna room'), 'Sauna');
  // a key from the service is data: Object's own members are no translation
  assert.equal(vocabularyText('roomTypes', 'nl', 'constructor', 'x'), 'x');
  assert.equal(vocabularyText('roomTypes', 'nl', '__proto__', 'y'), 'y');
});

test('src/internal/ imports nothing of src/i18n/ (not even a type): no import circle through the translations', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
    );
  for (const file of files('src/internal'))
    assert.doesNotMatch(readFileSync(file, 'utf8'), /from\s+['"][./]*\/i18n|import\s+['"][./]*\/i18n/, file);
  // and the Translation type's module imports types only, so the shipped tables pull in no element code
  for (const line of readFileSync('src/i18n/translation.ts', 'utf8')
    .split('\n')
    .filter((l) => /^import /.test(l)))
    assert.match(line, /^import type /, line);
});
