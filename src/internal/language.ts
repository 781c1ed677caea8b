/**
 * Language following: the element's own `lang`, else its nearest ancestor's (crossing shadow roots),
 * else `<html lang>`. One MutationObserver per page watches every `lang` attribute in the document and
 * asks each connected element whose language changed to render again, so a page that switches
 * `<html lang="nl">` sees every element switch (in the manner of Shoelace's localize controller).
 * Languages inside another shadow root are read, but only changes in the document itself are watched.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  englishOverride,
  ensureLanguage,
  onTranslationsChanged,
  registeredText,
  resolveLanguage,
} from './translations.js';

export type { Language, StringTable, Strings } from './string-table.js';
import type { Language, StringTable } from './string-table.js';

type Host = ReactiveControllerHost & HTMLElement;

/**
 * The language of `element`: its nearest `lang` (its own, an ancestor's through shadow roots, or the
 * page's), as a language the elements speak (English when there are no strings for it). Reads no
 * more of the DOM than a server renderer's element shim has: there, only the element's own `lang`.
 */
export function languageOf(element: Element): Language {
  let node: Element | null = element;
  let lang: string | null = null;
  while (node) {
    if (typeof node.closest !== 'function') {
      lang = typeof node.getAttribute === 'function' ? node.getAttribute('lang') : null;
      break;
    }
    const found: Element | null = node.closest('[lang]');
    if (found) {
      lang = found.getAttribute('lang');
      break;
    }
    // a shadow root has a host, the document has none: that is where the walk ends
    node =
      typeof node.getRootNode === 'function'
        ? ((node.getRootNode() as Partial<ShadowRoot>).host ?? null)
        : null;
  }
  if (lang === null && typeof document !== 'undefined') lang = document.documentElement?.lang ?? null;
  return resolveLanguage(lang);
}

/** `text` with `{name}` placeholders filled from `values`. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * The text of `key` in `table` for `lang`, placeholders left in: a page's override, else the
 * registered or built-in translation, else English (a page's English override first).
 */
export function textOf<K extends string>(table: StringTable<K>, lang: Language, key: K): string {
  return (
    registeredText(lang, table.name, key) ??
    (lang === 'nl' ? table.nl?.[key] : undefined) ??
    englishOverride(table.name, key) ??
    table.en[key] ??
    key
  );
}

/** The string `key` of `table` in `lang`, `{name}` placeholders filled from `values`. */
export function lookup<K extends string>(
  table: StringTable<K>,
  lang: Language,
  key: K,
  values?: Record<string, string | number>,
): string {
  return fill(textOf(table, lang, key), values);
}

const controllers = new Set<LanguageController>();
let observer: MutationObserver | undefined;

let unlisten: (() => void) | undefined;

function watch(controller: LanguageController): void {
  controllers.add(controller);
  // a language downloaded or registered later: every element renders its words again
  unlisten ??= onTranslationsChanged(() => {
    for (const c of controllers) c.refresh();
  });
  if (observer || typeof MutationObserver === 'undefined' || typeof document === 'undefined') return;
  observer = new MutationObserver(() => {
    for (const c of controllers) c.check();
  });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['lang'] });
}

function unwatch(controller: LanguageController): void {
  controllers.delete(controller);
  if (controllers.size === 0) {
    // no element left to tell: the page pays nothing for an observer nobody listens to
    observer?.disconnect();
    observer = undefined;
    unlisten?.();
    unlisten = undefined;
  }
}

export interface LanguageOptions {
  /** Called after the language changed (the host is asked to update as well). */
  changed?(lang: Language): void;
}

export class LanguageController implements ReactiveController {
  #lang?: Language;
  /** `#lang` was read in this run of the page's code (until its microtasks): a render asks once per string. */
  #fresh = false;

  constructor(
    private readonly host: Host,
    private readonly options: LanguageOptions = {},
  ) {
    host.addController(this);
  }

  /**
   * The current language, read afresh once per run of the page's code: a render looks up every string
   * through it (issue 33: a viewer's first frame read it over a thousand times, a `closest()` walk up
   * through shadow roots each, a long task's good part on a phone).
   */
  get lang(): Language {
    if (!this.#fresh) {
      this.#fresh = true;
      queueMicrotask(() => (this.#fresh = false));
      const lang = languageOf(this.host);
      // a shipped language (de, fr, es) is downloaded on first use; English shows until it is here
      if (lang !== this.#lang) ensureLanguage(lang);
      this.#lang = lang;
    }
    return this.#lang!;
  }

  /** The string `key` of `table` in the host's language, `{name}` placeholders filled from `values`. */
  t<K extends string>(table: StringTable<K>, key: K, values?: Record<string, string | number>): string {
    return lookup(table, this.lang, key, values);
  }

  hostConnected(): void {
    watch(this);
    this.check();
  }

  hostDisconnected(): void {
    unwatch(this);
  }

  /** Asks the host to render again: the strings of its language changed. */
  refresh(): void {
    this.check();
    this.host.requestUpdate();
  }

  /** Asks the host to render again when its language is not the one it last rendered with. */
  check(): void {
    const before = this.#lang;
    // read afresh: the element moved, or a `lang` changed, in this very run of the page's code
    this.#fresh = false;
    const now = this.lang;
    if (before !== undefined && before !== now) {
      this.host.requestUpdate();
      this.options.changed?.(now);
    }
  }
}
