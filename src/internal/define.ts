/**
 * Guarded registration: a second copy of room-elements on the same page (two bundles, two versions)
 * must not throw "this name has already been used", so the second definition warns and does nothing.
 * Safe to import without a DOM (server-side rendering): it does nothing there.
 */
export function defineElement(tag: string, ctor: CustomElementConstructor): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(tag);
  if (existing) {
    if (existing !== ctor) {
      console.warn(`room-elements: <${tag}> is already defined on this page; this copy was not registered.`);
    }
    return;
  }
  customElements.define(tag, ctor);
}
