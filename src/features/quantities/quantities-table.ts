/**
 * The quantities table (`part="quantities"`) of `<room-plan show-quantities>`: per area its floor area,
 * net wall area, perimeter and skirting, and the totals, in the element's units and language, as a
 * real `<table>` (a screen reader reads it as one) that prints below the plan.
 */
import { QUANTITIES_STRINGS, type QuantitiesKey } from './quantities.strings.js';
import { css, html, nothing, type TemplateResult } from 'lit';
import type { RoomQuantities } from '../../model/quantities.js';
import { formatArea, formatLength, type Units } from '../../model/units.js';

export { QUANTITIES_STRINGS, type QuantitiesKey };

type Words = (key: QuantitiesKey, values?: Record<string, string | number>) => string;

export function quantitiesTable(
  quantities: RoomQuantities,
  units: Units,
  lang: string,
  words: Words,
): TemplateResult {
  // quantities are in m and m², the formatters take the model's cm and cm²
  const area = (m2: number) => formatArea(m2 * 10_000, units, lang);
  const length = (m: number) => formatLength(m * 100, units, lang);
  const { totals } = quantities;
  // focusable: a table taller than its box scrolls, and the keyboard must be able to scroll it
  return html`<div
    part="quantities"
    class="quantities"
    role="group"
    tabindex="0"
    aria-label=${words('quantities')}
  >
    <table>
      <caption>
        ${words('quantities')}
      </caption>
      <thead>
        <tr>
          <th scope="col">${words('area')}</th>
          <th scope="col">${words('floorArea')}</th>
          <th scope="col">${words('wallArea')}</th>
          <th scope="col">${words('perimeter')}</th>
          <th scope="col">${words('skirting')}</th>
        </tr>
      </thead>
      <tbody>
        ${quantities.areas.map((a, i) => {
          const name = a.label?.trim() || words('unnamedArea', { n: i + 1 });
          return html`<tr class=${a.nested ? 'nested' : nothing} data-area=${a.name}>
            <th scope="row">${a.nested ? words('inside', { name }) : name}</th>
            <td>${area(a.floorArea)}</td>
            <td>${area(a.wallArea)}</td>
            <td>${length(a.perimeter)}</td>
            <td>${length(a.skirting)}</td>
          </tr>`;
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">${words('total')}</th>
          <td>${area(totals.floorArea)}</td>
          <td>${area(totals.wallArea)}</td>
          <td>${length(totals.perimeter)}</td>
          <td>${length(totals.skirting)}</td>
        </tr>
      </tfoot>
    </table>
  </div>`;
}

export const quantitiesStyles = css`
  :host([show-quantities]) [part='base'] {
    display: flex;
    flex-direction: column;
  }
  :host([show-quantities]) [part='viewport'] {
    flex: 1 1 auto;
    min-block-size: 0;
    block-size: auto;
  }
  [part~='quantities'] {
    flex: 0 1 auto;
    max-block-size: 50%;
    overflow: auto;
    border-block-start: 1px solid var(--room-plan-area-outline, #b9ad96);
    font-size: 0.85em;
  }
  [part~='quantities'] table {
    inline-size: 100%;
    border-collapse: collapse;
  }
  [part~='quantities'] caption {
    text-align: start;
    font-weight: 600;
    padding: 0.3em 0.5em;
  }
  [part~='quantities'] th,
  [part~='quantities'] td {
    padding: 0.15em 0.5em;
    text-align: end;
    white-space: nowrap;
    font-variant-numeric: tabular-nums;
  }
  [part~='quantities'] th[scope='row'],
  [part~='quantities'] thead th:first-child {
    text-align: start;
    font-weight: normal;
    white-space: normal;
  }
  [part~='quantities'] tr.nested th {
    padding-inline-start: 1.5em;
  }
  [part~='quantities'] tfoot th,
  [part~='quantities'] tfoot td {
    font-weight: 600;
    border-block-start: 1px solid currentColor;
  }
  @media print {
    :host([show-quantities]) [part='base'] {
      display: block;
    }
    [part~='quantities'] {
      max-block-size: none;
      overflow: visible;
      break-inside: avoid;
      font-size: 10pt;
    }
  }
`;
