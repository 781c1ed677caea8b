/**
 * Autorotation: turns the view slowly while `autorotate` is set, pauses while the user takes the view
 * (pointer held, keys, wheel) and resumes AUTOROTATE_RESUME ms after they let go. It stays off under
 * `prefers-reduced-motion` (following a change of that setting at once), unless the user turned it on
 * themselves with the navbar button.
 */
import type { ReactiveControllerHost } from 'lit';
import type { PanoramaViewer } from '../../panorama/psv-runtime.js';
import { prefersReducedMotion, ReducedMotionController } from '../../features/motion/reduced-motion.js';

/** Degrees per second. */
export const AUTOROTATE_SPEED = 6;
/** How long autorotation waits after the user touched the view (ms). */
export const AUTOROTATE_RESUME = 3000;

/** The user asked for less motion (no inertia, no autorotation). */
export const reducedMotion = prefersReducedMotion;

export interface AutorotateHost extends ReactiveControllerHost {
  autorotate: boolean;
}

export class AutorotationController {
  /** Turned on with the navbar button: the user's explicit wish wins over reduced motion. */
  #byUser = false;
  #pointerDown = false;
  #paused?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: AutorotateHost,
    private readonly viewer: () => PanoramaViewer | undefined,
  ) {
    // one MediaQueryList, listened to and let go of on the same object (src/features/motion/)
    this.#motion = new ReducedMotionController(host, () => this.apply());
  }

  #motion: ReducedMotionController;

  /** Gives the viewer the speed that holds now (also after `autorotate` changed, or a new viewer). */
  apply = (): void => {
    const { autorotate } = this.host;
    if (!autorotate) this.#byUser = false;
    const on = autorotate && (this.#byUser || !this.#motion.reduced) && !this.#pointerDown && !this.#paused;
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
