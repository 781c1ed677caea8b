/**
 * The look every control over a room shares, in the viewer and the plan: the "add the whole look"
 * button, the full-screen, measure and AR buttons, the plan's zoom buttons, the floor switcher and the
 * swap panel. One rule names them all, so the colours, border and font are written once and each
 * control's own rule says only where it sits and what differs (a round AR button, the swap panel's
 * corners). Each element maps its public colours onto `--room-control-color`, `--room-control-background`
 * and `--room-control-border` in its :host rule.
 *
 * A rule over a list of selectors, not a `css` piece put into each control's rule: the CDN build
 * minifies only `css` literals without expressions (scripts/cdn/literals.ts), so an interpolated piece
 * would ship every sheet it went into as written. Adopted in the element's first sheet, before the
 * controls' own rules (and before the lazy parts' sheets, added later), so theirs override it.
 * Constructed sheets only: nothing here needs `style-src 'unsafe-inline'`.
 */
import { css } from 'lit';

export const controlStyles = css`
  [part~='control'],
  [part~='add-look'],
  [part~='measure-button'],
  [part='floor-switcher'],
  .fullscreen-button,
  .ar-button,
  .swap {
    font: inherit;
    color: var(--room-control-color, #1a1a1a);
    background: var(--room-control-background, #fff);
    border: 1px solid var(--room-control-border, #8a8a8a);
    border-radius: 0.25rem;
  }
  [part~='control'],
  [part~='add-look'],
  [part~='measure-button'],
  .fullscreen-button,
  .ar-button {
    cursor: pointer;
  }
`;

/** The floor switcher of the viewer and the plan: a real <select> in the top corner. */
export const floorSwitcherStyles = css`
  [part='floor-switcher'] {
    position: absolute;
    inset-block-start: 0.5rem;
    inset-inline-start: 0.5rem;
    z-index: 1;
    font-size: 0.9rem;
    padding: 0.2rem 0.4rem;
  }
`;
