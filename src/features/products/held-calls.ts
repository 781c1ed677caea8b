/**
 * The calls a room element holds until its working code is in (ProductsHost's `whenPartsIn`, issue 33):
 * kept in the order they were made, then made at once when released; once released, a call is made as it
 * comes. `<room-plan>` releases them right before its first `model-load` with its parts in (room-plan/base.ts).
 */
export class HeldCalls {
  #queue: (() => void)[] | undefined = [];

  /** Whether calls are kept and some are waiting. */
  get waiting(): boolean {
    return !!this.#queue?.length;
  }

  /** Makes `call` now if released, else keeps it; true when it was made now. */
  run(call: () => void): boolean {
    const queue = this.#queue;
    if (queue) queue.push(call);
    else call();
    return queue === undefined;
  }

  /** Makes what was kept, in order; from now on every call is made as it comes. */
  release(): void {
    const kept = this.#queue ?? [];
    this.#queue = undefined;
    for (const call of kept) call();
  }
}
