/**
 * Demo, "shop the look" continued: make it yours (issue 37). A made-up range (shop-the-look.range.ts):
 * paint a wall (`setSurface()` with a colour; a click on a wall in 3D or on the plan picks it through
 * `surface-select`), lay a floor (a texture the emulator serves, repeated at its real size), swap a
 * piece (select a sofa, a table or a lamp: the viewer's own swap control lists the range's
 * `alternatives`; a swap that would cross a wall, block a door or overlap a neighbour is refused and
 * said why), undo and redo, and the look's lines and total following every change (`room-change`).
 * Everything from the model is written as text.
 */
import type { RoomViewer } from '../../src/elements/room-viewer/room-viewer.ts';
import { labelled, option } from '../controls.ts';
import { CATALOGUE, formatPrice } from './shop-the-look.catalogue.ts';
import { priceLine, pricedList } from './shop-the-look.lines.ts';
import { ALTERNATIVES, FLOORS, PAINTS } from './shop-the-look.range.ts';

interface Parts {
  viewer: RoomViewer;
  stage: HTMLElement;
  apiBase: string;
  write(line: string): void;
}

/** The showcase room's four walls' inner faces (its outline runs counter-clockwise: the room is on their left). */
const WALLS: [string, string][] = [
  ['wall:wall2:left', 'North wall (behind the dining table)'],
  ['wall:wall3:left', 'West wall (the media wall)'],
  ['wall:wall0:left', 'South wall (the windows)'],
  ['wall:wall1:left', 'East wall (the kitchen)'],
];
const FLOOR_SURFACE = 'area:area0:floor';

function button(text: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  return b;
}

function select(options: [string, string][]): HTMLSelectElement {
  const s = document.createElement('select');
  s.append(...options.map(([value, text]) => option(value, text)));
  return s;
}

/** The controls and the look's lines; returns what to put on the page. */
export function makeItYours({ viewer, stage, apiBase, write }: Parts): {
  controls: HTMLElement;
  look: HTMLElement;
} {
  // the range a selected piece may be swapped for: the viewer's own swap control lists them
  viewer.alternatives = ALTERNATIVES;

  const wall = select(WALLS);
  const paint = select(PAINTS.map((p) => [p.color, p.name]));
  const repaint = button('Paint the wall');
  const floor = select(FLOORS.map((f, i) => [String(i), `${f.name} (${f.tileSize} cm)`]));
  const refloor = button('Lay the floor');
  const undo = button('Undo');
  const redo = button('Redo');
  const said = document.createElement('output');
  said.className = 'shop-yours-said';

  const controls = document.createElement('fieldset');
  controls.className = 'controls shop-yours';
  const legend = document.createElement('legend');
  legend.textContent = 'Make it yours';
  const hint = document.createElement('p');
  hint.textContent =
    'Pick a wall (or click one in the 3D view or on the plan) and a paint; lay a floor; select the sofa, a table ' +
    'or the floor lamp to swap it for another product of the range (its swap control opens over it).';
  controls.append(
    legend,
    hint,
    labelled('Wall', wall),
    ' ',
    labelled('Paint', paint),
    ' ',
    repaint,
    ' ',
    labelled('Floor', floor),
    ' ',
    refloor,
    ' ',
    undo,
    ' ',
    redo,
    ' ',
    said,
  );

  repaint.addEventListener('click', () => {
    void viewer.setSurface(wall.value, { color: paint.value });
  });
  refloor.addEventListener('click', () => {
    const chosen = FLOORS[Number(floor.value)]!;
    void viewer.setSurface(FLOOR_SURFACE, {
      texture: `${apiBase}/media/${chosen.path}`,
      tileSize: chosen.tileSize,
    });
  });
  undo.addEventListener('click', () => void viewer.undo());
  redo.addEventListener('click', () => void viewer.redo());

  // a wall clicked in 3D or on the plan picks it for the paint (the event bubbles and is composed)
  stage.addEventListener('surface-select', (event) => {
    const { surface } = event.detail;
    if (!surface.startsWith('wall:')) return;
    if (![...wall.options].some((o) => o.value === surface)) wall.append(option(surface, surface));
    wall.value = surface;
    write(`surface-select: ${surface}`);
  });

  // --- the look's lines: every product of the room now, priced from the catalogue
  const { section: look, list: lines, total } = pricedList('shop-look', 'The look now', 'The look now');
  const showLook = () => {
    let cents = 0;
    const items = viewer.products.flatMap((p) => {
      const product = p.componentId ? CATALOGUE.get(p.componentId) : undefined;
      if (!product) return [];
      cents += product.priceCents * p.count;
      return [priceLine(p.count, product)];
    });
    lines.replaceChildren(...items);
    total.textContent = `${items.length} products, ${formatPrice(cents)}`;
  };
  const buttons = () => {
    undo.disabled = viewer.changes.length === 0;
  };
  viewer.addEventListener('model-load', () => {
    showLook();
    buttons();
  });
  viewer.addEventListener('room-change', (event) => {
    const { kind, target, after, source } = event.detail;
    const what =
      kind === 'replace'
        ? `${target} → ${(after as { name?: string } | null)?.name ?? 'as the model has it'}`
        : `${target} → ${JSON.stringify(after)}`;
    said.textContent = `${source === 'undo' ? 'Undone' : source === 'redo' ? 'Redone' : 'Done'}: ${what}`;
    write(`room-change (${kind}, ${source}): ${what}`);
    showLook();
    buttons();
  });
  viewer.addEventListener('room-change-error', (event) => {
    const { reason, message } = event.detail;
    said.textContent = `Refused (${reason}): ${message}`;
    write(`room-change-error (${reason}): ${message}`);
  });
  return { controls, look };
}
