/** Shared set-up for the <room-gallery> browser tests. */
import '../../src/elements/room-gallery/room-gallery.ts';
import type { RoomGallery } from '../../src/elements/room-gallery/room-gallery.ts';
import type { Room } from '../../src/api/room-styling/index.ts';
import { ROOM_STYLING } from './helpers/emulator.ts';
import { fixtureContainer, until, waitForEvent } from './helpers/wait.ts';

/** A gallery pointed at the emulator, in the document; `ready` resolves with its first rooms-load. */
export function makeGallery(
  attributes: Record<string, string | boolean> = {},
  container: HTMLElement = fixtureContainer(),
): { el: RoomGallery; ready: Promise<CustomEvent> } {
  const el = document.createElement('room-gallery');
  el.setAttribute('api-base', ROOM_STYLING);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  const ready = waitForEvent(el, 'rooms-load');
  // tests that expect an error never await `ready`: its timeout must not surface as unhandled
  ready.catch(() => undefined);
  container.append(el);
  return { el, ready };
}

export const shadow = (el: HTMLElement) => el.shadowRoot!;
export const cards = (el: HTMLElement) => [...shadow(el).querySelectorAll<HTMLElement>('[part~="card"]')];
export const cardNames = (el: HTMLElement) =>
  [...shadow(el).querySelectorAll('[part~="name"]')].map((n) => n.textContent ?? '');
export const part = (el: HTMLElement, name: string) =>
  shadow(el).querySelector<HTMLElement>(`[part~="${name}"]`);

/** Waits for the gallery to reach `state` (its reflected state attribute). */
export function untilState(el: HTMLElement, state: string, timeout = 10000) {
  return until(() => el.getAttribute('state') === state, timeout, `state ${state}`);
}

/** The room of the next `room-select` from `el`, which is cancelled (so its link does not navigate). */
export function nextRoomSelect(el: HTMLElement): Promise<Room> {
  return new Promise<Room>((resolve) =>
    el.addEventListener(
      'room-select',
      (e) => {
        e.preventDefault();
        resolve(e.detail.room);
      },
      { once: true },
    ),
  );
}
