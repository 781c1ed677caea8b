/**
 * `prefers-reduced-motion`, followed live: a Lit controller that holds ONE MediaQueryList from connect
 * to disconnect (the listener is removed from the very object it was added to: a second matchMedia()
 * call returns a new object, and removing from that one would leave the first listening forever) and
 * tells its host when the setting changes. Every automatic motion asks it: the viewer's auto-rotation,
 * the panorama's, and flights (src/three/fly.ts, which reads the setting at the moment a flight starts).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

const QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the page asks for reduced motion right now (false where there is no matchMedia: a server). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia(QUERY).matches;
}

export class ReducedMotionController implements ReactiveController {
  #query?: MediaQueryList;

  constructor(
    host: ReactiveControllerHost,
    /** Called after the setting changed (the host applies it to what moves). */
    private readonly changed: () => void = () => host.requestUpdate(),
  ) {
    host.addController(this);
  }

  /** The page asks for less motion now. */
  get reduced(): boolean {
    return (
      (this.#query ?? (typeof matchMedia === 'function' ? matchMedia(QUERY) : undefined))?.matches ?? false
    );
  }

  hostConnected(): void {
    if (typeof matchMedia !== 'function') return;
    this.#query = matchMedia(QUERY);
    this.#query.addEventListener('change', this.#onChange);
  }

  hostDisconnected(): void {
    this.#query?.removeEventListener('change', this.#onChange);
    this.#query = undefined;
  }

  #onChange = (): void => this.changed();
}
