import { css } from 'lit';
import { errorPanelStyles } from '../../features/error-panel/error-panel.styles.js';
import { hostStyles } from '../../internal/shared-styles.js';

/**
 * The tour's look: the panorama over the 3D view it flies through (the 3D view is only seen during a
 * move, then cross-faded out), link markers in the panorama, the warning line and the error panel.
 */
const tourStyles = css`
  :host {
    position: relative;
    overflow: hidden;
    aspect-ratio: 16 / 9;
    min-height: 160px;
    border-radius: var(--room-tour-radius, 0);
    background: var(--room-tour-background, light-dark(#e4e6ea, #1f2328));
    color: var(--room-tour-color, light-dark(#1d1f23, #fff));
    font: var(--room-tour-font, 14px/1.4 system-ui, sans-serif);
  }
  .stage,
  .stage > * {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    min-height: 0;
    aspect-ratio: auto;
  }
  /* the 3D view under the panorama; on top while a move flies, then faded out */
  .move {
    z-index: 0;
    pointer-events: none;
  }
  /* the 3D view is only a picture in the tour: none of its own controls or notices */
  .move::part(fullscreen-button),
  .move::part(measure-button),
  .move::part(measure-hint),
  .move::part(hint),
  .move::part(floor-switcher),
  .move::part(status),
  .move::part(progress-bar),
  .move::part(warning),
  .move::part(reveal-button),
  .move::part(add-look),
  .move::part(description) {
    display: none;
  }
  .panorama {
    z-index: 1;
    opacity: 1;
    transition: opacity var(--room-tour-fade, 350ms) ease;
  }
  :host([moving]) .panorama {
    opacity: 0;
    transition: none;
  }
  .link {
    all: unset;
    box-sizing: border-box;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    border: 3px solid #fff;
    background: var(--room-tour-link, rgb(31 95 191 / 0.75));
    box-shadow: 0 1px 6px rgb(0 0 0 / 0.45);
    cursor: pointer;
  }
  .link:hover {
    background: var(--room-tour-link-hover, rgb(31 95 191 / 0.95));
  }
  .link:focus-visible {
    outline: 3px solid var(--room-tour-focus, #ffbf47);
    outline-offset: 2px;
  }
  [part~='warning'] {
    position: absolute;
    z-index: 3;
    left: 8px;
    right: 8px;
    bottom: 8px;
    margin: 0;
    padding: 6px 10px;
    border-radius: 6px;
    background: var(--room-tour-warning-background, rgb(255 244 214 / 0.95));
    color: var(--room-tour-warning-color, #4a3800);
  }
  [part~='status'] {
    position: absolute;
    z-index: 2;
    top: 8px;
    left: 8px;
    margin: 0;
    padding: 4px 10px;
    border-radius: 6px;
    background: rgb(0 0 0 / 0.55);
    color: #fff;
  }
  .error-panel {
    position: absolute;
    z-index: 4;
    inset: 0;
  }
`;

export const styles = [hostStyles, errorPanelStyles, tourStyles];
