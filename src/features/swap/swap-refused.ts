/**
 * Why `replaceComponent()` refused a swap: a code a page can branch on and a sentence it can show.
 * `collision` crosses a wall, `door` blocks a door's swing, `overlap` reaches into a neighbour (fit.ts),
 * `invalid` is no replacement (no size) or no piece that can be swapped.
 */
import type { FitReason } from './fit.js';

export type SwapReason = FitReason | 'invalid';

export class SwapRefused extends Error {
  override readonly name = 'SwapRefused';
  constructor(
    readonly reason: SwapReason,
    message: string,
  ) {
    super(message);
  }
}
