/**
 * The one error panel with its looks, as one lazy chunk (./panel-later.ts): what an element that does
 * not carry the panel with its first result (`<room-viewer>`, issue 33) downloads on the way to an error.
 */
export { renderErrorPanel } from './error-panel.js';
export { errorPanelStyles } from './error-panel.styles.js';
