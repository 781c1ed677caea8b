/**
 * The glue every drawing of a room needs, written once (drawing.ts): builds the RoomView (with
 * `floor="all"`'s floors stacked over it), turns its callbacks into the drawing's events (a failed
 * piece classified once), and does what the features ask of the scene: the selection outline (made on
 * first use), camera moves by flight or jump, the cutaway, anchors followed on screen, picking,
 * measuring's surface pick and the snapshot. The page's thread (main-drawing.ts) and the render worker
 * (worker/render-worker.ts) each hold one per view and only carry messages to it.
 *
 * The features' three.js side (features.ts) comes with the drawing in the worker; on the page it is a
 * lazy chunk, loaded on first use: what needs it waits for it, in order.
 */
import type { ModelComponent, Vec3 } from '../model/types.js';
import type { AnchorTracker } from './anchors.js';
import type { ComponentLoader, MeshLoader, PreparedGeometry } from './build-room.js';
import type {
  AnchorSet,
  CameraPose,
  CameraRequest,
  ComponentFailure,
  DrawingEvents,
  DrawingSettings,
} from './drawing.js';
import type * as Features from './features.js';
import { stackFloors } from './fml-stack.js';
import type { MeasurePoint } from './measure.js';
import { RoomView, type RoomViewOptions } from './room-view.js';
import type { SelectionOutline } from './selection-outline.js';
import type { Cutaway } from './cutaway.js';
import type * as LookExport from './export/look-export.js';
import type { LookExportRequest } from './export/request.js';
import type { SurfacePaint } from './surfaces.js';
import type { PieceSwaps } from './swap.js';
import type { CameraMode } from './camera.js';
import type { WalkControls, WalkSetup } from './walk/walk-controls.js';
// tests follow the default (issue 33): what the view holds, the same on either thread
import type { ViewInspection } from './inspect.js';
// the ceiling over a camera in a room (issue 38's follow-up)
import { followCeilings } from './ceiling.js';
// the opening camera (issue 33's follow-up): in place before the first frame, jumps without the features
import { jumpToPlace, openCamera, placeOf, vec } from './opening-camera.js';

type FeaturesModule = typeof Features;

/** toPanorama()'s largest face side: six faces of 2048² are 100 MB of pixels on their way to the page. */
export const PANORAMA_MAX_SIZE = 2048;

export interface DriverOptions {
  /** The canvas drawn into (the page's, or the worker's OffscreenCanvas behind its stand-in). */
  canvas: HTMLCanvasElement;
  keyTarget: HTMLElement;
  settings: DrawingSettings;
  prepared?: PreparedGeometry;
  componentLoader?: ComponentLoader;
  meshLoader?: MeshLoader;
  yieldToPage(): Promise<void>;
  events: DrawingEvents;
  /** The features' three.js side, or how to load it (the page's lazy chunk). */
  features: FeaturesModule | (() => Promise<FeaturesModule>);
  /** The camera's controls, or how to load them (the render worker's later stage: RoomViewOptions). */
  orbit?: RoomViewOptions['orbit'];
  // export the look (issue 36)
  /** exportLook()'s side (the render worker's own); by default a lazy chunk loaded with the first export. */
  lookExport?: typeof LookExport;
}

/** A piece whose page-supplied object or product mesh failed, as the page's error says it. */
export function componentFailure(error: unknown, component: ModelComponent): ComponentFailure {
  const failure = error as { name?: string; kind?: ComponentFailure['kind']; message?: string } | null;
  const mesh = failure?.name === 'FurnitureMeshError';
  return {
    componentId: component.id,
    message: mesh ? String(failure?.message ?? error) : `componentLoader failed for ${component.id}`,
    kind: mesh ? (failure?.kind ?? 'invalid') : 'invalid',
    mesh,
  };
}

/** exportLook()'s side on the page's thread: a chunk of its own, fetched with the first export. */
let lookExportChunk: Promise<typeof LookExport> | undefined;
function loadLookExport(): Promise<typeof LookExport> {
  lookExportChunk ??= import('./export/look-export.js').catch((error: unknown) => {
    lookExportChunk = undefined;
    throw error;
  });
  return lookExportChunk;
}

export class ViewDriver {
  readonly view: RoomView;
  #features?: FeaturesModule;
  #loading?: Promise<FeaturesModule>;
  readonly #load: () => Promise<FeaturesModule>;
  #outline?: SelectionOutline;
  #cutaway?: Cutaway;
  #anchors?: AnchorTracker;
  #unstack?: () => void;
  #css = { width: 1, height: 1 };
  #disposed = false;
  readonly #components: Map<string, ModelComponent>;
  readonly #events: DrawingEvents;
  readonly #settings: DrawingSettings;
  // export the look (issue 36)
  readonly #lookExport: () => Promise<typeof LookExport>;
  readonly #yieldToPage: () => Promise<void>;
  // swap a piece (replaceComponent(), src/three/swap.ts)
  #swaps?: PieceSwaps;
  /** Pieces swapped: as the model had them, for the outline once they are back. */
  readonly #originals = new Map<string, ModelComponent>();
  readonly #loaders: Pick<DriverOptions, 'componentLoader' | 'meshLoader'>;
  readonly #input: { canvas: HTMLElement; keys: HTMLElement };

  constructor(options: DriverOptions) {
    const { settings, events } = options;
    this.#events = events;
    this.#settings = settings;
    this.#components = new Map(settings.model.components.map((c) => [c.id, c]));
    this.#loaders = { componentLoader: options.componentLoader, meshLoader: options.meshLoader };
    if (typeof options.features === 'function') this.#load = options.features;
    else {
      const loaded = options.features;
      this.#features = loaded;
      this.#load = () => Promise.resolve(loaded);
    }
    this.#css = { width: settings.width, height: settings.height };
    const lookExport = options.lookExport;
    this.#lookExport = lookExport ? () => Promise.resolve(lookExport) : loadLookExport;
    this.#yieldToPage = options.yieldToPage;
    // the opening camera: walking, the first frame waits for the walker to stand where the walk starts
    const walking = settings.camera === 'walk';
    let walkerIn = (): void => undefined;
    const firstDraw = walking ? new Promise<void>((resolve) => (walkerIn = resolve)) : undefined;
    const view: RoomView = new RoomView({
      canvas: options.canvas,
      keyTarget: options.keyTarget,
      model: settings.model,
      plan: settings.plan,
      prepared: options.prepared,
      camera: settings.camera,
      controls: settings.controls,
      autoRotate: settings.autoRotate,
      mediaBase: settings.mediaBase,
      componentLoader: options.componentLoader,
      meshLoader: options.meshLoader,
      width: settings.width,
      height: settings.height,
      pixelRatio: settings.pixelRatio,
      yieldToPage: options.yieldToPage,
      onFrame: (frames) => this.#frame(frames),
      onCameraChange: (change) => events.onCameraChange(change),
      onRenderScale: (detail) => events.onRenderScale(detail),
      onTextureError: (url) => {
        const { total, pending } = this.view?.room.materials ?? { total: 0, pending: 0 };
        events.onTextureError(url, total, pending);
      },
      onComponentError: (error, component) => events.onComponentError(componentFailure(error, component)),
      onContextGone: () => events.onContextGone(),
      orbit: options.orbit,
      firstDraw,
    });
    this.view = view;
    this.#input = { canvas: options.canvas, keys: options.keyTarget };
    // the camera the element opens with, before the first frame (drawing.ts's OpeningCamera)
    if (settings.start) openCamera(view, settings.start);
    this.#walkSetup = settings.start?.walk;
    if (walking) void Promise.resolve(this.#walkMode('walk')).then(walkerIn, walkerIn);
    if (settings.above.length)
      this.#unstack = stackFloors(view, settings.above, {
        mediaBase: settings.mediaBase,
        componentLoader: options.componentLoader,
        meshLoader: options.meshLoader,
        onComponentError: (error, component) => events.onComponentError(componentFailure(error, component)),
      });
    if (!settings.furnitureVisible) view.setFurnitureVisible(false);
    // the ceiling over a camera in a room (issue 38's follow-up): shown while it stands under one
    followCeilings(view);
  }

  /** The features' three.js side now when loaded, else once it is (undefined: the view went meanwhile). */
  #with<T>(then: (features: FeaturesModule) => T): T | Promise<T> {
    if (this.#features) return then(this.#features);
    this.#loading ??= this.#load().then((loaded) => (this.#features = loaded));
    return this.#loading.then((loaded) => {
      if (this.#disposed) throw new DOMException('the room is no longer shown', 'InvalidStateError');
      return then(loaded);
    });
  }

  /**
   * Runs `then` with the features' side, now or once loaded; a failure to load is the page's to see
   * later. Resolves once it ran (or could not).
   */
  #soon(then: (features: FeaturesModule) => void): void | Promise<void> {
    const done = this.#with(then);
    if (done instanceof Promise) return done.catch(() => undefined);
  }

  get pose(): CameraPose {
    const { camera, controls } = this.view;
    return {
      position: vec(camera.position),
      target: vec(controls.target),
      fov: camera.fov,
      aspect: camera.aspect,
    };
  }

  #frame(frames: number): void {
    if (this.#disposed) return;
    this.#swaps?.keepHidden();
    this.#cutaway?.update();
    const { total, pending } = this.view.room.materials;
    const anchors = this.#anchors?.size ? this.#anchors.spots(this.#css.width, this.#css.height) : undefined;
    this.#events.onFrame({ frames, total, pending, pose: this.pose, ...(anchors ? { anchors } : {}) });
  }

  setSize(width: number, height: number, pixelRatio: number): void {
    this.#css = { width, height };
    this.view.setSize(width, height, pixelRatio);
  }

  pick(x: number, y: number, only?: readonly string[]): string | undefined | Promise<string | undefined> {
    if (this.view.frames === 0) return undefined;
    const accept = only ? new Set(only) : undefined;
    return this.#with(
      (f) => f.pickComponent(this.view, x, y, accept && ((c) => accept.has(c.id)))?.component.id,
    );
  }

  outline(selected: readonly string[], highlighted: readonly string[]): void {
    const of = (ids: readonly string[]) =>
      ids.map((id) => this.#components.get(id)).filter((c): c is ModelComponent => !!c);
    const chosen = of(selected);
    const lit = of(highlighted);
    // the outline is made when there is first something to show
    if (!this.#outline && !chosen.length && !lit.length) return;
    this.#soon((f) => {
      this.#outline ??= new f.SelectionOutline(this.view);
      this.#outline.show(chosen, lit);
    });
  }

  /**
   * Moves the camera; `fly`: a flight (the page decides: the worker has no media queries). A jump to a
   * view or an orbit is camera maths alone (opening-camera.ts): at once, without the features' side.
   */
  moveCamera(to: CameraRequest, fly: boolean): CameraPose | Promise<CameraPose> {
    const place = fly ? undefined : placeOf(this.view, to);
    if (place) {
      jumpToPlace(this.view, place);
      return this.pose;
    }
    const arrive = (f: FeaturesModule): CameraPose | Promise<CameraPose> => {
      const view = this.#cameraView(f, to);
      if (!fly) {
        f.jumpTo(this.view, view);
        return this.pose;
      }
      return f.flyTo(this.view, view, { jump: false }).then(() => this.pose);
    };
    const moved = this.#with(arrive);
    return moved instanceof Promise ? moved.then((pose) => pose) : moved;
  }

  #cameraView(f: FeaturesModule, to: CameraRequest) {
    const { view } = this;
    const { model, plan } = this.#settings;
    if ('component' in to) {
      const component = this.#components.get(to.component);
      if (!component) throw new RangeError(`no component "${to.component}" in this room`);
      return f.frameComponent(view, component);
    }
    if ('area' in to) {
      const area = plan.areas.find((a) => a.name === to.area) ?? plan.areas.find((a) => a.label === to.area);
      if (!area) throw new RangeError(`no area "${to.area}" in this room`);
      return f.frameArea(view, area, model.height);
    }
    // a view, or the camera attributes (`auto` values as the camera has them now)
    const place = placeOf(view, to)!;
    return f.cameraView(place.position, place.target);
  }

  setCutaway(height: number | undefined): void {
    if (height === undefined) {
      this.#cutaway?.dispose();
      this.#cutaway = undefined;
      return;
    }
    this.#soon((f) => {
      if (this.#cutaway) this.#cutaway.height = height;
      else this.#cutaway = new f.Cutaway(this.view, height);
    });
  }

  setAnchors(key: string, version: number, set: AnchorSet | undefined): void {
    if (!set && !this.#anchors) return;
    this.#soon((f) => {
      // the pieces as drawn now (a swapped piece's anchor is its replacement's top)
      const { model } = this.#settings;
      const drawn = this.#components;
      const swapped = this.#originals;
      this.#anchors ??= new f.AnchorTracker(
        this.view,
        {
          ...model,
          get components() {
            return swapped.size
              ? model.components.map((c) => (swapped.has(c.id) ? drawn.get(c.id)! : c))
              : model.components;
          },
        },
        f,
      );
      this.#anchors.set(key, version, set);
    });
  }

  pickSurface(
    x: number,
    y: number,
    width: number,
    height: number,
  ): MeasurePoint | undefined | Promise<MeasurePoint | undefined> {
    return this.#with((f) => f.pickSurface(this.view, x, y, width, height));
  }

  /** The view drawn again at `width` × `height`, on a new canvas (an OffscreenCanvas in the worker). */
  snapshot(width: number, height: number): HTMLCanvasElement | Promise<HTMLCanvasElement> {
    if (this.view.frames === 0) throw new DOMException('toBlob(): no room is drawn yet', 'InvalidStateError');
    return this.#with((f) => {
      const limit = f.snapshotLimit();
      if (width > limit || height > limit)
        throw new RangeError(`toBlob(): width and height must be at most ${limit} pixels on this GPU`);
      return f.renderSnapshot(this.view, { width, height });
    });
  }

  // export the look (issue 36)
  /** The look as a file's bytes (export/look-export.ts), from the room as drawn now. */
  async exportLook(request: LookExportRequest): Promise<ArrayBuffer> {
    if (this.view.frames === 0)
      throw new DOMException('exportLook(): no room is drawn yet', 'InvalidStateError');
    const module = await this.#lookExport();
    if (this.#disposed)
      throw new DOMException('exportLook(): the room is no longer shown', 'InvalidStateError');
    return module.exportLook(this.view.room, request, this.#yieldToPage);
  }

  // surfaces (issue 37): the scene's own RoomSurfaces (surfaces.ts), on either thread
  // (with the features: a later stage of the render worker, issue 33)
  pickRoomSurface(x: number, y: number): string | undefined | Promise<string | undefined> {
    return this.view.frames === 0 ? undefined : this.#with((f) => f.pickRoomSurface(this.view, x, y));
  }

  async setSurface(surface: string, paint: SurfacePaint | null): Promise<void> {
    return this.#with((f) => f.surfacesOf(this.view.room).paint(surface, paint));
  }

  // swap a piece (replaceComponent(), src/three/swap.ts)
  /**
   * Draws `pieceId` as `component`, or as the model had it (null); RangeError for a piece not drawn.
   * The swapping comes with the features (a later stage of the render worker, issue 33).
   */
  replaceComponent(pieceId: string, component: ModelComponent | null): void | Promise<void> {
    if (this.#disposed) throw new DOMException('the room is no longer shown', 'InvalidStateError');
    const original = this.#originals.get(pieceId) ?? this.#components.get(pieceId);
    if (!original || original.kind !== 'furniture')
      throw new RangeError(`no piece "${pieceId}" in this room`);
    return this.#with((f) => {
      this.#swaps ??= new f.PieceSwaps(this.view, {
        ...this.#loaders,
        onComponentError: (error, piece) => this.#events.onComponentError(componentFailure(error, piece)),
      });
      this.#swaps.swap(pieceId, component);
      this.#originals.set(pieceId, original);
      this.#components.set(pieceId, component ?? original);
    });
  }

  // walk mode (camera="walk"): the walker is made when first asked for, with the features (a later
  // stage of the render worker, issue 33)
  #walk?: WalkControls;
  #walkSetup?: WalkSetup;
  #walking = false;

  /** A start view (camera.ts); `walk` walks (walk/walk-controls.ts). */
  setCameraMode(mode: CameraMode): void {
    this.view.setCameraMode(mode);
    this.#walkMode(mode);
  }

  /** Walking or not; walking, resolves once the walker stands in the view (it comes with the features). */
  #walkMode(mode: CameraMode): void | Promise<void> {
    this.#walking = mode === 'walk';
    if (!this.#walking) return this.#walk?.setActive(false);
    // the last mode asked for wins, whenever the walker arrives
    return this.#soon((f) => {
      if (this.#disposed || (!this.#walking && !this.#walk)) return;
      if (!this.#walk) {
        this.#walk = new f.WalkControls(this.view, this.#settings.plan, this.#input.canvas, this.#input.keys);
        if (this.#walkSetup) this.#walk.setup(this.#walkSetup);
      }
      this.#walk.setActive(this.#walking);
    });
  }

  setWalk(setup: WalkSetup): void {
    this.#walkSetup = setup;
    this.#walk?.setup(setup);
  }

  // toPanorama (issue 38)
  /** Six cube faces from `position` (model cm), each a 90° snapshot (panorama-render.ts). */
  panorama(position: Vec3, size: number): HTMLCanvasElement[] | Promise<HTMLCanvasElement[]> {
    if (this.view.frames === 0)
      throw new DOMException('toPanorama(): no room is drawn yet', 'InvalidStateError');
    return this.#with((f) => {
      const limit = Math.min(f.snapshotLimit(), PANORAMA_MAX_SIZE);
      if (!(size >= 1 && size <= limit))
        throw new RangeError(`toPanorama(): size must be 1 to ${limit} pixels on this GPU`);
      return f.renderPanorama(this.view, position, Math.round(size));
    });
  }

  #modeFov?: number;

  /** The camera's vertical field of view, or the camera mode's own again (undefined). */
  setFieldOfView(fov: number | undefined): CameraPose {
    const { camera } = this.view;
    this.#modeFov ??= camera.fov;
    camera.fov = fov !== undefined && fov > 1 && fov < 179 ? fov : this.#modeFov;
    if (fov === undefined) this.#modeFov = undefined;
    camera.updateProjectionMatrix();
    this.view.requestRender();
    return this.pose;
  }

  // tests follow the default (issue 33)
  /** What the view holds (inspect.ts), for tests and tools on either thread. */
  inspect(): ViewInspection | Promise<ViewInspection> {
    return this.#with((f) => f.inspectView(this.view));
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#swaps?.dispose();
    this.#walk?.dispose();
    this.#anchors?.dispose();
    this.#cutaway?.dispose();
    this.#outline?.dispose();
    this.#unstack?.();
    this.view.dispose();
  }

  // tests on a busy machine: a picture after a change waits for the features' side it needed
  /** Resolves once the features' side asked for so far has loaded, and what waited for it ran. */
  async featuresLoaded(): Promise<void> {
    await this.#loading?.catch(() => undefined);
  }
}
