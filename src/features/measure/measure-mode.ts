/**
 * The measure mode `<room-viewer>` and `<room-plan>` share: the points picked (a click, not a drag:
 * ClickTracker), Esc (clears the points, then leaves the mode), the toggle, the words and the distance
 * as text. Each element finds its own points (a ray in 3D, the plan's coordinates) and draws them.
 */
import { html, nothing, svg, type ReactiveControllerHost } from 'lit';
import { formatLength, parseUnits } from '../../model/units.js';
import { ClickTracker } from '../selection/component-selection.js';
import { lookup, type Language } from '../../internal/language.js';
import { MEASURE_STRINGS, type MeasureStringKey } from './measure.strings.js';

/** The measure buttons' icon (a ruler); decorative (each button is named). */
const RULER = svg`<svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
  <path d="M2 16 16 2l6 6L8 22z M6 12l2 2 M9 9l3 3 M12 6l2 2" fill="none" stroke="currentColor" stroke-width="1.6" />
</svg>`;

export interface MeasureHost extends ReactiveControllerHost, HTMLElement {
  measure: boolean;
  units: string;
}

export class MeasureMode<P> {
  /** The points picked: none, the first, or both. */
  points: P[] = [];
  readonly #clicks = new ClickTracker();

  constructor(
    private readonly host: MeasureHost,
    private readonly lang: () => Language,
  ) {
    host.addEventListener('pointerdown', (e) => host.measure && this.#clicks.down(e));
    host.addEventListener('pointermove', (e) => host.measure && this.#clicks.move(e));
    host.addEventListener('pointercancel', (e) => this.#clicks.cancel(e));
    host.addEventListener('keydown', this.#onKey);
  }

  /** This pointer up ends a click (not a drag of the view) in measure mode. */
  clicked(event: PointerEvent): boolean {
    return this.host.measure && this.#clicks.up(event);
  }

  /** Adds a picked point; returns both when it is the second (a third click starts again). */
  place(point: P): [P, P] | undefined {
    this.points = this.points.length === 1 ? [this.points[0]!, point] : [point];
    this.host.requestUpdate();
    return this.points.length === 2 ? (this.points as [P, P]) : undefined;
  }

  clear(): void {
    if (!this.points.length) return;
    this.points = [];
    this.host.requestUpdate();
  }

  /** A distance (cm) as shown: the host's units and language. */
  format(distance: number): string {
    return formatLength(distance, parseUnits(this.host.units), this.lang());
  }

  t(key: MeasureStringKey, values?: Record<string, string>): string {
    return lookup(MEASURE_STRINGS, this.lang(), key, values);
  }

  /** What to do next, or the distance once measured (`distance` in cm). */
  hint(distance: number | undefined): string {
    if (distance !== undefined) return this.t('measured', { distance: this.format(distance) });
    return this.t(this.points.length ? 'measureNext' : 'measureHint');
  }

  /** The live region saying what to do next (`part="measure-hint"`). */
  renderHint(distance: number | undefined) {
    return html`<div part="measure-hint" class="measure-hint" role="status">${this.hint(distance)}</div>`;
  }

  /**
   * The button that turns the mode on and off: `part` as the element names it, with the word beside
   * the icon (`withText`) or the icon alone (then the button is named by its aria-label).
   */
  renderToggle(part: string, withText: boolean) {
    const name = this.t('measureOn');
    return html`<button
      type="button"
      part=${part}
      class="measure-toggle"
      aria-pressed=${this.host.measure ? 'true' : 'false'}
      aria-label=${withText ? nothing : name}
      title=${name}
      @click=${this.#toggle}
    >
      ${RULER} ${withText ? this.t('measure') : nothing}
    </button>`;
  }

  #toggle = (): void => {
    this.host.measure = !this.host.measure;
  };

  #onKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape' || !this.host.measure) return;
    event.preventDefault();
    if (this.points.length) this.clear();
    else this.host.measure = false;
  };
}
