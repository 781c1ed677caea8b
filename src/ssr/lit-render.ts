/**
 * Lit's server renderer behind one function: a template to its HTML string (declarative shadow DOM
 * for the elements in it, Lit's hydration markers included). @lit-labs/ssr's render path uses no Node
 * built-in (its Node stream helpers are not imported here), so this runs on an edge runtime too.
 */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import type { TemplateResult } from 'lit';

export function renderToString(value: TemplateResult | unknown): Promise<string> {
  return collectResult(render(value));
}
