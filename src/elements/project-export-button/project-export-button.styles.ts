import { css } from 'lit';
import { errorPanelStyles } from '../../features/error-panel/error-panel.styles.js';
import { hostStyles } from '../../internal/shared-styles.js';

const ownStyles = css`
  :host {
    --_error-color: var(--project-export-button-error-color);
    --_error-background: var(--project-export-button-error-background);
    display: inline-block;
    /* a button in a line of text: no containment, its status and file list may grow */
    contain: none;
    font: inherit;
    color: var(--project-export-button-text, inherit);
  }
  button {
    font: inherit;
    cursor: pointer;
    padding: 0.5em 1.1em;
    border: 1px solid var(--project-export-button-border, transparent);
    border-radius: var(--project-export-button-radius, 0.375em);
    background: var(--project-export-button-background, #1f5fbf);
    color: var(--project-export-button-color, #fff);
    min-height: 2.5em;
  }
  button:hover {
    background: var(--project-export-button-background-hover, #184c99);
  }
  /* the ring sits on the page's background: at least 3:1 against it on light and dark pages */
  button:focus-visible {
    outline: 3px solid var(--project-export-button-focus-ring, light-dark(#a15c00, #ffb74d));
    outline-offset: 2px;
  }
  button[aria-busy='true'] {
    cursor: progress;
    opacity: 0.75;
  }
  .status {
    margin-top: 0.4em;
    color: var(--project-export-button-status-color, inherit);
  }
  /* an empty live region takes no room but stays rendered: one that appears with display would be missed
     by some screen readers. A class, not :empty: the template's whitespace and markers are children, so
     :empty never matched and the idle button carried 0.4em under it that its loader box must not guess */
  .status.empty {
    margin: 0;
  }
  .files {
    margin: 0.3em 0 0;
    padding-left: 1.2em;
  }
  /* links sit on the page's own background: follow its color-scheme (as room-gallery does), so a
     dark page does not get dark-blue links on near-black */
  a {
    color: var(--project-export-button-link-color, light-dark(#1f5fbf, #8ab4f8));
  }
  .file-text {
    overflow-wrap: anywhere;
  }
  [part~='error'] {
    margin-top: 0.4em;
  }
  [part~='error'] ul {
    margin: 0;
    padding-inline-start: 1.2em;
  }
`;

/** The shared host rules (`[hidden]`, focus ring, visually-hidden), then the button's own. */
export const styles = [hostStyles, errorPanelStyles, ownStyles];
