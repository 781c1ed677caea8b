/**
 * The style sheet every element starts from (adopted before its own sheet, which overrides):
 * the host box, `[hidden]` that always hides (a `display` rule on :host must not undo it), one focus
 * ring, and text for screen readers only. The loading pill, error overlay and retry button are in
 * ./status-styles.ts: a module of their own, because a tagged `css` literal is never tree-shaken and
 * the gallery, which draws its own, would download them with every page.
 * Elements map their public custom properties (`--room-viewer-focus-ring`...) onto the shared ones
 * (`--room-focus-ring`...) in their own :host rule, so a page can theme one element or all of them.
 * Constructed sheets only: nothing here needs `style-src 'unsafe-inline'`.
 */
import { css } from 'lit';

export const hostStyles = css`
  :host {
    display: block;
    position: relative;
    box-sizing: border-box;
    contain: content;
  }
  :host([hidden]),
  [hidden] {
    display: none !important;
  }
  :host(:focus-visible),
  :focus-visible {
    outline: var(--room-focus-ring, 2px solid #2563eb);
    outline-offset: var(--room-focus-ring-offset, 2px);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }
`;
