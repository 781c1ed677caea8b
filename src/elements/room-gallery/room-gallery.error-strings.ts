/**
 * The gallery's way to the one error panel (src/features/error-panel/): its template, its words (the
 * shared `errors` table, per kind of failure) and its styles, in a lazy chunk downloaded only on the way
 * to an error (the element waits for it before it shows the error state; if even this cannot be
 * downloaded, the error's own message is shown with the retry button).
 */
export { ERROR_PANEL_STRINGS as ERROR_STRINGS } from '../../features/error-panel/error-panel.strings.js';
export { renderErrorPanel } from '../../features/error-panel/error-panel.js';
export { errorPanelStyles } from '../../features/error-panel/error-panel.styles.js';
