/**
 * How many calls to the planner this instance makes at once, and who gets them (issue 34: one
 * signed-in user looping `POST /token` with `Cache-Control: no-cache` held all 64 slots, and another
 * user heard 503 ten times out of ten while the planner took 5 s a call).
 *
 * - At most `max` calls under way: a slow planner (or a flood of retries) costs a bounded number of
 *   sockets and buffers.
 * - Each owner (a session) holds at most `perOwner` of them, waiting ones included: a looping user
 *   is refused beyond its share at once and never takes everyone's slots.
 * - When every slot is taken, a call waits in a short queue (at most `queueLength` calls, each at
 *   most `queueMs`, first come first served) for one to free, instead of an immediate 503; a call
 *   whose browser went away leaves the queue.
 */

/** No planner slot for this call (the instance is full, or the session has its share): answered 503. */
export class PlannerBusy extends Error {
  override readonly name = 'PlannerBusy';
}

export interface GateLimits {
  /** Calls under way at once on this instance. */
  max: number;
  /** Calls one owner may have under way or waiting. */
  perOwner: number;
  /** Milliseconds a call may wait for a slot (0: no queue, busy at once). */
  queueMs: number;
  /** Calls that may wait at once. */
  queueLength: number;
}

export interface GateCall {
  /** Whose call it is (a session id); none: only the instance's cap applies. */
  owner?: string;
  /** Ends the wait for a slot (the browser went away). */
  signal?: AbortSignal;
}

export class PlannerGate {
  #open = 0;
  readonly #perOwner = new Map<string, number>();
  /** The waiting calls' "go", first come first served. */
  readonly #queue: (() => void)[] = [];
  readonly limits: GateLimits;

  constructor(limits: number | Partial<GateLimits>) {
    const given = typeof limits === 'number' ? { max: limits } : limits;
    const max = given.max ?? 64;
    this.limits = {
      max,
      perOwner: given.perOwner ?? max,
      queueMs: given.queueMs ?? 0,
      queueLength: given.queueLength ?? max,
    };
  }

  /** Calls under way. */
  get open(): number {
    return this.#open;
  }

  /** Calls waiting for a slot. */
  get waiting(): number {
    return this.#queue.length;
  }

  async run<T>(call: () => Promise<T>, who: GateCall = {}): Promise<T> {
    const { owner, signal } = who;
    if (owner !== undefined && (this.#perOwner.get(owner) ?? 0) >= this.limits.perOwner)
      throw new PlannerBusy('this session has its share of planner calls under way');
    this.#count(owner, 1);
    try {
      if (this.#open < this.limits.max) this.#open++;
      else await this.#wait(signal); // the slot is handed over: #open stays as it is
    } catch (error) {
      this.#count(owner, -1);
      throw error;
    }
    try {
      return await call();
    } finally {
      this.#count(owner, -1);
      this.#release();
    }
  }

  #wait(signal: AbortSignal | undefined): Promise<void> {
    if (this.limits.queueMs <= 0 || this.#queue.length >= this.limits.queueLength)
      return Promise.reject(new PlannerBusy('too many planner calls under way'));
    if (signal?.aborted) return Promise.reject(new PlannerBusy('the caller went away'));
    return new Promise<void>((resolve, reject) => {
      const leave = (error: Error) => {
        const at = this.#queue.indexOf(go);
        if (at >= 0) this.#queue.splice(at, 1);
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const onAbort = () => leave(new PlannerBusy('the caller went away'));
      const go = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const timer = setTimeout(
        () => leave(new PlannerBusy('no planner slot freed in time')),
        this.limits.queueMs,
      );
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#queue.push(go);
    });
  }

  /** A call ended: its slot goes to the first waiter, or back to the pool. */
  #release(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#open--;
  }

  #count(owner: string | undefined, by: number): void {
    if (owner === undefined) return;
    const n = (this.#perOwner.get(owner) ?? 0) + by;
    if (n > 0) this.#perOwner.set(owner, n);
    else this.#perOwner.delete(owner);
  }
}
