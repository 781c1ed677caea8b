/**
 * The view both ways: `yaw` / `pitch` / `zoom` set by the page turn the viewer (no event), and the
 * viewer turned by the user (or by autorotation) is reflected in those properties and announced as
 * `view-change`, at most every VIEW_CHANGE_INTERVAL ms (the last change always goes out).
 */
import type { PanoramaViewer } from '../../panorama/psv-runtime.js';
import { normalizeView, sameView, type PanoramaView } from '../../panorama/view.js';
import { EVENT_INTERVAL, TrailingThrottle } from '../../features/throttle/trailing-throttle.js';

/** How often, at most, the view the user turns to is announced (ms): the rule `camera-change` follows too. */
export const VIEW_CHANGE_INTERVAL = EVENT_INTERVAL;

/** The element's side: its view properties and how it fires `view-change`. */
export interface ViewHost {
  yaw: number;
  pitch: number;
  zoom: number;
}

export class ViewSync {
  #throttle: TrailingThrottle<undefined>;

  constructor(
    private readonly host: ViewHost,
    announce: (view: PanoramaView) => void,
  ) {
    // the view at the moment the event goes out: the last one always reaches the page
    this.#throttle = new TrailingThrottle(() => announce(this.view), VIEW_CHANGE_INTERVAL);
  }

  /** The view the properties ask for, made valid. */
  get view(): PanoramaView {
    return normalizeView({ yaw: this.host.yaw, pitch: this.host.pitch, zoom: this.host.zoom });
  }

  /** The page set yaw / pitch / zoom: turn the viewer there (no event: the page knows). */
  push(viewer: PanoramaViewer | undefined): void {
    const wanted = this.view;
    if (viewer && !sameView(wanted, viewer.getView())) viewer.setView(wanted);
  }

  /** The viewer moved: follow it and tell the page, throttled. */
  follow(view: PanoramaView): void {
    if (sameView(view, this.view)) return; // the echo of a view the page set
    this.host.yaw = view.yaw;
    this.host.pitch = view.pitch;
    this.host.zoom = view.zoom;
    this.#throttle.push(undefined);
  }

  /** No late view-change from a view that is gone (a new source, or the element left the page). */
  cancel(): void {
    this.#throttle.cancel();
  }
}
