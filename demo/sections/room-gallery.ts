/**
 * Demo: a gallery with filters against the emulator. Its room-select is cancelled and the room opens
 * in a <dialog>: in <room-panorama> when it has a panorama, else in <room-viewer>. Switches for the
 * source, the paging mode, the language and the colour scheme, and a log of the element's events.
 */
import '../../src/elements/room-gallery/room-gallery.ts';
import type { Room } from '../../src/api/room-styling/index.ts';
import { option } from '../controls.ts';

function select(name: string, options: [string, string][], onChange: (value: string) => void) {
  const label = document.createElement('label');
  const control = document.createElement('select');
  control.append(...options.map(([value, text]) => option(value, text)));
  control.addEventListener('change', () => onChange(control.value));
  label.append(`${name} `, control);
  return label;
}

/** Opens the room in a dialog; the viewers are imported only now (three.js / PSV stay off the first load). */
async function openRoom(dialog: HTMLDialogElement, room: Room): Promise<void> {
  const body = dialog.querySelector<HTMLElement>('.body')!;
  const title = dialog.querySelector<HTMLElement>('h3')!;
  title.textContent = room.name || 'Untitled room';
  body.replaceChildren();
  dialog.showModal();
  const tag = room.has_panorama ? 'room-panorama' : 'room-viewer';
  await import(
    room.has_panorama
      ? '../../src/elements/room-panorama/room-panorama.ts'
      : '../../src/elements/room-viewer/room-viewer.ts'
  );
  const viewer = document.createElement(tag);
  viewer.setAttribute('room-id', String(room.id ?? ''));
  viewer.setAttribute('loading', 'eager');
  viewer.style.display = 'block';
  viewer.style.width = '100%';
  viewer.style.height = 'min(70vh, 520px)';
  body.append(viewer);
}

export default function roomGalleryDemo(section: HTMLElement): void {
  const intro = document.createElement('p');
  intro.textContent =
    'Search rooms with the controls (they write the element’s attributes and the URL); a card opens the ' +
    'room here instead of navigating: the page cancels room-select and shows <room-panorama> (rooms with ' +
    'a panorama) or <room-viewer> in a dialog.';

  const gallery = document.createElement('room-gallery');
  gallery.setAttribute('source', 'search');
  gallery.setAttribute('filters', '');
  gallery.setAttribute('paging', 'more');
  gallery.setAttribute('history', 'demo');

  const log = document.createElement('pre');
  log.style.cssText = 'max-height: 8rem; overflow: auto; font-size: 0.8rem; opacity: 0.8';
  const note = (line: string) => {
    log.textContent = `${new Date().toLocaleTimeString()} ${line}\n${log.textContent ?? ''}`.slice(0, 4000);
  };

  const controls = document.createElement('p');
  controls.className = 'controls';
  controls.style.cssText = 'display: flex; flex-wrap: wrap; gap: 1rem';
  controls.append(
    select(
      'Source',
      [
        ['search', 'search'],
        ['rooms', 'rooms (index)'],
        ['panoramas', 'panoramas'],
        ['photoreal', 'photoreal'],
      ],
      (v) => gallery.setAttribute('source', v),
    ),
    select(
      'Paging',
      [
        ['more', 'load more'],
        ['pages', 'pages'],
        ['infinite', 'infinite scroll'],
      ],
      (v) => gallery.setAttribute('paging', v),
    ),
    select(
      'Language',
      [
        ['en', 'English'],
        ['nl', 'Nederlands'],
      ],
      (v) => gallery.setAttribute('lang', v),
    ),
    select(
      'Colours',
      [
        ['light dark', 'follow the system'],
        ['light', 'light'],
        ['dark', 'dark'],
      ],
      (v) => (gallery.style.colorScheme = v),
    ),
    select(
      'Direction',
      [
        ['ltr', 'left to right'],
        ['rtl', 'right to left'],
      ],
      (v) => gallery.setAttribute('dir', v),
    ),
  );

  const dialog = document.createElement('dialog');
  dialog.style.cssText = 'width: min(900px, 92vw); padding: 1rem';
  dialog.innerHTML = `<form method="dialog" style="display:flex;justify-content:space-between;align-items:center;gap:1rem">
      <h3 style="margin:0"></h3><button>Close</button></form><div class="body"></div>`;
  // leaving the dialog removes the viewer, which frees its WebGL context
  dialog.addEventListener('close', () => dialog.querySelector('.body')!.replaceChildren());

  gallery.addEventListener('room-select', (event) => {
    const { room } = event.detail;
    event.preventDefault(); // keep the card's link from navigating
    note(`room-select ${room.id} "${room.name}" (cancelled, opened in a dialog)`);
    openRoom(dialog, room).catch((error) => note(`could not open the room: ${error}`));
  });
  gallery.addEventListener('rooms-load', (e) =>
    note(`rooms-load page ${e.detail.page}: ${e.detail.rooms.length} rooms, total ${e.detail.total ?? '?'}`),
  );
  gallery.addEventListener('rooms-error', (e) =>
    note(`rooms-error ${e.detail.error.status}: ${e.detail.error.message}`),
  );

  section.append(intro, controls, gallery, log, dialog);
}
