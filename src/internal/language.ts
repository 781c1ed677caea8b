/**
 * Language following: the element's own `lang`, else its nearest ancestor's (crossing shadow roots),
 * else `<html lang>`. One MutationObserver per page watches every `lang` attribute in the document and
 * asks each connected element whose language changed to render again, so a page that switches
 * `<html lang="nl">` sees every element switch (in the manner of Shoelace's localize controller).
 * Languages inside another shadow root are read, but only changes in the document itself are watched.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type Language = 'en' | 'nl';

/** A string table per language; `nl` may be partial or loaded later (English fills the gaps). */
export type Strings<K extends string> = Record<Language, Record<K, string>>;
export interface StringTable<K extends string> {
  en: Record<K, string>;
  nl?: Partial<Record<K, string>>;
}

type Host = ReactiveControllerHost & HTMLElement;

/** The nearest `lang` of `element`, its ancestors (through shadow roots) or the page, as en / nl. */
export function languageOf(element: Element): Language {
  let node: Element | null = element;
  let lang: string | null = null;
  while (node) {
    const found: Element | null = node.closest('[lang]');
    if (found) {
      lang = found.getAttribute('lang');
      break;
    }
    // a shadow root has a host, the document has none: that is where the walk ends
    node = (node.getRootNode() as Partial<ShadowRoot>).host ?? null;
  }
  if (lang === null && typeof document !== 'undefined') lang = document.documentElement.lang;
  return (lang ?? '').trim().toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

/** `text` with `{name}` placeholders filled from `values`. */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The string `key` of `table` in `lang` (English when the language lacks it), placeholders filled. */
export function lookup<K extends string>(
  table: StringTable<K>,
  lang: Language,
  key: K,
  values?: Record<string, string | number>,
): string {
  return fill((lang === 'nl' ? table.nl?.[key] : undefined) ?? table.en[key] ?? key, values);
}

const controllers = new Set<LanguageController>();
let observer: MutationObserver | undefined;

function watch(controller: LanguageController): void {
  controllers.add(controller);
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
  }
}

export interface LanguageOptions {
  /** Called after the language changed (the host is asked to update as well). */
  changed?(lang: Language): void;
}

export class LanguageController implements ReactiveController {
  #lang?: Language;

  constructor(
    private readonly host: Host,
    private readonly options: LanguageOptions = {},
  ) {
    host.addController(this);
  }

  /** The current language, read afresh (cheap: a `closest()` or two). */
  get lang(): Language {
    return (this.#lang = languageOf(this.host));
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

  /** Asks the host to render again when its language is not the one it last rendered with. */
  check(): void {
    const before = this.#lang;
    const now = this.lang;
    if (before !== undefined && before !== now) {
      this.host.requestUpdate();
      this.options.changed?.(now);
    }
  }
}
