/**
 * At most MAX_LIVE_VIEWERS panoramas hold a live viewer (a WebGL context) on a page at any time.
 *
 * Why: photo-sphere-viewer opens one WebGL context per viewer and browsers keep only about 16 per page,
 * silently killing the oldest beyond that (a black, broken panorama). So every <room-panorama> asks
 * this pool for a slot before it starts a viewer, and gives it back when asked.
 *
 * Policy: a member that becomes visible asks for a slot. If the pool is full, the live member that was
 * visible least recently gives up its slot (its context is really released; it shows its poster and
 * keeps its view for later). A visible member is never pushed out by another visible one on its own:
 * the newcomer waits (and shows its poster) until a slot frees up, unless the user activates it
 * explicitly (`force`), which takes the slot of the live member seen or activated longest ago.
 */
export const MAX_LIVE_VIEWERS = 4;

export interface PoolMember {
  /** In the viewport now. */
  readonly visible: boolean;
  /** Granted a slot: start the viewer. */
  grant(): void;
  /** The slot is taken back: destroy the viewer and free its context. */
  evict(): void;
}

interface Entry {
  /** When it was last seen in the viewport (now, while it is). */
  lastVisible: number;
  /** When it last got a slot. */
  granted: number;
}

const live = new Map<PoolMember, Entry>();
const waiting = new Set<PoolMember>();
let clock = 0;
/** A strictly increasing time: ties (many members in one observer callback) keep their order. */
const now = () => (clock = Math.max(clock + 1e-3, performance.now()));

function touch(member: PoolMember, entry: Entry | undefined): void {
  if (entry && member.visible) entry.lastVisible = now();
}

/** The live member to give up its slot, or undefined when none may (all visible and no force). */
function victim(requester: PoolMember, force: boolean): PoolMember | undefined {
  let best: [PoolMember, number] | undefined;
  for (const [member, entry] of live) {
    if (member === requester) continue;
    touch(member, entry);
    // hidden members rank by when they were last seen; visible ones only go when forced
    const rank = member.visible ? (force ? 1e15 + entry.granted : Infinity) : entry.lastVisible;
    if (rank !== Infinity && (!best || rank < best[1])) best = [member, rank];
  }
  return best?.[0];
}

/**
 * Asks for a slot. Returns true when granted now (grant() has been called); otherwise the member
 * waits and is granted as soon as a slot frees up while it is still visible.
 */
export function requestSlot(member: PoolMember, options: { force?: boolean } = {}): boolean {
  const own = live.get(member);
  if (own) {
    touch(member, own);
    return true;
  }
  if (live.size >= MAX_LIVE_VIEWERS) {
    const out = victim(member, options.force ?? false);
    if (!out) {
      waiting.add(member);
      return false;
    }
    live.delete(out);
    out.evict();
  }
  waiting.delete(member);
  const t = now();
  live.set(member, { lastVisible: t, granted: t });
  member.grant();
  return true;
}

/** The member left the page or stopped wanting a viewer: its slot (if any) goes to a waiting one. */
export function leavePool(member: PoolMember): void {
  waiting.delete(member);
  if (live.delete(member)) serveWaiting();
}

/** Call when the member's visibility changed: a member leaving the viewport may free a slot. */
export function visibilityChanged(member: PoolMember): void {
  const entry = live.get(member);
  if (entry && !member.visible) entry.lastVisible = now();
  touch(member, entry);
  serveWaiting();
}

function serveWaiting(): void {
  for (const member of [...waiting]) {
    if (!member.visible) continue;
    if (live.size >= MAX_LIVE_VIEWERS && !victim(member, false)) return;
    requestSlot(member);
  }
}

/** How many members hold a slot (for tests and the bench). */
export function liveCount(): number {
  return live.size;
}

/**
 * One element's membership of the pool: asks for a slot when it wants a viewer, and knows whether it
 * holds one. `bumped` is true while the element is in view with its faces but the slot went to others
 * (it then offers the user to take one back).
 */
export class PoolMembership {
  #granted = false;
  #bumped = false;
  readonly #member: PoolMember;

  constructor(
    private readonly host: { requestUpdate(): void },
    visible: () => boolean,
    events: {
      /** The slot is ours: start the viewer. */
      granted(): void;
      /** The slot is taken back: release the viewer, keep the view. */
      evicted(): void;
    },
  ) {
    this.#member = {
      get visible() {
        return visible();
      },
      grant: () => {
        this.#granted = true;
        this.#setBumped(false);
        events.granted();
      },
      evict: () => {
        this.#granted = false;
        this.#setBumped(visible());
        events.evicted();
      },
    };
  }

  /** Holds a slot now. */
  get granted(): boolean {
    return this.#granted;
  }

  get bumped(): boolean {
    return this.#bumped;
  }

  #setBumped(value: boolean): void {
    if (value === this.#bumped) return;
    this.#bumped = value;
    this.host.requestUpdate();
  }

  /** Asks for a slot (`force`: the user asked, take the one started longest ago if need be). */
  request(force = false): void {
    const granted = requestSlot(this.#member, { force });
    this.#setBumped(!granted && this.#member.visible);
  }

  /** The element's visibility changed: a member leaving the viewport may free a slot for another. */
  visibilityChanged(): void {
    if (!this.#member.visible) this.#setBumped(false);
    visibilityChanged(this.#member);
  }

  /** Gives the slot back (and stops waiting for one). */
  leave(): void {
    this.#granted = false;
    this.#setBumped(false);
    leavePool(this.#member);
  }
}
