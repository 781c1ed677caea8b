import { supportsAdoptingStyleSheets, type CSSResult, type ReactiveElement } from 'lit';

/** The `<style>` fallbacks already added to a shadow root, so that adding the same styles twice adds them once. */
const added = new WeakMap<ShadowRoot, Set<CSSResult>>();

/**
 * Adds `styles` after the element's own, for code that arrives after the element rendered (a lazily loaded
 * feature, the error panel's chunk; Lit's adoptStyles would replace the element's own): an adopted sheet,
 * or a `<style>` with the page's Lit nonce where the browser cannot adopt sheets. Once per root and styles.
 */
export function addStyles(element: ReactiveElement, styles: CSSResult): void {
  const root = element.renderRoot;
  if (!(root instanceof ShadowRoot)) return;
  const sheet = supportsAdoptingStyleSheets ? styles.styleSheet : undefined;
  if (sheet) {
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const done = added.get(root) ?? new Set<CSSResult>();
  if (done.has(styles)) return;
  added.set(root, done.add(styles));
  const style = document.createElement('style');
  const nonce = (globalThis as { litNonce?: string }).litNonce;
  if (nonce !== undefined) style.setAttribute('nonce', nonce);
  style.textContent = styles.cssText;
  root.appendChild(style);
}
