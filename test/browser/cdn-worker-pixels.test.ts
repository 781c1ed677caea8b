/**
 * The render worker as BUILT (dist/cdn, `npm run build` first) draws what its sources draw. The build
 * trims three.js in the workers (scripts/worker-trims.ts: the shaders of materials the worker never
 * makes, the branches of what no program asks for, PMREMGenerator, WebXR), which the sources (these
 * tests, `npm start`) never do: a trim that changed a pixel of a room would show here first. A room of
 * the emulator (walls, floors, windows' glass as MeshStandardMaterial, the sun's shadow, contact shadows),
 * one with furniture meshes, one whose camera the attributes place (before OrbitControls, a later stage,
 * arrive: src/three/still-controls.ts) and a selected piece, drawn by both at one size and compared pixel
 * for pixel.
 */
import { expect } from '@esm-bundle/chai';
import '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { renderWorkerInfo } from '../../src/elements/room-viewer/worker-view.ts';
import { configure, resetConfig } from '../../src/config.ts';
import { sendMouse } from '@web/test-runner-commands';
import { cleanup, mountLoaded, until, waitForEvent } from './helpers/wait.ts';
import { requireWebGL } from './helpers/webgl.ts';

type Seen = { type: string; thread?: string; message?: string };
type FrameWindow = Window & typeof globalThis & { __seen: Seen[] };
const frames: HTMLIFrameElement[] = [];
const SIZE = { width: 240, height: 180 };

/** A page that loads the viewer from the built CDN folder (served fresh, web-test-runner.config.mjs). */
async function builtPage(markup: string): Promise<FrameWindow> {
  const base = `${location.origin}/__cdn/${Date.now()}${Math.random().toString(36).slice(2, 6)}/`;
  const iframe = document.createElement('iframe');
  iframe.style.cssText = 'inline-size: 400px; block-size: 300px; border: 0';
  const loaded = new Promise((resolve) => (iframe.onload = resolve));
  iframe.srcdoc = `<!doctype html><html lang="en"><head><script>
      window.__seen = [];
      const error = console.error;
      console.error = (...args) => { __seen.push({ type: 'error', message: args.join(' ') }); error(...args); };
      addEventListener('model-load', (e) => __seen.push({ type: 'model-load', thread: e.target.renderThread }), true);
      addEventListener('model-error', (e) => __seen.push({ type: 'model-error', message: String(e.detail.error.message) }), true);
    </script></head><body>${markup}
    <script type="module">
      import { configure } from '${base}room-elements.js';
      configure({ apiBase: '${location.origin}/room-styling' });
    </script>
    <script type="module" src="${base}room-elements.js"></script>
    </body></html>`;
  document.body.append(iframe);
  frames.push(iframe);
  await loaded;
  return iframe.contentWindow as FrameWindow;
}

/** A PNG's RGBA bytes. */
async function pixels(blob: Blob): Promise<Uint8ClampedArray> {
  const bitmap = await createImageBitmap(blob);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height).data;
}

/** How many pixels of two pictures of one size differ at all. */
function differing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 4)
    if (a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2] || a[i + 3] !== b[i + 3]) count++;
  return count;
}

async function roomId(): Promise<number> {
  return (await (await fetch('/room-styling/rooms?limit=1')).json()).rooms[0].id;
}

/**
 * The same viewer from the sources (this page, every furniture mesh settled) and from the build (an
 * iframe): how many pixels of the built one's picture still differ after up to 30 s (its meshes arrive
 * in their own time: its picture is taken again until it is the same).
 */
async function differenceOfBuilt(attributes: Record<string, string>, select = false): Promise<number> {
  const local = document.createElement('div');
  local.innerHTML = viewerMarkup(attributes);
  const viewer = local.firstElementChild as RoomViewer;
  let model: { components: { id: string; kind: string }[] } | undefined;
  viewer.addEventListener('model-load', (e) => (model = (e as CustomEvent).detail.model), { once: true });
  await mountLoaded(viewer, 30000);
  expect(viewer.renderThread).to.equal('worker');
  await until(async () => (await renderWorkerInfo())?.furniture.pending === 0, 30000, 'every piece settled');
  let fromSources = await pixels(await viewer.toBlob(SIZE));
  expect(fromSources.length).to.equal(SIZE.width * SIZE.height * 4);
  if (select) {
    // a piece selected: its outline, drawn by the features stage with three's lines
    const piece = model!.components.find((c) => c.kind === 'furniture')!.id;
    attributes = { ...attributes, selected: piece };
    viewer.selected = [piece];
    const unselected = fromSources;
    await until(
      async () => differing(unselected, (fromSources = await pixels(await viewer.toBlob(SIZE)))) > 0,
      15000,
      'the outline drawn',
    );
  }
  const { built, win } = await builtViewer(attributes);
  return differingAfter(fromSources, built, win);
}

/** The viewer with `attributes` from the build (an iframe), loaded in its render worker. */
async function builtViewer(
  attributes: Record<string, string>,
): Promise<{ built: RoomViewer; win: FrameWindow }> {
  const win = await builtPage(viewerMarkup(attributes));
  await until(
    () => win.__seen.some((e) => e.type === 'model-load' || e.type === 'model-error'),
    30000,
    'the built viewer loaded',
  );
  expect(win.__seen.filter((e) => e.type !== 'model-load')).to.deep.equal([]);
  expect(win.__seen.find((e) => e.type === 'model-load')?.thread).to.equal('worker');
  return { built: win.document.querySelector('room-viewer') as RoomViewer, win };
}

/**
 * How many pixels of the built viewer's picture still differ from `fromSources` after up to 30 s (its
 * meshes and textures arrive in their own time: its picture is taken again until it is the same).
 */
async function differingAfter(
  fromSources: Uint8ClampedArray,
  built: RoomViewer,
  win: FrameWindow,
): Promise<number> {
  const deadline = performance.now() + 30000;
  let count = differing(fromSources, await pixels(await built.toBlob(SIZE)));
  while (count > 0 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    count = differing(fromSources, await pixels(await built.toBlob(SIZE)));
  }
  // the trims' own errors (a trimmed shader or feature asked for) would be in the frame's console
  expect(win.__seen.filter((e) => e.type === 'error')).to.deep.equal([]);
  return count;
}

/** The markup of a viewer with `attributes`, at the pictures' size. */
function viewerMarkup(attributes: Record<string, string>): string {
  const list = Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  return `<room-viewer ${list} style="display: block; inline-size: ${SIZE.width}px; block-size: ${SIZE.height}px"></room-viewer>`;
}

/**
 * The same viewer from the sources (this page) and from the build (an iframe), both loaded: the source
 * one with every texture settled (its `progress` at 1) and every piece.
 */
async function besideBuilt(
  attributes: Record<string, string>,
): Promise<{ viewer: RoomViewer; built: RoomViewer; iframe: HTMLIFrameElement; win: FrameWindow }> {
  const local = document.createElement('div');
  local.innerHTML = viewerMarkup(attributes);
  const viewer = local.firstElementChild as RoomViewer;
  let progress = 0;
  viewer.addEventListener('progress', (e) => (progress = (e as CustomEvent).detail.totalProgress));
  await mountLoaded(viewer, 30000);
  expect(viewer.renderThread).to.equal('worker');
  await until(() => progress === 1, 30000, 'every texture settled');
  await until(async () => (await renderWorkerInfo())?.furniture.pending === 0, 30000, 'every piece settled');
  const { built, win } = await builtViewer(attributes);
  return { viewer, built, iframe: frames.at(-1)!, win };
}

/** How many pixels of the built viewer's picture still differ from the source one's after up to 30 s. */
async function stillDiffering(viewer: RoomViewer, built: RoomViewer, win: FrameWindow): Promise<number> {
  return differingAfter(await pixels(await viewer.toBlob(SIZE)), built, win);
}

describe('CDN: the built render worker (three.js trimmed) draws as its sources do', function () {
  this.timeout(90000);
  before(function () {
    requireWebGL(this);
    configure({ apiBase: `${location.origin}/room-styling` });
  });
  after(resetConfig);
  afterEach(() => {
    frames.splice(0).forEach((frame) => frame.remove());
    cleanup();
  });

  it('a room of the emulator: the same pixels', async () => {
    const differ = await differenceOfBuilt({
      'room-id': String(await roomId()),
      loading: 'eager',
      poster: '',
    });
    expect(differ, 'pixels that differ').to.equal(0);
  });

  it('a room with furniture meshes (their materials rebuilt in the worker): the same pixels', async () => {
    const differ = await differenceOfBuilt({
      'room-id': '6346900',
      'furniture-base': `${location.origin}/room-styling`,
      loading: 'eager',
      camera: 'top',
      poster: '',
    });
    expect(differ, 'pixels that differ').to.equal(0);
  });

  it('a camera from camera-orbit and camera-target, placed before the controls arrive (a later stage): the same pixels', async () => {
    const differ = await differenceOfBuilt({
      'room-id': String(await roomId()),
      loading: 'eager',
      poster: '',
      'camera-orbit': '30deg 60deg 6m',
      'camera-target': '0m 0.5m 0m',
    });
    expect(differ, 'pixels that differ').to.equal(0);
  });

  it('a room with textures (fetched and decoded by the worker form of texture-loader.ts): the same pixels', async () => {
    const attributes = { 'room-id': String(await roomId()), loading: 'eager', camera: 'top', poster: '' };
    const { viewer, built, win } = await besideBuilt({
      ...attributes,
      'media-base': `${location.origin}/room-styling/media`,
    });
    expect(await stillDiffering(viewer, built, win), 'pixels that differ').to.equal(0);
    // and the picture compared is a textured one: the same room without its textures is not it
    const textured = await pixels(await viewer.toBlob(SIZE));
    const local = document.createElement('div');
    local.innerHTML = viewerMarkup(attributes);
    const plain = await mountLoaded(local.firstElementChild as RoomViewer, 30000);
    expect(
      differing(textured, await pixels(await plain.toBlob(SIZE))),
      'pixels the textures change',
    ).to.be.greaterThan(100);
  });

  it("a piece picked by a click in the built worker (Mesh.raycast from three's later module): the same piece and pixels", async () => {
    const { viewer, built, iframe, win } = await besideBuilt({
      'room-id': '6346900',
      'furniture-base': `${location.origin}/room-styling`,
      loading: 'eager',
      camera: 'top',
      poster: '',
    });
    expect(await stillDiffering(viewer, built, win), 'pixels before the click').to.equal(0);
    const canvasRect = (el: RoomViewer) => el.shadowRoot!.querySelector('canvas')!.getBoundingClientRect();
    const frameRect = iframe.getBoundingClientRect();
    let picked: string | undefined;
    let at: [number, number] | undefined;
    // the first click that lands on a piece of the built viewer (the features stage loads at the first)
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.35, 0.5],
      [0.65, 0.5],
      [0.5, 0.35],
      [0.5, 0.65],
      [0.3, 0.3],
      [0.7, 0.7],
      [0.3, 0.7],
      [0.7, 0.3],
    ] as const) {
      const rect = canvasRect(built);
      const point: [number, number] = [
        Math.round(frameRect.left + rect.left + fx * rect.width),
        Math.round(frameRect.top + rect.top + fy * rect.height),
      ];
      const select = waitForEvent<{ component: { id: string } }>(built, 'component-select', 3000).catch(
        () => undefined,
      );
      await sendMouse({ type: 'click', position: point });
      picked = (await select)?.detail.component.id;
      if (picked) {
        at = [fx, fy];
        break;
      }
    }
    expect(picked, 'a piece picked in the built worker').to.be.a('string');
    expect(built.selected).to.deep.equal([picked]);
    // the same point of the source viewer picks the same piece
    const rect = canvasRect(viewer);
    const select = waitForEvent<{ component: { id: string } }>(viewer, 'component-select', 3000);
    await sendMouse({
      type: 'click',
      position: [Math.round(rect.left + at![0] * rect.width), Math.round(rect.top + at![1] * rect.height)],
    });
    expect((await select).detail.component.id).to.equal(picked);
    // and both draw its outline alike
    expect(await stillDiffering(viewer, built, win), 'pixels after the pick').to.equal(0);
  });

  it("a selected piece's outline (the features stage, its lines from three's later-stage module): the same pixels", async () => {
    const differ = await differenceOfBuilt(
      { 'room-id': String(await roomId()), loading: 'eager', poster: '' },
      true,
    );
    expect(differ, 'pixels that differ').to.equal(0);
  });
});
