/**
 * The languages the package ships beyond English (built into every element): each in a module of its own that a page
 * downloads only when an element on it speaks that language (its nearest `lang`). Imported by every
 * element; costs the page a few bytes, not the translations.
 */
import { addLanguageLoader } from '../internal/translations.js';

addLanguageLoader('nl', () => import('./nl.js').then((m) => m.default));
addLanguageLoader('de', () => import('./de.js').then((m) => m.default));
addLanguageLoader('fr', () => import('./fr.js').then((m) => m.default));
addLanguageLoader('es', () => import('./es.js').then((m) => m.default));
