/**
 * `ar-status` (`<room-viewer ar>`; bubbles, composed): where the visitor's augmented-reality view is, as
 * model-viewer's event of the same name. `session-started`: the room was handed to AR (the page's own
 * WebXR session began, or Scene Viewer / Quick Look was opened with the exported file);
 * `object-placed`: in the page's WebXR session, the arrangement stands on the floor (placed, or moved);
 * `not-presenting`: the WebXR session ended and the view is back; `failed`: AR could not start or
 * went wrong, with `reason` in words (the element stays usable: the visitor can try again).
 */
export interface ArStatusDetail {
  status: 'not-presenting' | 'session-started' | 'object-placed' | 'failed';
  /** The AR mode concerned: `webxr`, `scene-viewer` or `quick-look`. */
  mode?: 'webxr' | 'scene-viewer' | 'quick-look';
  /** `failed`: what went wrong, in plain English words (the visible message follows the element's language). */
  reason?: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'ar-status': CustomEvent<ArStatusDetail>;
  }
}
