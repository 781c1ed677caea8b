/**
 * Which augmented-reality modes a page's browser offers, detected by feature as model-viewer does
 * (src/features/ar.ts there), all in this one module so a test can steer it through the platform alone:
 * - `webxr`: `navigator.xr.isSessionSupported('immersive-ar')` (Chrome on Android with ARCore);
 * - `scene-viewer`: an Android browser that hands `intent://` URLs to apps (not Firefox, which does
 *   not, nor a headset's browser);
 * - `quick-look`: `<a rel="ar">` is supported (`relList.supports('ar')`: Safari on iPhone and iPad).
 * The page's `ar-modes` says which it allows and in what order; the first one available is used.
 */

import { DEFAULT_AR_MODES } from './ar-default.js';

export { DEFAULT_AR_MODES };

export type ArMode = 'webxr' | 'scene-viewer' | 'quick-look';

const KNOWN: readonly ArMode[] = ['webxr', 'scene-viewer', 'quick-look'];

/** The modes `ar-modes` names, known ones only, each once, in its order. */
export function parseArModes(value: string | null | undefined): ArMode[] {
  const words = (value ?? DEFAULT_AR_MODES).toLowerCase().split(/\s+/);
  return [...new Set(words.filter((w): w is ArMode => (KNOWN as readonly string[]).includes(w)))];
}

/** An Android browser that opens `intent://` URLs in an app (Scene Viewer). */
export function sceneViewerCandidate(userAgent = navigator.userAgent): boolean {
  return /android/i.test(userAgent) && !/firefox/i.test(userAgent) && !/OculusBrowser/.test(userAgent);
}

/** Safari's AR Quick Look: `<a rel="ar">` is a link type this browser knows. */
export function quickLookCandidate(): boolean {
  const anchor = document.createElement('a');
  return !!anchor.relList?.supports?.('ar');
}

/** The page's own WebXR `immersive-ar` session (false where WebXR is absent or says no, or throws). */
export async function webxrCandidate(): Promise<boolean> {
  const xr = (navigator as Navigator & { xr?: { isSessionSupported(mode: string): Promise<boolean> } }).xr;
  if (!xr?.isSessionSupported) return false;
  try {
    return await xr.isSessionSupported('immersive-ar');
  } catch {
    return false;
  }
}

/** The first of `wanted` this browser offers, or undefined. */
export async function availableArMode(wanted: readonly ArMode[]): Promise<ArMode | undefined> {
  for (const mode of wanted) {
    if (mode === 'webxr' && (await webxrCandidate())) return mode;
    if (mode === 'scene-viewer' && sceneViewerCandidate()) return mode;
    if (mode === 'quick-look' && quickLookCandidate()) return mode;
  }
  return undefined;
}
