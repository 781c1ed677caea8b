/**
 * Asking for the page's `immersive-ar` session, kept apart from the placement (webxr-placement.ts, a lazy
 * chunk with three.js): the browser grants a session only within the visitor's tap, so the request is
 * made at once, while the placement's code and the exported file are on their way.
 */

/** The session as this feature uses it (the DOM's WebXR types are not in our lib). */
export interface XrSession extends EventTarget {
  end(): Promise<void>;
  requestReferenceSpace(type: string): Promise<unknown>;
  requestHitTestSource?(options: { space: unknown }): Promise<{ cancel(): void }>;
}

/** Hit test required; a DOM overlay holding `overlay` (the page's add-to-cart control) and a floor-levelled space when offered. */
export async function requestArSession(overlay: HTMLElement | undefined): Promise<XrSession> {
  const xr = (
    navigator as Navigator & { xr?: { requestSession(mode: string, init: unknown): Promise<unknown> } }
  ).xr;
  if (!xr) throw new Error('this browser has no WebXR');
  return (await xr.requestSession('immersive-ar', {
    requiredFeatures: ['hit-test'],
    optionalFeatures: ['local-floor', ...(overlay ? ['dom-overlay'] : [])],
    ...(overlay ? { domOverlay: { root: overlay } } : {}),
  })) as XrSession;
}
