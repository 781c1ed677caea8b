/**
 * The one change log of an element (`<room-viewer>`, `<room-plan>`): every change the page or the
 * visitor makes to the room (a surface repainted, a piece swapped) goes through it, so undo, redo and
 * replaying a saved list work the same for every kind of change. Pure logic, no DOM: the element wires
 * its `room-change` / `room-change-error` events and `room-analytics` to the log's listeners.
 *
 * Each kind of change registers an applier (`register('surface', …)`): `validate()` refuses bad input
 * before anything is touched, `current()` says what the target is now (the change's `before`, what undo
 * puts back), `apply()` does it (a texture may load: it is awaited). Operations run one after another in
 * the order asked, so an `undo()` right after a `setSurface()` undoes that change once it is done.
 */

export type ChangeKind = 'surface' | 'replace';

/** Who made a change: the page (`api`), the visitor's own input (`user`), a replayed list, undo or redo. */
export type ChangeSource = 'api' | 'user' | 'replay' | 'undo' | 'redo';

/** One change of the room, as `room-change` tells it and as `changes` lists it (JSON values only). */
export interface RoomChange {
  kind: ChangeKind;
  /** What changed: a surface (`wall:<id>:<side>`, `area:<id>:floor`, `area:<id>:ceiling`) or a piece's id. */
  target: string;
  /** The target's value before (`null`: as the model has it). */
  before: unknown;
  /** The target's value after (`null`: back as the model has it). */
  after: unknown;
  source: ChangeSource;
}

/** A change to make: `changes` entries (a saved list) need no more than this; `before` and `source` are ignored. */
export interface ChangeRequest {
  kind: ChangeKind;
  target: string;
  after: unknown;
}

/**
 * Why a change was refused: `unknown-target` (no such surface or piece), `bad-value` (not a colour, not
 * an http(s) URL, no size…), `load-failed` (a texture or mesh could not be loaded), `not-ready` (no room
 * drawn), `limit` (the log is full), `unknown-kind`, or a kind's own reason (e.g. `collision`).
 */
export type ChangeRefusalReason =
  'unknown-target' | 'bad-value' | 'load-failed' | 'not-ready' | 'limit' | 'unknown-kind' | (string & {});

/** Thrown by an applier (or returned by `validate`) to refuse a change with a reason. */
export class ChangeRefused extends Error {
  override readonly name = 'ChangeRefused';
  constructor(
    readonly reason: ChangeRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

/** What `room-change-error` tells: the change asked for, why it was refused, and a sentence. */
export interface ChangeFailure {
  change: ChangeRequest & { source: ChangeSource };
  reason: ChangeRefusalReason;
  message: string;
}

/** How one kind of change is made. */
export interface ChangeApplier {
  /** Puts `value` on `target` (`null`: back to the model's own). Throw ChangeRefused to refuse. */
  apply(target: string, value: unknown): Promise<void> | void;
  /** A reason to refuse, checked before anything is touched: a message (reason `bad-value`) or a refusal. */
  validate?(target: string, value: unknown): string | ChangeRefused | undefined;
  /** The target's value now (JSON; `null`: the model's own): the change's `before`. */
  current?(target: string): unknown;
}

export interface ChangeLogListeners {
  /** A change was made (also by undo, redo and replay). */
  changed?(change: RoomChange): void;
  /** A change was refused; the room is as it was. */
  refused?(failure: ChangeFailure): void;
}

/** At most this many changes in a log (a store is bounded): the next one is refused with `limit`. */
export const MAX_CHANGES = 1000;

/** A JSON copy: the log keeps values, never the caller's objects (a page mutating its object changes nothing). */
function json(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

function isRequest(value: unknown): value is ChangeRequest {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ChangeRequest>;
  return typeof v.kind === 'string' && typeof v.target === 'string' && 'after' in v;
}

/**
 * A saved list read back (the `changes` attribute's JSON, or a page's array): the entries that have a
 * kind, a target and an `after`; anything else throws a TypeError naming the first bad entry.
 */
export function parseChangeList(input: unknown): ChangeRequest[] {
  const list: unknown =
    typeof input === 'string' ? (input.trim() ? (JSON.parse(input) as unknown) : []) : input;
  if (list === null || list === undefined) return [];
  if (!Array.isArray(list)) throw new TypeError('changes: a list of { kind, target, after } was expected');
  if (list.length > MAX_CHANGES) throw new TypeError(`changes: at most ${MAX_CHANGES} changes`);
  return list.map((entry: unknown, i) => {
    if (!isRequest(entry)) throw new TypeError(`changes[${i}]: { kind, target, after } was expected`);
    return { kind: entry.kind, target: entry.target, after: json(entry.after) };
  });
}

export class ChangeLog {
  readonly #appliers = new Map<string, ChangeApplier>();
  readonly #done: RoomChange[] = [];
  readonly #undone: RoomChange[] = [];
  /** Operations run one after another (a texture's load is awaited before the next). */
  #queue: Promise<unknown> = Promise.resolve();
  /** Bumped by clear(): an operation queued before it does nothing. */
  #generation = 0;

  constructor(private readonly listeners: ChangeLogListeners = {}) {}

  /** Registers how changes of `kind` are made (a second registration replaces the first). */
  register(kind: ChangeKind, applier: ChangeApplier): void {
    this.#appliers.set(kind, applier);
  }

  /** The changes made, oldest first (undone ones left out): JSON, ready to save and replay. */
  get changes(): readonly RoomChange[] {
    return this.#done.map((c) => ({ ...c, before: json(c.before), after: json(c.after) }));
  }

  get canUndo(): boolean {
    return this.#done.length > 0;
  }

  get canRedo(): boolean {
    return this.#undone.length > 0;
  }

  /** Makes a change; resolves true when made, false when refused (`refused` told why). */
  make(request: ChangeRequest, source: 'api' | 'user' | 'replay' = 'api'): Promise<boolean> {
    return this.#run(async () => {
      const change = await this.#apply(request.kind, request.target, request.after, source);
      if (!change) return false;
      this.#done.push(change);
      // a new change forgets what was undone (as every editor's history)
      this.#undone.length = 0;
      return true;
    });
  }

  /** Undoes the last change; false when there is none (or putting it back failed). */
  undo(): Promise<boolean> {
    return this.#run(async () => {
      const last = this.#done.at(-1);
      if (!last) return false;
      const change = await this.#apply(last.kind, last.target, last.before, 'undo', true);
      if (!change) return false;
      this.#done.pop();
      this.#undone.push(last);
      return true;
    });
  }

  /** Makes the last undone change again; false when there is none. */
  redo(): Promise<boolean> {
    return this.#run(async () => {
      const next = this.#undone.at(-1);
      if (!next) return false;
      const change = await this.#apply(next.kind, next.target, next.after, 'redo', true);
      if (!change) return false;
      this.#undone.pop();
      this.#done.push(change);
      return true;
    });
  }

  /**
   * Makes each change of a saved list in order (source `replay`); a refused one is told and skipped,
   * the rest still made. Resolves with how many were made.
   */
  replay(list: readonly ChangeRequest[]): Promise<number> {
    return this.#run(async () => {
      let made = 0;
      for (const request of list) {
        const change = await this.#apply(request.kind, request.target, request.after, 'replay');
        if (!change) continue;
        this.#done.push(change);
        made++;
      }
      if (made) this.#undone.length = 0;
      return made;
    });
  }

  /** Undoes every change, newest first (source `undo`), so the room is the model's own again. */
  revertAll(): Promise<void> {
    return this.#run(async () => {
      while (this.#done.length) {
        const last = this.#done.at(-1)!;
        await this.#apply(last.kind, last.target, last.before, 'undo', true);
        this.#done.pop();
      }
      this.#undone.length = 0;
    });
  }

  /** Forgets everything (the room went: its changes went with it); operations still queued do nothing. */
  clear(): void {
    this.#generation++;
    this.#done.length = 0;
    this.#undone.length = 0;
  }

  /** Resolves once every operation asked so far is done. */
  settled(): Promise<void> {
    return this.#queue.then(() => undefined);
  }

  #run<T>(operation: () => Promise<T>): Promise<T> {
    const generation = this.#generation;
    const result = this.#queue.then(() =>
      generation === this.#generation ? operation() : (false as unknown as T),
    );
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Validates and applies one change; the change made, or undefined when refused (and told). */
  async #apply(
    kind: ChangeKind,
    target: string,
    value: unknown,
    source: ChangeSource,
    trusted = false,
  ): Promise<RoomChange | undefined> {
    const after = json(value);
    const refuse = (reason: ChangeRefusalReason, message: string): undefined => {
      this.listeners.refused?.({ change: { kind, target, after, source }, reason, message });
      return undefined;
    };
    const applier = this.#appliers.get(kind);
    if (!applier) return refuse('unknown-kind', `no change of kind "${String(kind)}" is known here`);
    if (!trusted && this.#done.length >= MAX_CHANGES) {
      return refuse('limit', `at most ${MAX_CHANGES} changes are kept; undo some first`);
    }
    try {
      const invalid = applier.validate?.(target, after);
      if (invalid instanceof ChangeRefused) return refuse(invalid.reason, invalid.message);
      if (invalid) return refuse('bad-value', invalid);
      const before = json(applier.current?.(target));
      await applier.apply(target, after);
      const change: RoomChange = { kind, target, before, after, source };
      this.listeners.changed?.({ ...change, before: json(before), after: json(after) });
      return change;
    } catch (error) {
      if (error instanceof ChangeRefused) return refuse(error.reason, error.message);
      return refuse('load-failed', error instanceof Error ? error.message : String(error));
    }
  }
}
