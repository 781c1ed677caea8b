/**
 * Hotspots: the page's own elements with `slot="hotspot"` and `data-yaw` / `data-pitch` (degrees, the
 * element's yaw / pitch convention), placed over the live viewer. Loaded with the viewer's lazy chunk
 * (viewer-runtime.ts): nothing of this runs or downloads while the panorama shows its poster, when
 * the styles keep the slot hidden.
 *
 * The slot's elements are followed, moved and hidden by the layer `<room-viewer>` uses too
 * (src/features/hotspots/slotted-spots.ts); what is the panorama's own is here: reading a direction from the
 * attributes and, after every frame PSV draws, asking PSV's own projection where it is on screen
 * (undefined behind the camera or off screen: the hotspot is hidden).
 */
import { SlottedSpots } from '../../features/hotspots/slotted-spots.js';
import type { PanoramaViewer } from '../../panorama/psv-runtime.js';

const WATCHED = ['data-yaw', 'data-pitch'];

interface Direction {
  /** Degrees, or undefined when `data-yaw` is missing or not a number (then never shown). */
  yaw?: number;
  pitch: number;
}

function degrees(value: string | null, fallback?: number): number | undefined {
  const n = value === null || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

function read(element: HTMLElement): Direction {
  return {
    yaw: degrees(element.getAttribute('data-yaw')),
    pitch: Math.max(-90, Math.min(90, degrees(element.getAttribute('data-pitch'), 0)!)),
  };
}

/** Follows the slot's hotspots until the returned function is called (the viewer is released). */
export function watchHotspots(slot: HTMLSlotElement, viewer: PanoramaViewer): () => void {
  const placeAll = (spots: SlottedSpots<Direction>) => {
    for (const [element, { spot }] of spots.entries()) {
      const { yaw, pitch } = spot;
      spots.place(element, yaw === undefined ? undefined : viewer.project({ yaw, pitch }));
    }
  };
  // an element that came, or whose direction changed, is placed at once (the view may not move for a
  // while); `changed` is first called while the layer is still being built, before `spots` is set
  let spots: SlottedSpots<Direction> | undefined;
  spots = new SlottedSpots<Direction>(slot, {
    attributes: WATCHED,
    read,
    changed: () => spots && placeAll(spots),
  });
  placeAll(spots);
  const stopRender = viewer.onRender(() => spots && placeAll(spots));

  return () => {
    stopRender();
    spots?.stop();
    spots = undefined;
  };
}
