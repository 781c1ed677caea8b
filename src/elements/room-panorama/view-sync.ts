/**
 * The view both ways: `yaw` / `pitch` / `zoom` set by the page turn the viewer (no event), and the
 * viewer turned by the user (or by autorotation) is reflected in those properties and announced as
 * `view-change`, at most every VIEW_CHANGE_INTERVAL ms (the last change always goes out).
 */
import type { PanoramaViewer } from '../../panorama/psv-runtime.js';
import { normalizeView, sameView, type PanoramaView } from '../../panorama/view.js';

/** How often, at most, the view the user turns to is announced (ms). */
export const VIEW_CHANGE_INTERVAL = 100;

/** The element's side: its view properties and how it fires `view-change`. */
export interface ViewHost {
  yaw: number;
  pitch: number;
  zoom: number;
}

export class ViewSync {
  #lastEvent = 0;
  #timer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: ViewHost,
    private readonly announce: (view: PanoramaView) => void,
  ) {}

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
    const wait = this.#lastEvent + VIEW_CHANGE_INTERVAL - performance.now();
    if (wait <= 0) this.#fire();
    else this.#timer ??= setTimeout(() => this.#fire(), wait);
  }

  /** No late view-change from a view that is gone (a new source, or the element left the page). */
  cancel(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #fire(): void {
    this.cancel();
    this.#lastEvent = performance.now();
    this.announce(this.view);
  }
}
