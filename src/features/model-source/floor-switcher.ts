/**
 * The floor switcher of an FML plan with more than one floor (`<room-viewer>`, `<room-plan>`): a module of
 * its own (fml-floors.ts keeps the picking), so that a room's first frame, which has no floors to switch,
 * does without it (issue 33, the fifteenth round); the viewer fetches it with a plan of floors.
 */
import { html, nothing } from 'lit';
import type { FmlPlan } from '../../model/fml/types.js';

/** The floor's name as the switcher shows it (a floor with no name gets its level). */
export function floorName(plan: FmlPlan, index: number, fallback: (n: number) => string): string {
  const floor = plan.floors[index];
  const name = floor?.name?.trim().slice(0, 80);
  return name || fallback(floor?.level ?? index);
}

/** The arrow keys belong to the switcher, not to the view's camera or pan keys around it. */
const stopKeys = (event: KeyboardEvent) => event.stopPropagation();

/**
 * The switcher: one option per floor (in the document's order) and, when `all` is given, an option
 * for every floor at once (value -1). Nothing when the plan has one floor.
 */
export function floorSwitcher(options: {
  plan: FmlPlan | undefined;
  selected: number;
  label: string;
  all?: string;
  fallback: (level: number) => string;
  onChange: (index: number) => void;
}) {
  const { plan, selected, label, all, fallback, onChange } = options;
  if (!plan || plan.floors.length < 2) return nothing;
  const floors = plan.floors.slice(0, 200);
  return html`<select
    part="floor-switcher"
    aria-label=${label}
    title=${label}
    @change=${(event: Event) => onChange(Number((event.target as HTMLSelectElement).value))}
    @keydown=${stopKeys}
  >
    ${floors.map(
      (_, i) => html`<option value=${i} ?selected=${i === selected}>${floorName(plan, i, fallback)}</option>`,
    )}
    ${all ? html`<option value="-1" ?selected=${selected === -1}>${all}</option>` : nothing}
  </select>`;
}
