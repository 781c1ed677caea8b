/**
 * The viewer's resolution (issue 20, after model-viewer's Renderer.ts): a device-pixel-ratio policy and
 * a render scale that adapts to the frame time.
 *
 * - Policy: the device's ratio, capped so that one view draws at most PIXEL_BUDGET device pixels (a
 *   phone's ratio of 3 on a 400 × 300 viewer is 1.1 M pixels and fits; a 4K monitor's 2 on a full-screen
 *   viewer would be 8.3 M and does not), never below 1 (nor the device's own ratio, when that is less).
 * - Scale: while the view moves, a running average of the time between frames (DURATION_DECAY) above
 *   HIGH_FRAME_MS steps the scale down (SCALE_STEPS, to 0.5 at most), under LOW_FRAME_MS steps it back
 *   up; once the view rests it is drawn at full scale again, so what stays on screen is sharp.
 */
export const PIXEL_BUDGET = 2_000_000;
const SCALE_STEPS = [1, 0.79, 0.62, 0.5] as const;
const DURATION_DECAY = 0.2;
const LOW_FRAME_MS = 40;
const HIGH_FRAME_MS = 60;
const MAX_AVG_CHANGE_MS = 5;

/** The ratio a view of `width` × `height` CSS pixels draws at on a device of `deviceRatio`. */
export function pixelRatioPolicy(width: number, height: number, deviceRatio: number): number {
  const device = Number.isFinite(deviceRatio) && deviceRatio > 0 ? deviceRatio : 1;
  const area = Math.max(1, width) * Math.max(1, height);
  const budget = Math.sqrt(PIXEL_BUDGET / area);
  return Math.min(device, Math.max(Math.min(1, device), budget));
}

export class RenderScale {
  #step = 0;
  #average = (LOW_FRAME_MS + HIGH_FRAME_MS) / 2;

  /** The scale now (1: full). */
  get scale(): number {
    return SCALE_STEPS[this.#step]!;
  }

  /** The lowest scale it may drop to. */
  get minimum(): number {
    return SCALE_STEPS[SCALE_STEPS.length - 1]!;
  }

  /**
   * One frame: `frameMs` since the one before, `moving` or at rest. Returns true when the scale changed.
   */
  frame(frameMs: number, moving: boolean): boolean {
    const before = this.#step;
    if (!moving) {
      this.#step = 0;
      this.#average = (LOW_FRAME_MS + HIGH_FRAME_MS) / 2;
    } else if (Number.isFinite(frameMs) && frameMs > 0) {
      const change = DURATION_DECAY * (frameMs - this.#average);
      this.#average += Math.max(-MAX_AVG_CHANGE_MS, Math.min(MAX_AVG_CHANGE_MS, change));
      if (this.#average > HIGH_FRAME_MS && this.#step < SCALE_STEPS.length - 1) this.#step++;
      else if (this.#average < LOW_FRAME_MS && this.#step > 0) this.#step--;
      if (this.#step !== before) this.#average = (LOW_FRAME_MS + HIGH_FRAME_MS) / 2;
    }
    return this.#step !== before;
  }
}
