/**
 * Autorotation: turns the view slowly while `autorotate` is set, pauses while the user takes the view
 * (pointer held, keys, wheel) and resumes AUTOROTATE_RESUME ms after they let go. It stays off under
 * `prefers-reduced-motion` (following a change of that setting at once), unless the user turned it on
 * themselves with the navbar button.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { PanoramaViewer } from '../../panorama/psv-runtime.js';

/** Degrees per second. */
export const AUTOROTATE_SPEED = 6;
/** How long autorotation waits after the user touched the view (ms). */
export const AUTOROTATE_RESUME = 3000;

const motionQuery = () =>
  typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : undefined;

/** The user asked for less motion (no inertia, no autorotation). */
export const reducedMotion = (): boolean => motionQuery()?.matches ?? false;

export interface AutorotateHost extends ReactiveControllerHost {
  autorotate: boolean;
}

export class AutorotationController implements ReactiveController {
  /** Turned on with the navbar button: the user's explicit wish wins over reduced motion. */
  #byUser = false;
  #pointerDown = false;
  #paused?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: AutorotateHost,
    private readonly viewer: () => PanoramaViewer | undefined,
  ) {
    host.addController(this);
  }

  /**
   * The query the listener was added to: each matchMedia() call makes a new MediaQueryList, so removing
   * the listener from a fresh one removed nothing and kept every removed panorama alive (issue 22).
   */
  #query?: MediaQueryList;

  hostConnected(): void {
    this.#query?.removeEventListener('change', this.apply);
    this.#query = motionQuery();
    this.#query?.addEventListener('change', this.apply);
  }

  hostDisconnected(): void {
    this.#query?.removeEventListener('change', this.apply);
    this.#query = undefined;
  }

  /** Gives the viewer the speed that holds now (also after `autorotate` changed, or a new viewer). */
  apply = (): void => {
    const { autorotate } = this.host;
    if (!autorotate) this.#byUser = false;
    const on = autorotate && (this.#byUser || !reducedMotion()) && !this.#pointerDown && !this.#paused;
    this.viewer()?.setAutorotate(on ? AUTOROTATE_SPEED : 0);
    this.viewer()?.setAutorotateButton(autorotate);
  };

  /** The navbar button: toggles `autorotate`, as the user's own choice. */
  toggle(): void {
    this.host.autorotate = !this.host.autorotate;
    this.#byUser = this.host.autorotate;
  }

  /** The user took the view (keys, wheel): autorotation waits until they let go for a while. */
  interacted = (): void => {
    if (!this.host.autorotate) return;
    clearTimeout(this.#paused);
    this.#paused = setTimeout(() => {
      this.#paused = undefined;
      this.apply();
    }, AUTOROTATE_RESUME);
    this.apply();
  };

  pointerDown = (): void => {
    this.#pointerDown = true;
    this.interacted();
    addEventListener(
      'pointerup',
      () => {
        this.#pointerDown = false;
        this.interacted();
      },
      { once: true },
    );
  };

  /** The viewer is gone: no resume timer left behind. */
  stop(): void {
    clearTimeout(this.#paused);
    this.#paused = undefined;
  }
}
