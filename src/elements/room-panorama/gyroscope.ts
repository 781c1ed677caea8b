/**
 * `gyroscope`: while set and a viewer is live, the view follows the phone. Only the wiring is here;
 * the code that follows the phone and asks permission (src/panorama/device-orientation.ts) is a lazy
 * chunk loaded only then. Where a tap must ask permission (iOS), the element shows a button (part
 * `gyroscope-button`); once answered it goes. Without a sensor nothing is shown or reported.
 */
import { html, nothing, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { lazyModule } from '../../internal/lazy-module.js';
import type { GyroscopeSession } from '../../panorama/device-orientation.js';
import type { PanoramaViewer } from '../../panorama/psv-runtime.js';

type Host = ReactiveControllerHost & { gyroscope: boolean };

const loadGyroscope = lazyModule(() => import('../../panorama/device-orientation.js'));

export class GyroscopeController implements ReactiveController {
  #viewer?: PanoramaViewer;
  #session?: GyroscopeSession;

  constructor(
    private readonly host: Host,
    private readonly viewer: () => PanoramaViewer | undefined,
    private readonly moved: () => void,
  ) {
    host.addController(this);
  }

  // every update: the attribute, the viewer or its state may have changed (cheap when nothing did)
  hostUpdated(): void {
    const viewer = this.host.gyroscope ? this.viewer() : undefined;
    if (viewer === this.#viewer) return;
    this.stop();
    if (!(this.#viewer = viewer)) return;
    loadGyroscope().then(
      ({ startGyroscope }) => {
        if (viewer !== this.#viewer || this.#session) return;
        this.#session = startGyroscope(viewer, this.moved, () => this.host.requestUpdate());
      },
      () => {}, // no code, no gyroscope: the panorama still works by hand
    );
  }

  hostDisconnected(): void {
    this.stop();
  }

  stop(): void {
    this.#session?.stop();
    this.#session = this.#viewer = undefined;
  }

  /** The permission button, while a tap must ask (and the viewer is live). */
  button(live: boolean, label: string) {
    if (!live || !this.#session?.asking) return nothing;
    return html`<div class="corner">
      <button part="gyroscope-button" type="button" @click=${() => this.#session?.ask()}>${label}</button>
    </div>`;
  }
}
