/**
 * The element's live viewer (while it holds a pool slot): started from the lazy chunk, fed the view,
 * the navbar and the texts, given the keys only while the element has focus, its hotspots placed
 * (hotspots.ts), and released with its WebGL context. Callbacks of a viewer that was released (or
 * replaced) are dropped. Full screen is the shared controller's (src/features/fullscreen/fullscreen.ts: the whole
 * host goes, whatever took it there); PSV's navbar button asks it and shows its state. `toBlob()` checks
 * and encodes as every element does (src/features/snapshot/snapshot-image.ts); the viewer only draws.
 */
import type { ReactiveControllerHost } from 'lit';
import type { ElementError } from '../../internal/element-error.js';
import { toElementError } from '../../internal/to-element-error.js';
import { yieldToPage } from '../../platform/yield.js';
import { FullscreenController } from '../../features/fullscreen/fullscreen.js';
import { encodeCanvas, snapshotSize, type SnapshotOptions } from '../../features/snapshot/snapshot-image.js';
import type { CubeFaces } from '../../panorama/cube-faces.js';
import type { PanoramaViewer, ViewerCanvas, ViewerTexts } from '../../panorama/psv-runtime.js';
import type { PanoramaView } from '../../panorama/view.js';
import { reducedMotion } from './autorotation.js';
import { PanoramaError } from './panorama-error.js';
import { createViewer, loadViewerCode } from './viewer-runtime.js';

type Host = ReactiveControllerHost & HTMLElement;

/** What the element says about the viewer it wants, read when the viewer is created. */
export interface ViewerSettings {
  container?: HTMLElement;
  view: PanoramaView;
  navbar: boolean;
  texts: ViewerTexts;
}

export interface LiveViewerEvents {
  progress(percent: number): void;
  viewChange(view: PanoramaView): void;
  ready(): void;
  failed(error: ElementError): void;
  /** The viewer exists (its first frame may still come): autorotation can be applied. */
  started(): void;
  autorotateButton(): void;
  /** The host went into or out of full screen (its button, the page, or the browser's Escape). */
  fullscreen(on: boolean): void;
}

export class LiveViewer {
  #viewer?: PanoramaViewer;
  /** Bumped on every start and release: late callbacks of an old viewer are dropped. */
  #generation = 0;
  #focused = false;
  #unwatchHotspots?: () => void;
  readonly #fullscreen: FullscreenController;

  constructor(
    private readonly host: Host,
    private readonly events: LiveViewerEvents,
  ) {
    this.#fullscreen = new FullscreenController(host, (on) => {
      this.#viewer?.setFullscreenButton(on);
      events.fullscreen(on);
    });
  }

  get viewer(): PanoramaViewer | undefined {
    return this.#viewer;
  }

  /**
   * Loads the viewer's code (once per page) and starts a viewer on `faces`, unless `wanted()` says
   * otherwise by then (the slot went away, or a newer start or a release came in between).
   */
  async start(faces: CubeFaces, settings: () => ViewerSettings, wanted: () => boolean): Promise<void> {
    const generation = ++this.#generation;
    const current = () => generation === this.#generation;
    let runtime: Awaited<ReturnType<typeof loadViewerCode>>;
    let canvas: ViewerCanvas | undefined;
    try {
      runtime = await loadViewerCode();
      await this.host.updateComplete;
      // the viewer's start in slices (issue 20): PSV's look at the browser, the WebGL context, the viewer
      if (current()) await yieldToPage().then(runtime.probeSystem).then(yieldToPage);
      if (current()) canvas = runtime.prepareCanvas();
      if (current()) await yieldToPage();
    } catch (error) {
      if (current()) this.events.failed(toElementError(error));
      return;
    }
    const { container, ...wish } = settings();
    if (!current() || !wanted() || !container) return;
    try {
      this.#viewer = createViewer(runtime, this.host.shadowRoot!, {
        ...wish,
        container,
        canvas,
        faces,
        reducedMotion: reducedMotion(),
        onProgress: (percent) => current() && this.events.progress(percent),
        onViewChange: (view) => current() && this.events.viewChange(view),
        onReady: () => current() && this.events.ready(),
        onError: (error) => current() && this.events.failed(PanoramaError.fromViewer(error)),
        onAutorotateButton: () => this.events.autorotateButton(),
        onFullscreenButton: this.#fullscreen.toggle,
      });
    } catch (error) {
      this.events.failed(toElementError(error));
      return;
    }
    if (this.#focused) this.#viewer.setKeyboard(true);
    if (this.#fullscreen.active) this.#viewer.setFullscreenButton(true);
    const hotspots = this.host.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="hotspot"]');
    if (hotspots) this.#unwatchHotspots = runtime.watchHotspots(hotspots, this.#viewer);
    this.events.started();
  }

  /** Destroys the viewer and frees its WebGL context (a pending start is dropped too). */
  release(): void {
    this.#generation++;
    this.#unwatchHotspots?.();
    this.#unwatchHotspots = undefined;
    this.#viewer?.release();
    this.#viewer = undefined;
  }

  /** The current view as an image, `width` × `height` defaulting to the element's size. */
  toBlob(options: SnapshotOptions = {}): Promise<Blob> {
    const viewer = this.#viewer;
    if (!viewer) {
      const message = 'toBlob(): no live viewer (the panorama shows its poster, is loading, or failed)';
      return Promise.reject(new DOMException(message, 'InvalidStateError'));
    }
    try {
      // the limit first: it says InvalidStateError while nothing is drawn, whatever the size asked
      const canvas = viewer.snapshot(snapshotSize(this.host, options, viewer.snapshotLimit()));
      return encodeCanvas(canvas, options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** The stage got focus: PSV's keys (it listens on window) work only now. */
  focusIn = (): void => {
    this.#focused = true;
    this.#viewer?.setKeyboard(true);
  };

  focusOut = (event: FocusEvent): void => {
    // focus moving to a navbar button inside the stage keeps the keys on
    const stage = event.currentTarget as HTMLElement;
    if (event.relatedTarget instanceof Node && stage.contains(event.relatedTarget)) return;
    this.#focused = false;
    this.#viewer?.setKeyboard(false);
  };
}
