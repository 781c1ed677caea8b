/**
 * Everything heavy of a panorama, in one module that <room-panorama> loads with dynamic import() when a
 * panorama starts: three.js, photo-sphere-viewer, its cubemap adapter and its stylesheet.
 * Nothing here knows about the element; it gets a container and callbacks.
 */
// Must stay the first import: it records three's page-wide switches before PSV flips them.
import { threeGlobalsBefore } from './three-globals-guard.js';
import {
  BoxGeometry,
  Cache as ThreeCache,
  ColorManagement,
  Vector3,
  type Camera,
  type Scene,
  type Texture,
  type WebGLRenderer,
} from 'three';
import { CONSTANTS, SYSTEM, Viewer, events, utils, type NavbarCustomButton } from '@photo-sphere-viewer/core';
import { CubemapAdapter } from '@photo-sphere-viewer/cubemap-adapter';
import psvCss from '@photo-sphere-viewer/core/index.css?inline';
import { toPsvCubemap, type CubeFaces } from './cube-faces.js';
import { cubeEdgeDirections, edgeSafeRenderer } from './edge-view-guard.js';
import { renderSnapshot, snapshotLimit, type SnapshotScene } from './snapshot.js';
import { ViewerError } from './viewer-error.js';
import { escapeHtml, psvLang, textOnlyMenuTitle, type ViewerTexts } from './psv-texts.js';
import { fromViewerPosition, toViewerPosition, type PanoramaView } from './view.js';
import { gpuFence } from '../platform/gpu-fence.js';
import { nextMessage, nextTask } from '../platform/yield.js';

ColorManagement.enabled = threeGlobalsBefore.colorManagement;
ThreeCache.enabled = threeGlobalsBefore.cache;

/**
 * PSV slides its navbar in by moving its `bottom` (from -40px to 0 in 0.1 s): a change of layout in
 * every frame of the slide, which the browser counts as a layout shift (CLS 0.001 on a page that only
 * shows a panorama, issue 20). The same slide as a transform: no layout changes, nothing shifts.
 */
const NAVBAR_SLIDE = `
.psv-navbar { bottom: 0; transform: translateY(100%); transition: transform ease-in-out 0.1s; }
.psv-navbar--open { transform: none; }
`;

/** PSV's stylesheet, for the shadow root that holds a viewer (PSV only styles the document). */
export const psvStyleSheet: CSSStyleSheet = (() => {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(psvCss + NAVBAR_SLIDE);
  return sheet;
})();

/**
 * PSV's cubemap adapter draws each face as two triangles. Looking along a cube edge (yaw 45°, or pitch
 * 45° at some yaws), two far corners of each face lie in the camera's plane (w ≈ 0) and software
 * WebGL (SwiftShader, what Chrome falls back to without a usable GPU) drops both faces' triangles:
 * a black panorama within a few hundredths of a degree of those views. Subdividing each face keeps
 * the visible triangles clear of those corners; the faces map exactly as before. Exactly on those
 * views whole faces still came out flat (one colour): edge-view-guard.ts turns the camera by 0.2° for
 * those frames.
 */
const CUBE_SEGMENTS = 4;
const CUBE_EDGE_VERTICES = cubeEdgeDirections(CUBE_SEGMENTS);

/** What of PSV's renderer service the adapter uses. */
interface PsvRenderer {
  renderer: WebGLRenderer;
  scene: Scene;
  camera: Camera;
}

/**
 * Resolves, in a later task, once the GPU has done everything asked of it so far (a fence), or after
 * `limit` ms. A face's upload is 4.7 MB through a bounded transfer buffer: started while the GPU
 * (software WebGL: the same cores) still copies the previous face, the page's thread waited for it
 * inside its task; and the first frame's commit waited for the last uploads.
 */
async function gpuIdle(gl: WebGLRenderingContext | WebGL2RenderingContext, limit = 1000): Promise<void> {
  // a short wait each time (no timer clamp); without a fence (WebGL 1) one task boundary still
  if ((await gpuFence(gl, { limit, wait: nextMessage })) === 'none') await nextMessage();
}

class SubdividedCubemapAdapter extends CubemapAdapter {
  /**
   * The first frame's work, each part in a task of its own, before PSV shows the faces (issue 20):
   * the shaders compiled; the six faces handed to the GPU one a task, each once the GPU is done with
   * the one before (three.js uploaded all six in the first frame, one task of about 100 ms on a
   * mid-range phone; a face uploaded here is not uploaded again in that frame); then one draw of a
   * single pixel of the hidden canvas, which makes software WebGL build its drawing code for these
   * shaders. Without that draw the first frame's commit waited 35-60 ms for it (traces, SwiftShader).
   */
  /** The mesh whose shaders were compiled ahead (loadTexture), for PSV's next createMesh(). */
  #prepared?: ReturnType<CubemapAdapter['createMesh']>;

  override async loadTexture(...args: Parameters<CubemapAdapter['loadTexture']>) {
    const result = await this.#withBitmaps(() => super.loadTexture(...args));
    // checked after every wait below: a viewer destroyed meanwhile gets nothing (see #destroyed)
    const gone = () => {
      if (!this.#destroyed) return false;
      this.disposeTexture(result);
      return true;
    };
    if (gone()) throw utils.getAbortError();
    const psv = (this.viewer as unknown as { renderer?: PsvRenderer }).renderer;
    const renderer = psv?.renderer;
    const textures = (result.texture ?? []) as (Texture | null)[];
    for (const texture of textures) {
      // a bitmap is made the right way up (WebGL ignores UNPACK_FLIP_Y for one): not flipped again
      if (texture && typeof ImageBitmap === 'function' && texture.image instanceof ImageBitmap) {
        texture.flipY = false;
        // its decoded pixels (4.7 MB a face) go with the texture, not whenever the bitmap is collected
        const bitmap = texture.image;
        texture.addEventListener('dispose', () => bitmap.close());
      }
    }
    if (psv && renderer) {
      // The shaders first, in a task of their own: the GPU compiles and links them while the faces go
      // up, instead of the first frame waiting for the link.
      await nextTask();
      if (gone()) throw utils.getAbortError();
      try {
        const mesh = this.createMesh();
        this.setTexture(mesh, result);
        psv.scene.add(mesh);
        renderer.compile(psv.scene, psv.camera);
        psv.scene.remove(mesh);
        this.#prepared = mesh;
      } catch {
        return result; // a lost context: the viewer's own render reports it
      }
    }
    for (const texture of textures) {
      if (!texture || !renderer) continue;
      await gpuIdle(renderer.getContext());
      if (gone()) throw utils.getAbortError();
      try {
        renderer.initTexture(texture);
      } catch {
        return result; // a lost context: the viewer's own render reports it
      }
    }
    const mesh = this.#prepared;
    if (psv && renderer && mesh) {
      await nextTask();
      if (gone()) throw utils.getAbortError();
      try {
        // PSV's scene (its invisible picking sphere too) with the faces' mesh, as its first frame draws
        psv.scene.add(mesh);
        renderer.setScissorTest(true);
        renderer.setScissor(0, 0, 1, 1);
        renderer.render(psv.scene, psv.camera);
      } catch {
        // the viewer's own render reports it
      } finally {
        renderer.setScissorTest(false);
        psv.scene.remove(mesh);
      }
    }
    // the first frame then finds the GPU idle
    if (renderer) await gpuIdle(renderer.getContext());
    if (gone()) throw utils.getAbortError();
    return result;
  }

  /**
   * Set by the viewer's destroy(). PSV goes on with a panorama whose faces were still loading: when
   * they arrived it initialised the destroyed viewer (window listeners, a render loop), which then
   * kept the viewer and its element forever (a panorama removed while it loaded, issue 34). An
   * AbortError is PSV's own word for a load that no longer matters: it drops it silently.
   */
  #destroyed = false;

  override destroy() {
    this.#destroyed = true;
    this.#prepared?.geometry.dispose();
    this.#prepared = undefined;
    super.destroy();
  }

  /**
   * Runs `load` with the viewer's image loading giving ImageBitmaps decoded from the downloaded files
   * (createImageBitmap of a Blob decodes off the page's thread; an <img> was decoded on it, inside the
   * upload, a 1080² JPEG at a time). PSV's progress and cache stay: the files come through its own
   * loadFile. Without createImageBitmap PSV's images are used as they are.
   */
  async #withBitmaps<T>(load: () => Promise<T>): Promise<T> {
    const loader = this.viewer.textureLoader;
    if (typeof createImageBitmap !== 'function') return load();
    const own = Object.prototype.hasOwnProperty.call(loader, 'loadImage');
    const original = loader.loadImage;
    loader.loadImage = ((url: string, onProgress?: (p: number) => void, cacheKey?: string) =>
      loader
        .loadFile(url, onProgress, cacheKey)
        .then((blob) => createImageBitmap(blob, { imageOrientation: 'flipY' }))) as never;
    try {
      return await load();
    } finally {
      if (own) loader.loadImage = original;
      else delete (loader as Partial<typeof loader>).loadImage;
    }
  }

  override createMesh() {
    const prepared = this.#prepared;
    this.#prepared = undefined;
    if (prepared) return prepared;
    const mesh = super.createMesh();
    const size = CONSTANTS.SPHERE_RADIUS * 2;
    mesh.geometry.dispose();
    const n = CUBE_SEGMENTS;
    mesh.geometry = new BoxGeometry(size, size, size, n, n, n).scale(1, 1, -1);
    return mesh;
  }
}

export type { ViewerTexts } from './psv-texts.js';

export interface ViewerOptions {
  container: HTMLElement;
  faces: CubeFaces;
  view: PanoramaView;
  navbar: boolean;
  texts: ViewerTexts;
  /** The canvas to draw in (prepareCanvas); without it three.js makes one. */
  canvas?: ViewerCanvas;
  /** No inertia (and the element starts no autorotation) for users who asked for less motion. */
  reducedMotion: boolean;
  onProgress(percent: number): void;
  /** Every change of the view, at frame rate (the element throttles what it reflects). */
  onViewChange(view: PanoramaView): void;
  /** The panorama is on screen: the first frame with the faces has been drawn. */
  onReady(): void;
  onError(error: ViewerError): void;
  onAutorotateButton(): void;
  onFullscreenButton(): void;
}

export interface PanoramaViewer {
  getView(): PanoramaView;
  setView(view: PanoramaView): void;
  /** Degrees per second; 0 stops. */
  setAutorotate(speed: number): void;
  setAutorotateButton(active: boolean): void;
  setFullscreenButton(active: boolean): void;
  setNavbar(on: boolean): void;
  /** The page changed `lang`: PSV's own texts and the navbar's titles follow. */
  setTexts(texts: ViewerTexts): void;
  setKeyboard(on: boolean): void;
  /**
   * Where a direction (degrees, as the element's yaw / pitch) is on screen now, in CSS pixels from the
   * viewer's top-left corner (PSV's own projection); undefined when it is behind the camera, off
   * screen, or nothing is drawn yet.
   */
  project(direction: { yaw: number; pitch: number }): { x: number; y: number } | undefined;
  /** Calls `listener` after every frame PSV draws (the view or the size changed); returns the undo. */
  onRender(listener: () => void): () => void;
  /**
   * The largest side a snapshot can have (the GPU's). Throws a DOMException `InvalidStateError` when
   * nothing is drawn yet (or the viewer was released).
   */
  snapshotLimit(): number;
  /** A new canvas of `width` × `height` pixels holding the current view; throws as snapshotLimit(). */
  snapshot(size: { width: number; height: number }): HTMLCanvasElement;
  /** Destroys the viewer AND frees its WebGL context (PSV's destroy() alone keeps it alive). */
  release(): void;
  // the tour (issue 38): a stop after another in the same viewer, its WebGL context kept
  /** Shows other faces at `view` in this viewer (no second context); rejects (ViewerError `face-failed`) when a face fails. */
  setFaces(faces: CubeFaces, view: PanoramaView): Promise<void>;
}

const AUTOROTATE_ID = 'room-panorama-autorotate';
const FULLSCREEN_ID = 'room-panorama-fullscreen';

const ICON_AUTOROTATE =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M12 5V2L8 6l4 4V7a5 5 0 1 1-5 5H5a7 7 0 1 0 7-7z"/></svg>';
const ICON_FULLSCREEN =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path fill="currentColor" d="M4 4h6v2H6v4H4zm10 0h6v6h-2V6h-4zM4 14h2v4h4v2H4zm14 0h2v6h-6v-2h4z"/></svg>';

/**
 * PSV's one-time look at the browser (it makes a WebGL context of its own to read the limits), done
 * in a task before the first viewer is made instead of inside that task. Never throws: a browser
 * without WebGL is reported by createPanoramaViewer.
 */
export function probeSystem(): void {
  try {
    SYSTEM.load();
  } catch {
    // createPanoramaViewer says so
  }
}

/** The canvas and WebGL context a viewer draws with, made before the viewer (prepareCanvas). */
export interface ViewerCanvas {
  canvas: HTMLCanvasElement;
  context: WebGL2RenderingContext;
}

/**
 * The viewer's canvas and WebGL 2 context, made in a task before the viewer instead of inside its
 * construction (issue 20). Without multisampling: PSV always asks three.js for an antialiased context
 * (its defaults override `rendererParameters.antialias`), which only smooths the edges of triangles,
 * and the panorama's triangles have no edge on screen (the cube's faces meet edge to edge; what the
 * view shows is the faces' pictures). Multisampling made every resize of the canvas (two in the
 * construction) and every frame cost software WebGL four samples a pixel. Undefined when the browser
 * gives no WebGL 2 context: createPanoramaViewer then tries and reports it.
 */
export function prepareCanvas(): ViewerCanvas | undefined {
  try {
    const canvas = document.createElement('canvas');
    // what three.js asks for itself, with PSV's alpha, antialias off
    const context = canvas.getContext('webgl2', {
      alpha: true,
      antialias: false,
      depth: true,
      stencil: false,
      premultipliedAlpha: true,
      preserveDrawingBuffer: false,
      powerPreference: 'default',
      failIfMajorPerformanceCaveat: false,
    });
    return context ? { canvas, context } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates a viewer in `container` and starts loading the faces. Throws a ViewerError('no-webgl') when
 * the browser gives no WebGL 2 context; every later failure goes to `onError`, never to the page.
 */
export function createPanoramaViewer(options: ViewerOptions): PanoramaViewer {
  const pageCache = ThreeCache.enabled;
  let viewer: Viewer;
  try {
    viewer = new Viewer({
      container: options.container,
      adapter: SubdividedCubemapAdapter,
      defaultYaw: toViewerPosition(options.view).yaw,
      defaultPitch: toViewerPosition(options.view).pitch,
      defaultZoomLvl: options.view.zoom,
      // the buttons come in a task of their own (below)
      navbar: false,
      // PSV listens on window: the element turns the keys on only while it has focus (setKeyboard)
      keyboard: false,
      keyboardActions: {
        ArrowUp: 'ROTATE_UP',
        ArrowDown: 'ROTATE_DOWN',
        ArrowRight: 'ROTATE_RIGHT',
        ArrowLeft: 'ROTATE_LEFT',
        PageUp: 'ZOOM_IN',
        PageDown: 'ZOOM_OUT',
        // PSV compares Shift exactly: '+' typed with Shift needs its own pattern
        '+': 'ZOOM_IN',
        'Shift+Plus': 'ZOOM_IN',
        '=': 'ZOOM_IN',
        '-': 'ZOOM_OUT',
      } as never,
      // a page with many panoramas must still scroll with the wheel: ctrl + wheel zooms
      mousewheelCtrlKey: true,
      moveInertia: !options.reducedMotion,
      // every string as text (psv-texts.ts): PSV writes these with innerHTML
      loadingTxt: escapeHtml(options.texts.loading),
      // PSV keeps its own alpha and antialias over these; a given context brings its own
      ...(options.canvas && {
        rendererParameters: { canvas: options.canvas.canvas, context: options.canvas.context },
      }),
      lang: psvLang(options.texts),
    });
  } catch (cause) {
    throw new ViewerError('WebGL is not available', 'no-webgl', cause);
  } finally {
    // PSV turns three's file cache off for the page on every construction; the page's choice wins
    ThreeCache.enabled = pageCache;
  }
  // Without WebGL 2 PSV shows its own error and returns a half-built viewer instead of throwing.
  const renderer = (viewer as unknown as { renderer?: { renderer: { getContext(): WebGLRenderingContext } } })
    .renderer;
  if (!renderer) {
    safely(() => viewer.destroy());
    throw new ViewerError('WebGL is not available', 'no-webgl');
  }
  // a link status read at the first frame made the page wait for every program's link; a failed
  // program draws nothing and the snapshot and ready checks see that
  (renderer.renderer as unknown as WebGLRenderer).debug.checkShaderErrors = false;
  const gl = renderer.renderer.getContext();
  // exactly along a cube edge software WebGL still misdraws whole faces: see edge-view-guard.ts
  safely(() => viewer.renderer.setCustomRenderer((three) => edgeSafeRenderer(three, CUBE_EDGE_VERTICES)));

  let released = false;
  let readyFired = false;
  let texts = options.texts;
  let navbar = options.navbar;
  let autorotateSpeed = 0;
  let autorotateFrame = 0;
  let lastTick = 0;

  const onRender = () => {
    if (readyFired || !viewer.state.ready) return;
    readyFired = true;
    options.onReady();
  };
  const onChange = () => {
    if (!released) options.onViewChange(current());
  };
  const onProgress = (e: events.LoadProgressEvent) => options.onProgress(e.progress);
  viewer.addEventListener('render', onRender);
  viewer.addEventListener('position-updated', onChange);
  viewer.addEventListener('zoom-updated', onChange);
  viewer.addEventListener('load-progress', onProgress);

  const current = () => fromViewerPosition(viewer.getPosition(), viewer.getZoomLevel());
  const point = new Vector3();
  /** What a snapshot draws with, once the faces are drawn and until the viewer is released. */
  const drawn = (): SnapshotScene => {
    if (released || !viewer.state.ready)
      throw new DOMException('toBlob(): the panorama is not drawn yet', 'InvalidStateError');
    return viewer.renderer as unknown as SnapshotScene;
  };

  // The rest of the start, each in a task of its own (issue 20): the faces' load, then the navbar.
  // Not through the constructor: PSV would leave a failed load as an unhandled rejection.
  const later = (step: () => void) => setTimeout(() => released || step(), 0);
  later(() =>
    viewer
      .setPanorama(toPsvCubemap(options.faces), {
        position: toViewerPosition(options.view),
        zoom: options.view.zoom,
        transition: false,
      })
      .catch((cause: unknown) => {
        if (!released)
          options.onError(new ViewerError('A face of the panorama did not load', 'face-failed', cause));
      }),
  );
  let navbarSet = false;
  later(() => {
    // setNavbar() may have come first
    if (navbarSet || !navbar) return;
    safely(() => setNavbarButtons(viewer, { ...options, texts, navbar }));
    // PSV shows the navbar when the panorama is ready; the faces load over several tasks, but a
    // panorama in PSV's cache could be faster
    if (viewer.state.ready) viewer.navbar.show();
  });

  const tick = (time: number) => {
    autorotateFrame = 0;
    if (released || !autorotateSpeed) return;
    const dt = lastTick ? Math.min(100, time - lastTick) / 1000 : 0;
    lastTick = time;
    if (viewer.state.ready && dt) {
      const { yaw, pitch } = viewer.getPosition();
      viewer.rotate({ yaw: yaw + (autorotateSpeed * Math.PI * dt) / 180, pitch });
    }
    autorotateFrame = requestAnimationFrame(tick);
  };

  return {
    getView: current,
    setView(view) {
      if (released) return;
      viewer.rotate(toViewerPosition(view));
      viewer.zoom(view.zoom);
    },
    setAutorotate(speed) {
      autorotateSpeed = speed;
      lastTick = 0;
      if (speed && !autorotateFrame && !released) autorotateFrame = requestAnimationFrame(tick);
    },
    setAutorotateButton(active) {
      safely(() => viewer.navbar.getButton(AUTOROTATE_ID, false)?.toggleActive(active));
    },
    setFullscreenButton(active) {
      safely(() => viewer.navbar.getButton(FULLSCREEN_ID, false)?.toggleActive(active));
    },
    setNavbar(on) {
      navbar = on;
      navbarSet = true;
      safely(() => setNavbarButtons(viewer, { ...options, texts, navbar }));
    },
    setTexts(next) {
      texts = next;
      navbarSet = true;
      safely(() => {
        viewer.setOptions({ lang: psvLang(texts), loadingTxt: escapeHtml(texts.loading) });
        setNavbarButtons(viewer, { ...options, texts, navbar });
      });
    },
    setKeyboard(on) {
      if (on) viewer.startKeyboardControl();
      else viewer.stopKeyboardControl();
    },
    project(direction) {
      if (released || !viewer.state.ready) return undefined;
      viewer.dataHelper.sphericalCoordsToVector3(toViewerPosition({ ...direction, zoom: 0 }), point);
      if (point.dot(viewer.state.direction) <= 0) return undefined; // behind the camera
      const at = viewer.dataHelper.vector3ToViewerCoords(point);
      const { width, height } = viewer.state.size;
      return at.x >= 0 && at.x <= width && at.y >= 0 && at.y <= height ? at : undefined;
    },
    onRender(listener) {
      const handler = () => !released && listener();
      viewer.addEventListener('render', handler);
      return () => viewer.removeEventListener('render', handler);
    },
    snapshotLimit() {
      return snapshotLimit(drawn());
    },
    snapshot(size) {
      return renderSnapshot(drawn(), size);
    },
    setFaces(faces, view) {
      if (released) return Promise.reject(new ViewerError('the viewer was released', 'face-failed'));
      return viewer
        .setPanorama(toPsvCubemap(faces), {
          position: toViewerPosition(view),
          zoom: view.zoom,
          transition: false,
          showLoader: false,
        })
        .then(
          () => undefined,
          (cause: unknown) => {
            throw new ViewerError('A face of the panorama did not load', 'face-failed', cause);
          },
        );
    },
    release() {
      if (released) return;
      released = true;
      cancelAnimationFrame(autorotateFrame);
      safely(() => viewer.destroy());
      // destroy() disposes three's renderer but keeps the context: browsers allow about 16 live ones.
      safely(() => gl.getExtension('WEBGL_lose_context')?.loseContext());
    },
  };
}

/** The navbar's buttons, their titles text in PSV's menu of collapsed buttons too (psv-texts.ts). */
function setNavbarButtons(viewer: Viewer, options: ViewerOptions): void {
  viewer.setOption('navbar', navbarButtons(options));
  if (!options.navbar) return;
  for (const id of [AUTOROTATE_ID, FULLSCREEN_ID]) textOnlyMenuTitle(viewer.navbar.getButton(id, false));
}

function navbarButtons(options: ViewerOptions): false | (string | NavbarCustomButton)[] {
  if (!options.navbar) return false;
  return [
    'zoom',
    {
      id: AUTOROTATE_ID,
      // a key of `lang` (psvLang): PSV looks the title up there, so no text can collide with a key
      title: 'autorotate',
      className: 'room-panorama-autorotate',
      content: ICON_AUTOROTATE,
      onClick: () => options.onAutorotateButton(),
    },
    {
      id: FULLSCREEN_ID,
      title: 'fullscreen',
      className: 'room-panorama-fullscreen',
      content: ICON_FULLSCREEN,
      onClick: () => options.onFullscreenButton(),
    },
  ];
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // tearing down a half-built or already destroyed viewer: nothing left to free
  }
}
