/**
 * The element's words as photo-sphere-viewer gets them: always as text, never as markup (issue 34).
 *
 * PSV writes most of its strings with innerHTML (the loading text, the loader's caption, the overlays'
 * titles for "use ctrl + scroll" / "use two fingers" / load and WebGL errors, the collapsed-buttons
 * menu), so a page's `overrideStrings()` with `<img src=x onerror=…>` ran script there. Those strings
 * are handed over HTML-escaped. The others PSV only ever puts in a `title` property (the navbar
 * buttons' tooltips): escaped they would show `&lt;` to the visitor, so they go as they are, and the
 * one place PSV copies a button's title into markup (the menu of collapsed buttons) reads it through
 * textOnlyMenuTitle() below. Every key of ViewerTexts must be listed in SINKS: adding a text forces
 * the choice.
 */

/** The texts PSV shows itself (navbar titles, hints), in the element's language. */
export interface ViewerTexts {
  zoom: string;
  zoomIn: string;
  zoomOut: string;
  fullscreen: string;
  autorotate: string;
  loading: string;
  ctrlZoom: string;
  twoFingers: string;
  loadError: string;
  webglError: string;
}

/** Where PSV puts each text: `markup` (innerHTML: escaped) or `title` (a title property: text already). */
const SINKS: Record<keyof ViewerTexts, 'markup' | 'title'> = {
  zoom: 'title',
  zoomIn: 'title',
  zoomOut: 'title',
  fullscreen: 'title',
  autorotate: 'title',
  loading: 'markup',
  ctrlZoom: 'markup',
  twoFingers: 'markup',
  loadError: 'markup',
  webglError: 'markup',
};

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `text` as HTML that shows exactly that text. */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** PSV's `lang` option from the element's texts: each in the form its sink shows as text. */
export function psvLang(texts: ViewerTexts): Record<keyof ViewerTexts, string> {
  const lang = {} as Record<keyof ViewerTexts, string>;
  for (const key of Object.keys(SINKS) as (keyof ViewerTexts)[])
    lang[key] = SINKS[key] === 'markup' ? escapeHtml(texts[key]) : String(texts[key]);
  return lang;
}

/**
 * A navbar button whose `title` PSV's menu of collapsed buttons writes as markup: the button keeps its
 * tooltip as text (the `title` property) and the menu gets the same words escaped.
 */
export function textOnlyMenuTitle(button: { container: HTMLElement } | undefined): void {
  if (!button) return;
  Object.defineProperty(button, 'title', {
    configurable: true,
    get: () => escapeHtml(button.container.title),
  });
}
