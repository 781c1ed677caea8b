/**
 * The room described in words, for visitors who cannot see the canvas or the plan: its areas with
 * their floor area, one button (`part="component"`, `aria-pressed` when selected) per piece of
 * furniture, and what is selected (a polite live region). Shared by `<room-viewer>` and `<room-plan>`.
 *
 * Visually hidden unless the page shows it through `::part(description)`; while focus is inside it
 * shows as a panel, so a keyboard user sees where focus is. The buttons are ONE stop in the Tab order
 * (a roving tabindex: arrow keys, Home and End move between them), so Tab goes past the list in one
 * step instead of walking through every chair.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AreaGeometry, ModelComponent, Vec2 } from '../../model/types.js';
import { pointInRing } from '../../model/polygon.js';
import { formatArea, formatLength, type Units } from '../../model/units.js';
import type { DescriptionKey } from './room-description.strings.js';

/** At most this many buttons: a hostile model with 100 000 pieces must not freeze the page. */
export const MAX_LISTED = 2_000;

type Words = (key: DescriptionKey, values?: Record<string, string | number>) => string;

export interface DescriptionOptions {
  lang: string;
  units: Units;
  areas: readonly AreaGeometry[];
  /** The selectable pieces, in the model's order. */
  components: readonly ModelComponent[];
  selected: ReadonlySet<string>;
  words: Words;
  onComponent(component: ModelComponent, event: MouseEvent): void;
  /**
   * When given (the `cart` attribute), each piece with a product hash (`componentId`) gets an "add to
   * cart" button (`part="add-to-cart"`) after its own, which calls it.
   */
  onAddToCart?(component: ModelComponent): void;
  /** When given, each area is a button (`part="area-button"`) that calls it. */
  onArea?(area: AreaGeometry): void;
  // surfaces (issue 37)
  /** The room's surfaces, each a button (`part="surface"`) calling `onSurface` (both given or neither). */
  surfaces?: readonly DescribedSurface[];
  onSurface?(surface: string, event: MouseEvent): void;
}

/** A surface listed in the description: a wall's face (the wall's number, its side) or an area's floor or ceiling. */
export type DescribedSurface =
  | { surface: string; wall: number; side: 'left' | 'right' }
  | { surface: string; area: number; face: 'floor' | 'ceiling' };

interface Names {
  key: string;
  /** Short name per component id ("Piece 3 in Living room"). */
  short: Map<string, string>;
  /** With its size, for the button. */
  long: Map<string, string>;
}

const cache = new WeakMap<readonly ModelComponent[], Names>();

/** The area's name as shown: its own label, else "Area n". */
export function areaName(area: AreaGeometry, index: number, words: Words): string {
  return area.label?.trim() || words('unnamedArea', { n: index + 1 });
}

/** The innermost area holding the point, if any. */
function areaAt(areas: readonly AreaGeometry[], point: Vec2): number {
  let found = -1;
  areas.forEach((area, i) => {
    if ((found < 0 || area.depth > areas[found]!.depth) && pointInRing(point, area.polygon)) found = i;
  });
  return found;
}

/** Names of the pieces (worked out once per component list, language and units). */
function namesOf(options: DescriptionOptions): Names {
  const { components, areas, words, units, lang } = options;
  const key = `${lang}|${units}|${areas.length}`;
  const cached = cache.get(components);
  if (cached && cached.key === key) return cached;
  const short = new Map<string, string>();
  const long = new Map<string, string>();
  const length = (cm: number) => formatLength(cm, units, lang);
  components.slice(0, MAX_LISTED).forEach((c, i) => {
    const own = c.category && c.category !== 'symbol' ? c.category : words('piece', { n: i + 1 });
    const at = areaAt(areas, [c.position[0], c.position[1]]);
    const name = at >= 0 ? words('pieceIn', { name: own, area: areaName(areas[at]!, at, words) }) : own;
    const [min, max] = c.boundingBox;
    const size = words('size', {
      width: length(Math.abs(max[0] - min[0])),
      depth: length(Math.abs(max[1] - min[1])),
      height: length(Math.abs(max[2] - min[2])),
    });
    short.set(c.id, name);
    long.set(c.id, `${name}, ${size}`);
  });
  const names = { key, short, long };
  cache.set(components, names);
  return names;
}

/** Roving focus: arrows, Home and End move between the list's buttons; they stay one Tab stop. */
function onKey(event: KeyboardEvent): void {
  const steps: Record<string, number> = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
  const step = steps[event.key];
  if (step === undefined && event.key !== 'Home' && event.key !== 'End') return;
  const list = event.currentTarget as HTMLElement;
  const buttons = [...list.querySelectorAll<HTMLButtonElement>('button')];
  if (!buttons.length) return;
  const at = buttons.indexOf(event.target as HTMLButtonElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : Math.min(buttons.length - 1, Math.max(0, (at < 0 ? 0 : at) + step!));
  // the element's own keys (orbiting, panning the plan) must not act as well
  event.preventDefault();
  event.stopPropagation();
  buttons[next]!.focus();
}

/** The button focused becomes the list's one Tab stop. */
function onFocusIn(event: FocusEvent): void {
  const target = event.target as HTMLElement;
  if (target.tagName !== 'BUTTON') return;
  const list = event.currentTarget as HTMLElement;
  for (const button of list.querySelectorAll('button')) button.tabIndex = button === target ? 0 : -1;
}

export function roomDescription(options: DescriptionOptions): TemplateResult {
  const { areas, components, selected, words, units, lang, onArea } = options;
  const names = namesOf(options);
  const listed = components.slice(0, MAX_LISTED);
  const chosen = listed.filter((c) => selected.has(c.id)).map((c) => names.short.get(c.id)!);
  let stop = true;
  // the first button is the Tab stop until the visitor moves (onFocusIn)
  const tabIndex = () => (stop ? ((stop = false), 0) : -1);
  // a group, not a landmark: a page with a viewer and a plan of the same room would have two landmarks
  // of the same name (axe landmark-unique)
  return html`<div
    role="group"
    part="description"
    class="room-description visually-hidden"
    aria-label=${words('description')}
    @keydown=${onKey}
    @focusin=${onFocusIn}
  >
    ${
      areas.length
        ? html`<h2>${words('areas', { count: areas.length })}</h2>
            <ul>
              ${areas.map((area, i) => {
                const text = words('area', {
                  name: areaName(area, i, words),
                  area: formatArea(area.area, units, lang),
                });
                return html`<li>
                  ${
                    onArea
                      ? html`<button
                          type="button"
                          part="area-button"
                          tabindex=${tabIndex()}
                          @click=${() => onArea(area)}
                        >
                          ${text}
                        </button>`
                      : text
                  }
                </li>`;
              })}
            </ul>`
        : nothing
    }
    ${
      components.length
        ? html`<h2>${words('furniture', { count: components.length })}</h2>
            <ul>
              ${listed.map(
                (c) =>
                  html`<li>
                    <button
                      type="button"
                      part=${selected.has(c.id) ? 'component selected-component' : 'component'}
                      tabindex=${tabIndex()}
                      aria-pressed=${selected.has(c.id) ? 'true' : 'false'}
                      data-component-id=${c.id}
                      @click=${(event: MouseEvent) => options.onComponent(c, event)}
                    >
                      ${names.long.get(c.id)}
                    </button>
                    ${
                      options.onAddToCart && c.componentId
                        ? html`<button
                            type="button"
                            part="add-to-cart"
                            tabindex="-1"
                            data-component-id=${c.id}
                            aria-label=${words('addToCartOf', { name: names.short.get(c.id)! })}
                            @click=${() => options.onAddToCart!(c)}
                          >
                            ${words('addToCart')}
                          </button>`
                        : nothing
                    }
                  </li>`,
              )}
            </ul>
            ${
              components.length > listed.length
                ? html`<p>${words('more', { count: components.length - listed.length })}</p>`
                : nothing
            }`
        : nothing
    }
    ${options.surfaces?.length && options.onSurface ? surfaceList(options, tabIndex) : nothing}
    <p part="description-selected" aria-live="polite">
      ${chosen.length ? words('selectedSome', { names: chosen.join(', ') }) : words('selectedNone')}
    </p>
  </div>`;
}

/** The surfaces' buttons (issue 37): "Floor: Living room", "Wall 3, left side"… */
function surfaceList(options: DescriptionOptions, tabIndex: () => number): TemplateResult {
  const { areas, words } = options;
  const all = options.surfaces!;
  const listed = all.slice(0, MAX_LISTED);
  const label = (s: DescribedSurface) =>
    'wall' in s
      ? words('wallFace', { n: s.wall + 1, side: words(s.side === 'left' ? 'sideLeft' : 'sideRight') })
      : words(s.face === 'floor' ? 'floorOf' : 'ceilingOf', {
          area: areas[s.area]
            ? areaName(areas[s.area]!, s.area, words)
            : words('unnamedArea', { n: s.area + 1 }),
        });
  return html`<h2>${words('surfaces', { count: all.length })}</h2>
    <ul>
      ${listed.map(
        (s) =>
          html`<li>
            <button
              type="button"
              part="surface"
              tabindex=${tabIndex()}
              data-surface=${s.surface}
              @click=${(event: MouseEvent) => options.onSurface!(s.surface, event)}
            >
              ${label(s)}
            </button>
          </li>`,
      )}
    </ul>`;
}
