/**
 * The rule of the viewer's methods that work on the room on screen (`toBlob()`, `toPanorama()`,
 * `exportLook()`): the view's context while a room is shown, else a DOMException `InvalidStateError`
 * that names the method. Written once so the three reject alike.
 */
import type { ViewerContext } from '../base.js';

/** What a method sees of the viewer: the context while `state` is `loaded`, else undefined. */
export function loadedContext(
  state: string | null,
  context: ViewerContext | undefined,
): ViewerContext | undefined {
  return state === 'loaded' ? context : undefined;
}

/** `context`, or the method's InvalidStateError when no room is shown. */
export function roomOnScreen(context: ViewerContext | undefined, method: string): ViewerContext {
  if (!context)
    throw new DOMException(
      `${method}: no room is shown (the viewer is idle, loading or failed)`,
      'InvalidStateError',
    );
  return context;
}
