/**
 * Hotspots: the page's own elements with `slot="hotspot"` and `data-yaw` / `data-pitch` (degrees, the
 * element's yaw / pitch convention), placed over the live viewer. Loaded with the viewer's lazy chunk
 * (viewer-runtime.ts): nothing of this runs or downloads while the panorama shows its poster, when
 * the styles keep the slot hidden.
 *
 * After every frame PSV draws, each hotspot is moved with the CSS `translate` property (composited; no
 * layout is read) to where PSV's own projection puts its direction, and hidden (`visibility: hidden`,
 * which also takes it out of the tab order and the accessibility tree) when that direction is behind the
 * camera or off screen. Only values that changed are written. The elements stay the page's own, slotted
 * in the light DOM: their links, styles and accessibility are untouched; what the layer wrote is
 * removed when an element leaves the slot or the viewer goes.
 */
import type { PanoramaViewer } from '../../panorama/psv-runtime.js';

const WATCHED = ['data-yaw', 'data-pitch'];

interface Spot {
  /** Degrees, or undefined when `data-yaw` is missing or not a number (then never shown). */
  yaw?: number;
  pitch: number;
  /** What was last written, so an unchanged frame writes nothing. */
  at?: string;
  shown?: boolean;
}

function degrees(value: string | null, fallback?: number): number | undefined {
  const n = value === null || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function read(element: HTMLElement): Spot {
  return {
    yaw: degrees(element.getAttribute('data-yaw')),
    pitch: Math.max(-90, Math.min(90, degrees(element.getAttribute('data-pitch'), 0)!)),
  };
}

/** Follows the slot's hotspots until the returned function is called (the viewer is released). */
export function watchHotspots(slot: HTMLSlotElement, viewer: PanoramaViewer): () => void {
  const spots = new Map<HTMLElement, Spot>();

  const place = (element: HTMLElement, spot: Spot) => {
    const at = spot.yaw === undefined ? undefined : viewer.project({ yaw: spot.yaw, pitch: spot.pitch });
    const shown = at !== undefined;
    if (shown !== spot.shown) {
      spot.shown = shown;
      if (shown) element.style.removeProperty('visibility');
      else element.style.setProperty('visibility', 'hidden');
    }
    if (at) {
      const translate = `${at.x}px ${at.y}px`;
      if (translate !== spot.at) element.style.setProperty('translate', (spot.at = translate));
    }
  };

  const placeAll = () => {
    for (const [element, spot] of spots) place(element, spot);
  };

  const release = (element: HTMLElement) => {
    element.style.removeProperty('translate');
    element.style.removeProperty('visibility');
  };

  // a changed data-yaw / data-pitch: read again and place at once (the view may not move for a while)
  const observer = new MutationObserver((records) => {
    for (const { target } of records) {
      const element = target as HTMLElement;
      if (!spots.has(element)) continue; // left the slot since
      const spot = { ...read(element), at: spots.get(element)!.at };
      spots.set(element, spot);
      place(element, spot);
    }
  });

  const collect = () => {
    const now = new Set(slot.assignedElements().filter((e): e is HTMLElement => e instanceof HTMLElement));
    let left = false;
    for (const element of spots.keys()) {
      if (now.has(element)) continue;
      spots.delete(element);
      release(element);
      left = true;
    }
    // an observer cannot drop one target: start again with the ones that stay
    if (left) observer.disconnect();
    for (const element of now) {
      const known = spots.has(element);
      if (!known) spots.set(element, read(element));
      if (!known || left) observer.observe(element, { attributes: true, attributeFilter: WATCHED });
      if (!known) place(element, spots.get(element)!);
    }
  };

  slot.addEventListener('slotchange', collect);
  const stopRender = viewer.onRender(placeAll);
  collect();

  return () => {
    slot.removeEventListener('slotchange', collect);
    stopRender();
    observer.disconnect();
    for (const element of spots.keys()) release(element);
    spots.clear();
  };
}
