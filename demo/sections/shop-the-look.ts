/**
 * Demo: "shop the look" on the project's showcase room (6346900: an open-plan living room, dining
 * corner and kitchen the emulator serves on a plain clone, its furniture drawn as the products' meshes
 * through `furniture-base`), or with `?shop-room=6346838` on the real sample room ("The Lake", when
 * ../shared/realdata is there; without it the emulator serves a generated room under that id, whose
 * pieces are not in the shop's catalogue: the cards then say so). A `<room-viewer>` and a `<room-plan for=…>` in sync,
 * a product card per picked piece from the page's own catalogue (shop-the-look.catalogue.ts, made-up
 * products), pins (`slot="hotspot"`) on a few products, measuring, cutaway, a snapshot, full screen,
 * and a link that carries the current view.
 *
 * Everything from the model (ids, product hashes) is written as text; only http(s) URLs become links.
 */
import '../../src/elements/room-viewer/room-viewer.ts';
import '../../src/elements/room-plan/room-plan.ts';
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import type { RoomPlan } from '../../src/elements/room-plan/room-plan.ts';
import type { ComponentSelectDetail } from '../../src/events/index.ts';
import type { ModelComponent, RoomModel, Vec3 } from '../../src/model/types.ts';
import { formatLength, parseUnits, type Units } from '../../src/model/units.ts';
import { safeHttpUrl } from '../../src/api/safe-url.ts';
import { getConfig } from '../../src/config.ts';
import { eventLog, labelled, option } from '../controls.ts';
import { CATALOGUE, formatPrice, type Product } from './shop-the-look.catalogue.ts';
import { sellTheLook } from './shop-the-look.sell.ts';
import { makeItYours } from './shop-the-look.yours.ts';
import styles from './shop-the-look.css?inline';

const SHOWCASE_ROOM = '6346900';
const SAMPLE_ROOM = '6346838';
/** `?shop-room=6346838`: the real sample instead of the showcase room. */
const ROOM_PARAM = 'shop-room';
const VIEWER_ID = 'shop-viewer';
/** The URL parameters of a linked view: the viewer's own attribute names. */
const VIEW_PARAMS = ['camera-orbit', 'camera-target'] as const;
/** A product page's link into the room: `?focus=<component id>` opens the viewer framed on it. */
const FOCUS_PARAM = 'focus';
/** Each room's opening view from the south, above the walls: model space, centimetres, z up. */
const OPENING_VIEWS: Record<string, { position: Vec3; target: Vec3 }> = {
  // the sample's living room
  [SAMPLE_ROOM]: { position: [550, -729, 574], target: [550, 90, 0] },
  // the whole showcase room
  [SHOWCASE_ROOM]: { position: [400, -260, 470], target: [400, 230, 0] },
};

function button(text: string, part?: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (part) b.className = part;
  return b;
}

function checkbox(checked = false): HTMLInputElement {
  const input = document.createElement('input');
  input.type = 'checkbox';
  input.checked = checked;
  return input;
}

/** A paragraph of controls, a space between each. */
function row(className: string, ...items: Node[]): HTMLParagraphElement {
  const p = document.createElement('p');
  p.className = className;
  items.forEach((item, i) => p.append(...(i ? [' ', item] : [item])));
  return p;
}

/** A checkbox's label: the box first, as forms show them. */
function checkLabel(text: string, input: HTMLInputElement): HTMLLabelElement {
  const label = document.createElement('label');
  label.append(input, ` ${text}`);
  return label;
}

function textElement<K extends keyof HTMLElementTagNameMap>(tag: K, text: string, className?: string) {
  const el = document.createElement(tag);
  el.textContent = text;
  if (className) el.className = className;
  return el;
}

/** A URL parameter as an attribute value: short, one line (the element parses it and ignores nonsense). */
function param(search: URLSearchParams, name: string): string | undefined {
  const value = search.get(name)?.trim();
  return value && value.length <= 120 && !/[\n\r]/.test(value) ? value : undefined;
}

const sizeText = (size: ComponentSelectDetail['component']['size'], units: Units) =>
  [size.width, size.depth, size.height].map((cm) => formatLength(cm, units)).join(' × ');

export default function shopTheLookDemo(section: HTMLElement): void {
  const style = document.createElement('style');
  style.textContent = styles;

  const intro = document.createElement('p');
  intro.textContent =
    'A retailer’s page around a furnished room (the project’s showcase room, its furniture drawn from the ' +
    'products’ own 3D models): pick a piece of furniture in the 3D view, on the plan, ' +
    'or with the keyboard through the room’s description (Tab into the viewer’s list), and its product ' +
    'card shows. The plan follows the 3D camera (the dot and cone) and a click on a room in the plan flies ' +
    'the camera there. "Add the whole look" (top of the 3D view), a piece’s "Add to cart" in the description ' +
    'and the card’s button fill the page’s own basket; the room can be shown empty, or furnished and empty side ' +
    'by side on one camera, and the plan lists its quantities. The products, prices and links are made up for ' +
    'this demo (shop.example).';

  const search = new URLSearchParams(location.search);
  const apiBase = getConfig().apiBase;
  const mediaBase = `${apiBase}/media`;
  const room = param(search, ROOM_PARAM) === SAMPLE_ROOM ? SAMPLE_ROOM : SHOWCASE_ROOM;

  const viewer = document.createElement('room-viewer');
  viewer.id = VIEWER_ID;
  viewer.setAttribute('room-id', room);
  viewer.setAttribute('media-base', mediaBase);
  // the products' meshes: each piece's `model` path, as .glb, under the service's root (the real
  // sample's products have none there: they stay boxes)
  viewer.setAttribute('furniture-base', apiBase);
  viewer.setAttribute('aria-label', 'The room in 3D');
  for (const name of VIEW_PARAMS) {
    const value = param(search, name);
    if (value) viewer.setAttribute(name, value);
  }
  const focus = param(search, FOCUS_PARAM);
  if (focus) viewer.setAttribute('focus-component', focus);
  const linkedView = focus || VIEW_PARAMS.some((name) => param(search, name));

  const plan = document.createElement('room-plan');
  plan.setAttribute('for', VIEWER_ID);
  plan.setAttribute('room-id', room);
  plan.setAttribute('aria-label', 'The room’s floor plan');

  const stage = document.createElement('div');
  stage.className = 'shop-stage';
  stage.append(viewer, plan);

  // the card: a polite live region, so a screen reader hears the product picked
  const card = document.createElement('div');
  card.className = 'shop-card';
  card.setAttribute('aria-live', 'polite');
  card.append(textElement('p', 'Pick a piece of furniture to see its product.', 'shop-card-empty'));

  // controls
  const measure = checkbox();
  const cutaway = checkbox(true);
  viewer.setAttribute('cutaway', '');
  const describe = checkbox();
  const units = document.createElement('select');
  units.append(option('metric', 'metric'), option('imperial', 'imperial'));
  const snapshot = button('Snapshot of the 3D view');
  const planSnapshot = button('Snapshot of the plan');
  const download = document.createElement('a');
  download.className = 'shop-download';
  download.hidden = true;
  const preview = document.createElement('img');
  preview.className = 'shop-preview';
  preview.hidden = true;
  const fullViewer = button('3D view full screen');
  const fullPlan = button('Plan full screen');
  const viewLink = document.createElement('a');
  viewLink.className = 'shop-view-link';
  viewLink.textContent = 'Link to this view';
  const measured = document.createElement('output');
  measured.className = 'shop-measured';

  const controls = row(
    'controls shop-controls',
    checkLabel('Measure', measure),
    checkLabel('Cutaway', cutaway),
    labelled('Units', units),
    checkLabel('Show the room’s description', describe),
    measured,
  );
  const actions = row(
    'controls shop-actions',
    snapshot,
    planSnapshot,
    download,
    fullViewer,
    fullPlan,
    viewLink,
  );

  const { log, write } = eventLog(8);

  // --- the model: which pieces there are, for hotspots and highlighting a product's every piece
  let components: readonly ModelComponent[] = [];
  viewer.addEventListener('model-load', (e) => {
    components = e.detail.model.components;
    placeHotspots(viewer, e.detail.model);
    const known = components.filter((c) => c.componentId && CATALOGUE.has(c.componentId)).length;
    // opened without a linked view: fly out of the model's own camera to a dollhouse view (the cutaway
    // opens the south walls), where the pins show
    if (known && !linkedView) viewer.flyTo(OPENING_VIEWS[room]!).catch(() => undefined);
    // opened from a product's link: that piece is framed (focus-component) and its card shows
    if (focus) viewer.selectComponent(focus);
    write(
      `model-load: ${components.length} components, ${known} of them in the shop’s catalogue` +
        (known ? '' : ' (not the real sample: ../shared/realdata is missing, a generated room is shown)'),
    );
  });
  viewer.addEventListener('model-error', (e) => write(`model-error: ${e.detail.error.message}`));

  // --- the product card, for a pick in either element (the event bubbles and is composed)
  const showCard = (detail: ComponentSelectDetail) => {
    const { component } = detail;
    const product = component.componentId ? CATALOGUE.get(component.componentId) : undefined;
    const same = components
      .filter((c) => c.componentId && c.componentId === component.componentId)
      .map((c) => c.id);
    card.replaceChildren(productCard(component, product, parseUnits(units.value), same.length, viewer));
    // hovering the card shows every piece of that product in both views
    card.onpointerenter = () => {
      viewer.highlight(same);
      plan.highlight(same);
    };
    card.onpointerleave = () => {
      viewer.highlight();
      plan.highlight();
    };
  };
  stage.addEventListener('component-select', (e) => {
    const { component, source } = e.detail;
    write(`component-select (${source}): ${component.id}, product ${component.componentId ?? 'unknown'}`);
    showCard(e.detail);
  });

  // --- measuring, cutaway, units, the description
  stage.addEventListener('measure', (e) => {
    measured.textContent = `Measured: ${e.detail.text}`;
    write(`measure: ${e.detail.text} (${e.detail.distance.toFixed(1)} cm)`);
  });
  measure.addEventListener('change', () => {
    viewer.toggleAttribute('measure', measure.checked);
    plan.toggleAttribute('measure', measure.checked);
    measured.textContent = measure.checked ? 'Click two points in the 3D view or on the plan.' : '';
  });
  cutaway.addEventListener('change', () => viewer.toggleAttribute('cutaway', cutaway.checked));
  // the viewer has its own measure button (and Esc leaves the mode): the checkbox and the plan follow it
  new MutationObserver(() => {
    const on = viewer.hasAttribute('measure');
    if (on === measure.checked) return;
    measure.checked = on;
    plan.toggleAttribute('measure', on);
    if (!on) measured.textContent = '';
  }).observe(viewer, { attributes: true, attributeFilter: ['measure'] });
  units.addEventListener('change', () => {
    viewer.setAttribute('units', units.value);
    plan.setAttribute('units', units.value);
  });
  describe.addEventListener('change', () => stage.classList.toggle('show-description', describe.checked));

  // --- snapshots: a Blob from the element, offered as a download link with a preview
  let objectUrl = '';
  const takeSnapshot = async (el: RoomViewer | RoomPlan, name: string) => {
    try {
      const blob = await el.toBlob({ type: 'image/png', width: 1200, height: 800 });
      if (objectUrl) URL.revokeObjectURL(objectUrl);
      objectUrl = URL.createObjectURL(blob);
      download.href = objectUrl;
      download.download = `${name}.png`;
      download.textContent = `Download ${name}.png (${Math.round(blob.size / 1024)} kB)`;
      download.hidden = false;
      preview.src = objectUrl;
      preview.alt = `Snapshot: ${name}.png, 1200 × 800`;
      preview.hidden = false;
      write(`snapshot: ${name}.png, ${blob.type}, ${blob.size} bytes`);
    } catch (error) {
      write(`snapshot failed: ${(error as Error).message}`);
    }
  };
  snapshot.addEventListener('click', () => void takeSnapshot(viewer, 'room-3d'));
  planSnapshot.addEventListener('click', () => void takeSnapshot(plan, 'room-plan'));

  // --- full screen: the standard API on the element itself (each element reacts to it)
  const fullscreen = (el: HTMLElement) => {
    el.requestFullscreen?.().catch((error: Error) => write(`full screen refused: ${error.message}`));
  };
  fullViewer.addEventListener('click', () => fullscreen(viewer));
  fullPlan.addEventListener('click', () => fullscreen(plan));

  // --- a view you can link to: the viewer reflects its camera into attributes as the user moves
  const updateLink = () => {
    const url = new URL(location.href);
    // until the viewer writes its camera (the first move, or the opening flight) the page's own URL is the view
    if (!viewer.hasAttribute('camera-orbit')) return;
    for (const name of VIEW_PARAMS) {
      const value = viewer.getAttribute(name);
      if (value) url.searchParams.set(name, value);
      else url.searchParams.delete(name);
    }
    url.searchParams.delete(FOCUS_PARAM);
    url.hash = section.id;
    viewLink.href = url.href;
  };
  viewLink.href = new URL(`#${section.id}`, location.href).href;
  new MutationObserver(updateLink).observe(viewer, { attributes: true, attributeFilter: [...VIEW_PARAMS] });
  updateLink();

  // selling the whole look: the basket, furnished or empty, side by side, quantities, analytics
  const sell = sellTheLook({ viewer, plan, stage, write });
  // make it yours: paint, floors and swaps from a made-up range, undo and redo, the look following
  const yours = makeItYours({ viewer, stage, apiBase, write });

  const below = document.createElement('div');
  below.className = 'shop-below';
  below.append(card, sell.basket, yours.look, preview);

  section.append(
    style,
    intro,
    controls,
    sell.controls,
    yours.controls,
    actions,
    stage,
    sell.twin,
    below,
    log,
  );
}

/** A pin over the first piece of each catalogue product marked `hotspot`: the page's own button. */
function placeHotspots(viewer: RoomViewer, model: RoomModel): void {
  for (const old of viewer.querySelectorAll('[slot="hotspot"]')) old.remove();
  for (const [componentId, product] of CATALOGUE) {
    if (!product.hotspot) continue;
    const piece = model.components.find((c) => c.componentId === componentId);
    if (!piece) continue;
    const pin = button(product.name, 'shop-pin');
    pin.slot = 'hotspot';
    pin.dataset.componentId = piece.id;
    pin.addEventListener('click', () => viewer.selectComponent(piece.id));
    viewer.append(pin);
  }
}

function productCard(
  component: ComponentSelectDetail['component'],
  product: Product | undefined,
  units: Units,
  inRoom: number,
  viewer: RoomViewer,
): HTMLElement {
  const article = document.createElement('article');
  article.className = 'shop-product';
  article.append(textElement('h3', product?.name ?? 'Not in this shop’s catalogue'));
  if (product) article.append(textElement('p', formatPrice(product.priceCents), 'shop-price'));
  article.append(
    textElement(
      'p',
      `Size: ${sizeText(component.size, units)}${inRoom > 1 ? ` · ${inRoom} in this room` : ''}`,
    ),
    textElement('p', `Product hash (componentId): ${component.componentId ?? 'none'}`, 'shop-hash'),
  );
  const links = document.createElement('p');
  const href = product && safeHttpUrl(product.url);
  if (href) {
    const a = textElement('a', 'View the product');
    a.href = href;
    a.rel = 'noopener';
    links.append(a, ' ');
  }
  // what a product page would link to: the room opened framed on this piece (focus-component)
  const inRoomLink = textElement('a', 'Link to it in the room');
  const url = new URL(location.href);
  for (const name of VIEW_PARAMS) url.searchParams.delete(name);
  url.searchParams.set(FOCUS_PARAM, component.id);
  url.hash = 'shop-the-look';
  inRoomLink.href = url.href;
  links.append(inRoomLink, ' ');
  if (product && component.componentId) {
    // the page's own button: addToCart() in answer to the visitor's click (as many as stand in the room)
    const add = button(`Add ${inRoom > 1 ? `all ${inRoom}` : 'it'} to the basket`);
    const id = component.componentId;
    add.addEventListener('click', () => viewer.addToCart([id]));
    links.append(add, ' ');
  }
  const show = button('Show it in 3D');
  show.addEventListener('click', () => void viewer.flyTo(component.id).catch(() => undefined));
  links.append(show);
  article.append(links);
  return article;
}
