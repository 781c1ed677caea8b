/**
 * Demo: the real panorama of room 6346838 (the emulator serves the real cube faces of render 18755)
 * with its view read out live; a room without a panorama (the error state); and a strip of the
 * emulator's panorama rooms, more than the four live viewers a page may hold, to scroll through.
 */
import '../../src/elements/room-panorama/room-panorama.ts';
import type { RoomPanorama } from '../../src/elements/room-panorama/room-panorama.ts';

const REAL_ROOM = 6346838;

function panorama(attributes: Record<string, string>): RoomPanorama {
  const el = document.createElement('room-panorama');
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

function paragraph(text: string): HTMLParagraphElement {
  const p = document.createElement('p');
  p.textContent = text;
  return p;
}

export default async function roomPanoramaDemo(section: HTMLElement): Promise<void> {
  section.append(
    paragraph(
      `Room ${REAL_ROOM}'s panorama (the real cube faces). Drag, use the arrow keys and + / - once it has ` +
        'focus, or the buttons below. The yaw / pitch / zoom attributes follow the view.',
    ),
  );
  const main = panorama({ 'room-id': String(REAL_ROOM), autorotate: '' });
  main.style.maxWidth = '720px';
  const readout = document.createElement('output');
  readout.textContent = 'yaw 0 · pitch 0 · zoom 0';
  main.addEventListener('view-change', (e) => {
    readout.textContent = `yaw ${e.detail.yaw} · pitch ${e.detail.pitch} · zoom ${e.detail.zoom}`;
  });
  main.addEventListener('panorama-ready', () => (readout.textContent += ' · ready'));
  const controls = document.createElement('p');
  for (const [label, view] of [
    ['front', { yaw: 0, pitch: 0 }],
    ['right', { yaw: 90, pitch: 0 }],
    ['back', { yaw: 180, pitch: 0 }],
    ['left', { yaw: -90, pitch: 0 }],
    ['up', { yaw: 0, pitch: 90 }],
    ['down', { yaw: 0, pitch: -90 }],
  ] as const) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', () => {
      main.autorotate = false;
      main.yaw = view.yaw;
      main.pitch = view.pitch;
    });
    controls.append(button, ' ');
  }
  const dutch = document.createElement('label');
  const toggle = document.createElement('input');
  toggle.type = 'checkbox';
  toggle.addEventListener('change', () => {
    // texts, navbar titles and messages follow `lang` at once
    if (toggle.checked) main.setAttribute('lang', 'nl');
    else main.removeAttribute('lang');
  });
  dutch.append(toggle, ' Nederlands');
  controls.append(dutch);
  section.append(main, readout, controls);

  section.append(paragraph('A room without a panorama: the error state, in words, with a retry button.'));
  const rooms = (await (await fetch(`${location.origin}/room-styling/rooms?limit=50`)).json()) as {
    rooms: { id: number; has_panorama: boolean }[];
  };
  const without = rooms.rooms.find((room) => !room.has_panorama);
  if (without) {
    const missing = panorama({ 'room-id': String(without.id) });
    missing.style.maxWidth = '360px';
    section.append(missing);
  }

  section.append(
    paragraph(
      'Twenty-four panoramas in a row: each starts when it scrolls into view, at most four hold a live ' +
        'viewer at once, and the others show their front face until they come back.',
    ),
  );
  const list = (await (await fetch(`${location.origin}/room-styling/rooms/panoramas?limit=24`)).json()) as {
    rooms: { id: number; name: string }[];
  };
  const strip = document.createElement('div');
  strip.style.cssText =
    'display:grid;grid-auto-flow:column;grid-auto-columns:260px;gap:12px;overflow-x:auto;padding-bottom:8px';
  for (const room of list.rooms) {
    const figure = document.createElement('figure');
    figure.style.margin = '0';
    const caption = document.createElement('figcaption');
    caption.textContent = room.name;
    figure.append(panorama({ 'room-id': String(room.id), navbar: 'false' }), caption);
    strip.append(figure);
  }
  section.append(strip);
}
