/**
 * The viewer's `progress` event and bar (issue 20, as model-viewer's): `totalProgress` from 0 to 1 over
 * what a room needs before it is on screen as it should be: the three.js code (0.4), the room (0.3) and
 * its textures (0.3, shared out over the textures the room asked for; a room without any has its share
 * once it is drawn). Within one load it only grows; 1 when the room is drawn and every texture settled.
 */
export const WEIGHTS = { code: 0.4, room: 0.3, textures: 0.3 } as const;

export class ViewerProgress {
  #code = false;
  #room = false;
  #textures = 0;
  #reported = -1;

  constructor(private readonly report: (totalProgress: number) => void) {}

  /** A new load: back to 0 (reported at once). */
  start(): void {
    this.#code = this.#room = false;
    this.#textures = 0;
    this.#reported = -1;
    this.#emit(0);
  }

  /** The code or the room arrived. */
  arrived(part: 'code' | 'room'): void {
    if (part === 'code') this.#code = true;
    else this.#room = true;
    this.#emit(this.#sum());
  }

  /** A frame was drawn with `total` textures asked for and `pending` of them not settled. */
  drawn(total: number, pending: number): void {
    this.#code = this.#room = true;
    this.#textures = total > 0 ? (total - pending) / total : 1;
    this.#emit(this.#sum());
  }

  /** The last figure reported (-1 before the first). */
  get value(): number {
    return this.#reported;
  }

  #sum(): number {
    return (
      (this.#code ? WEIGHTS.code : 0) + (this.#room ? WEIGHTS.room : 0) + WEIGHTS.textures * this.#textures
    );
  }

  #emit(value: number): void {
    // rounded so float sums end at exactly 1, and never backwards within a load
    const rounded = Math.min(1, Math.round(value * 1000) / 1000);
    if (rounded <= this.#reported) return;
    this.#reported = rounded;
    this.report(rounded);
  }
}
