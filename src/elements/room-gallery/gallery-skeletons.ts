/**
 * The grey cards shown while the first page loads: in the gallery's own bundle (the built-in card,
 * gallery-card.ts, comes in a lazy chunk beside the first rooms).
 */
import { html, type TemplateResult } from 'lit';

/** Grey cards with the same box as real ones while the first page loads. */
export function renderSkeletons(count: number): TemplateResult[] {
  return Array.from(
    { length: count },
    () =>
      html`<li class="item skeleton" aria-hidden="true">
        <span class="card"
          ><span class="image placeholder"></span><span class="name"></span><span class="meta"></span
        ></span>
      </li>`,
  );
}
