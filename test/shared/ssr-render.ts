/**
 * Server rendering as a framework's server would do it: each element's module imported in Node and a
 * template rendered to a string with @lit-labs/ssr (declarative shadow DOM). Used by the node SSR test
 * and, through the test runner's `/__ssr` route, by the browser hydration test.
 */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';

export const TAGS = ['room-gallery', 'room-panorama', 'room-viewer', 'room-plan', 'project-export-button'] as const;
export type Tag = (typeof TAGS)[number];

let loaded: Promise<unknown> | undefined;
/** Every element's module, once (each registers its tag with the server's custom element registry). */
export function loadElements(): Promise<unknown> {
  return (loaded ??= Promise.all(TAGS.map((tag) => import(`../../src/elements/${tag}/${tag}.ts`))));
}

const ATTRIBUTE = /^[a-z][a-z0-9-]*$/;

/** `<tag attrs…></tag>` rendered on the server, shadow roots and Lit's hydration markers included. */
export async function renderElement(tag: Tag, attributes: Record<string, string> = {}): Promise<string> {
  await loadElements();
  if (!TAGS.includes(tag)) throw new Error(`not an element: ${tag}`);
  const attrs = Object.entries(attributes)
    .filter(([name]) => ATTRIBUTE.test(name))
    .map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`)
    .join('');
  // a static tag name with checked attributes: the template is what a page's server would write
  return collectResult(render(html`${unsafeHTML(`<${tag}${attrs}></${tag}>`)}`));
}
