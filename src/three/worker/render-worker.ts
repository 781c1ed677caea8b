/**
 * The render worker behind `<room-viewer renderer="worker">`: builds each viewer's room and draws it with
 * one shared WebGL renderer on an OffscreenCanvas, so the page's own thread evaluates no three.js and does
 * no WebGL work at all (no shader compile, no shadow pass, no frame). Each view draws into its own canvas,
 * transferred from the page; the page forwards input (worker-view.ts) and hears frames, camera moves,
 * the render scale and failures back. The same RoomView and SharedRenderer run here as on the page.
 */
import { prepareRoomGeometry, type MeshLoader } from '../build-room.js';
import { touchScrolls } from '../controls.js';
// the mesh loader and the snapshot with the worker's own code, not as chunks of their own: a page's
// bundler copies a package's worker file alone (vite.lib.config.ts), and its chunks would not be beside it
import { loadFurnitureMesh } from '../furniture-meshes.js';
// selection drawn here as on the page: picking, the outline and framing a piece (a few KB of the worker)
import { flyTo, frameComponent, jumpTo } from '../fly.js';
import { pickComponent } from '../picking.js';
import { SelectionOutline } from '../selection-outline.js';
import type { ModelComponent } from '../../model/types.js';
import { nextTask } from '../../platform/yield.js';
import { RoomView } from '../room-view.js';
import { renderSnapshot, snapshotLimit } from '../snapshot.js';
import { SharedRenderer } from '../shared-renderer.js';
import { ElementProxy } from './element-proxy.js';
import type { FromRenderWorker, StartMessage, ToRenderWorker } from './protocol.js';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ToRenderWorker>) => void) | null;
  postMessage(message: FromRenderWorker, transfer?: Transferable[]): void;
};

interface Entry {
  view?: RoomView;
  proxy: ElementProxy;
  /** What the view starts with; the page's changes while it is built are written here. */
  start: StartMessage;
  visible: boolean;
  /** Disposed before its build finished. */
  gone?: boolean;
  /** Made when there is first something to outline. */
  outline?: SelectionOutline;
  /** The outline asked for before the view was built. */
  outlined?: { selected: string[]; highlighted: string[] };
  /** The component to frame once built (`focus-component` at the start). */
  framed?: string;
  /** The model's components by id (picking answers, outlines and framing name them). */
  components: Map<string, ModelComponent>;
}

const views = new Map<number, Entry>();

/**
 * Between two slices of the build and the first draw: lets the page's messages (input, a resize, a
 * dispose) in. A plain timer: this thread has no page to keep painting, only messages to answer.
 */
const yieldToPage = nextTask;
const post = (message: FromRenderWorker) => scope.postMessage(message);

/** The products' meshes through the built-in loader (one cache for the worker's viewers). */
function meshLoader(base: string, basisTranscoderPath: string | undefined): MeshLoader {
  return (component) => loadFurnitureMesh(component, base, { basisTranscoderPath });
}

async function startView(message: StartMessage): Promise<void> {
  const { id } = message;
  const proxy = new ElementProxy(message.canvas);
  proxy.setSize(message.width, message.height);
  const components = new Map(message.model.components.map((c) => [c.id, c]));
  const entry: Entry = { proxy, start: message, visible: true, components };
  views.set(id, entry);
  try {
    // the same slices as on the page: the worker's own messages (input, a resize) get through between them
    const prepared = await prepareRoomGeometry(message.plan, yieldToPage, message.model);
    if (entry.gone) return;
    const view: RoomView = new RoomView({
      canvas: proxy as unknown as HTMLCanvasElement,
      keyTarget: proxy as unknown as HTMLElement,
      model: message.model,
      plan: message.plan,
      prepared,
      camera: message.camera,
      controls: message.controls,
      autoRotate: message.autoRotate,
      mediaBase: message.mediaBase,
      meshLoader: message.furnitureBase
        ? meshLoader(message.furnitureBase, message.basisTranscoderPath)
        : undefined,
      width: message.width,
      height: message.height,
      pixelRatio: message.pixelRatio,
      yieldToPage,
      onFrame: (frames) => {
        const { total, pending } = view.room.materials;
        post({ type: 'frame', id, frames, total, pending });
      },
      onCameraChange: (change) => post({ type: 'camera', id, change }),
      onRenderScale: (detail) => post({ type: 'render-scale', id, detail }),
      onTextureError: (url) => {
        const { total, pending } = entry.view?.room.materials ?? { total: 0, pending: 0 };
        post({ type: 'texture-error', id, url, total, pending });
      },
      onComponentError: (error, component) => {
        const failure = error as { name?: string; kind?: 'network' | 'server' | 'invalid'; message?: string };
        post({
          type: 'component-error',
          id,
          componentId: component.id,
          message: String(failure?.message ?? error),
          ...(failure?.name === 'FurnitureMeshError' ? { kind: failure.kind ?? 'invalid' } : {}),
        });
      },
      onContextGone: () => post({ type: 'context-gone', id }),
    });
    entry.view = view;
    if (!message.furnitureVisible) view.setFurnitureVisible(false);
    view.setVisible(entry.visible);
    touchScrolls(view.controls, message.touchScrolls);
    if (entry.outlined) showOutline(entry, entry.outlined);
    if (entry.framed) frame(entry, entry.framed, false);
    post({ type: 'built', id });
  } catch (error) {
    views.delete(id);
    entry.view?.dispose();
    post({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) });
  }
}

/** Outlines the selection and the highlight (the outline is made when there is first one to show). */
function showOutline(entry: Entry, ids: { selected: string[]; highlighted: string[] }): void {
  const { view } = entry;
  entry.outlined = ids;
  if (!view) return;
  const of = (list: string[]) =>
    list.map((id) => entry.components.get(id)).filter((c): c is ModelComponent => !!c);
  const selected = of(ids.selected);
  const highlighted = of(ids.highlighted);
  if (!entry.outline && !selected.length && !highlighted.length) return;
  entry.outline ??= new SelectionOutline(view);
  entry.outline.show(selected, highlighted);
}

/** Frames a component: a flight, or a jump (the opening view, reduced motion). */
function frame(entry: Entry, componentId: string, fly: boolean): void {
  const { view } = entry;
  const component = entry.components.get(componentId);
  if (!view) {
    entry.framed = componentId;
    return;
  }
  if (!component) return;
  const to = frameComponent(view, component);
  if (fly) void flyTo(view, to, { jump: false });
  else jumpTo(view, to);
}

function info(request: number): void {
  const shared = SharedRenderer.peek();
  const memory = shared?.renderer.info.memory;
  let gpu = '';
  try {
    const gl = shared?.renderer.getContext();
    const ext = gl?.getExtension('WEBGL_debug_renderer_info');
    gpu = String(gl?.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
  } catch {
    // a lost context answers nothing: no name
  }
  post({
    type: 'info',
    request,
    info: {
      views: shared?.views.size ?? 0,
      geometries: memory?.geometries ?? 0,
      textures: memory?.textures ?? 0,
      gpu,
    },
  });
}

/**
 * The view's canvas as it is now, or drawn again at the asked size (`toBlob()`), as a bitmap the page can
 * draw (transferred, not copied).
 */
async function picture(
  { id, request, width, height }: Extract<ToRenderWorker, { type: 'picture' }>,
  view: RoomView | undefined,
): Promise<void> {
  const answer = (bitmap?: ImageBitmap, error?: { name: string; message: string }) =>
    scope.postMessage({ type: 'picture', id, request, bitmap, error }, bitmap ? [bitmap] : []);
  if (!view || view.frames === 0)
    return answer(undefined, { name: 'InvalidStateError', message: 'no room is drawn yet' });
  try {
    let canvas = view.target.canvas as unknown as OffscreenCanvas;
    if (width && height) {
      const limit = snapshotLimit();
      if (width > limit || height > limit)
        throw new RangeError(`toBlob(): width and height must be at most ${limit} pixels on this GPU`);
      canvas = renderSnapshot(view, { width, height }) as unknown as OffscreenCanvas;
    }
    answer(await createImageBitmap(canvas));
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    answer(undefined, { name, message });
  }
}

scope.onmessage = ({ data }) => {
  if (data.type === 'start') return void startView(data);
  if (data.type === 'info') return info(data.request);
  const entry = views.get(data.id);
  if (!entry) return;
  const { view, start } = entry;
  // before the view is built, a change is written into what it starts with
  switch (data.type) {
    case 'event':
      entry.proxy.forward(data.event);
      break;
    case 'size':
      entry.proxy.setSize(data.width, data.height);
      Object.assign(start, { width: data.width, height: data.height, pixelRatio: data.pixelRatio });
      view?.setSize(data.width, data.height, data.pixelRatio);
      break;
    case 'visible':
      entry.visible = data.visible;
      view?.setVisible(data.visible);
      break;
    case 'camera-mode':
      start.camera = data.mode;
      view?.setCameraMode(data.mode);
      break;
    case 'controls':
      start.controls = data.enabled;
      view?.setControls(data.enabled);
      break;
    case 'auto-rotate':
      start.autoRotate = data.on;
      view?.setAutoRotate(data.on);
      break;
    case 'touch-scrolls':
      start.touchScrolls = data.scrolls;
      if (view) touchScrolls(view.controls, data.scrolls);
      break;
    case 'furniture':
      start.furnitureVisible = data.visible;
      view?.setFurnitureVisible(data.visible);
      break;
    case 'picture':
      void picture(data, view);
      break;
    case 'pick': {
      const hit = view && view.frames > 0 ? pickComponent(view, data.x, data.y) : undefined;
      post({ type: 'pick', id: data.id, request: data.request, componentId: hit?.component.id });
      break;
    }
    case 'outline':
      showOutline(entry, data);
      break;
    case 'frame-component':
      frame(entry, data.componentId, data.fly);
      break;
    case 'dispose':
      entry.gone = true;
      views.delete(data.id);
      entry.outline?.dispose();
      view?.dispose();
      break;
  }
};
