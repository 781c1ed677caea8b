/**
 * `<room-viewer>`'s measuring overlay (features/measure.ts): the line, its end points and the distance
 * label over the canvas, and where they go on screen. Loaded as `measure` mode first starts.
 */
import { html, nothing, svg, type TemplateResult } from 'lit';

/** The overlay once a first point is placed; `label`: the distance as shown, once both are. */
export function measureOverlay(both: boolean, label: string | undefined): TemplateResult {
  return html`<div part="measure" class="measure" aria-hidden="true">
    <svg class="measure-lines">
      ${both ? svg`<line class="halo"></line><line></line>` : nothing}
      <circle class="from" r="4"></circle>
      ${both ? svg`<circle class="to" r="4"></circle>` : nothing}
    </svg>
    ${label === undefined ? nothing : html`<span part="measure-label" class="measure-label"><bdi>${label}</bdi></span>`}
  </div>`;
}

/**
 * Moves the overlay's line, dots and label to the points' places on screen (CSS pixels over the
 * canvas); hidden while one of them is not on screen (undefined: behind the camera).
 */
export function placeOverlay(overlay: HTMLElement, screen: ({ x: number; y: number } | undefined)[]): void {
  const ok = screen.every(Boolean);
  overlay.style.visibility = ok ? 'visible' : 'hidden';
  if (!ok || !screen.length) return;
  const [a, b = a] = screen as { x: number; y: number }[];
  const set = (selector: string, attributes: Record<string, number>) => {
    for (const node of overlay.querySelectorAll(selector))
      for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value.toFixed(1));
  };
  set('line', { x1: a!.x, y1: a!.y, x2: b!.x, y2: b!.y });
  set('circle.from', { cx: a!.x, cy: a!.y });
  set('circle.to', { cx: b!.x, cy: b!.y });
  const label = overlay.querySelector<HTMLElement>('[part~="measure-label"]');
  if (label) label.style.transform = `translate(${(a!.x + b!.x) / 2}px, ${(a!.y + b!.y) / 2}px)`;
}
