/**
 * What the emulator received, for tests to assert on the exact request an element sent: a ring buffer
 * bounded by count and by bytes (the newest are kept), each entry stored as the JSON it is served as,
 * and listings served in bounded pages. Issue 22, finding 14: 2000 entries of 64 KiB each held and
 * served about 128 MB.
 */
import type { LoggedRequest } from './types.ts';

/** Requests kept at most. */
export const MAX_LOGGED_REQUESTS = 2000;
/** Bytes of logged JSON kept at most, all entries together (the oldest go first). */
export const MAX_LOG_BYTES = 8 * 1024 * 1024;
/** One listing returns at most this many entries (`limit` may ask for fewer)… */
export const MAX_LISTED_REQUESTS = 500;
/** …and stops once it holds this many bytes (it always holds at least one entry). */
export const MAX_LISTING_BYTES = 4 * 1024 * 1024;

interface Entry {
  seq: number;
  path: string;
  json: string;
  bytes: number;
}

export interface LogQuery {
  /** Only entries after this sequence number. */
  since?: number;
  /** Only entries whose path starts with this. */
  prefix?: string;
  /** At most this many (capped at MAX_LISTED_REQUESTS). */
  limit?: number;
}

export interface LogPage {
  /** A JSON array of LoggedRequest, oldest first. */
  json: string;
  /** When more entries match: the `since` that lists the next page. */
  nextSince?: number;
}

export class RequestLog {
  readonly #ring: (Entry | undefined)[] = new Array<Entry | undefined>(MAX_LOGGED_REQUESTS);
  /** Index of the oldest entry in the ring, and how many there are. */
  #start = 0;
  #count = 0;
  #bytes = 0;
  #seq = 0;

  get size(): number {
    return this.#count;
  }

  /** Bytes of JSON held. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Logs a request (already redacted) under the next sequence number; the oldest go beyond the bounds. */
  add(request: Omit<LoggedRequest, 'seq' | 'at'>): void {
    const entry: LoggedRequest = { ...request, seq: ++this.#seq, at: Date.now() };
    let json: string;
    try {
      json = JSON.stringify(entry);
    } catch {
      // a JSON body nested deeper than JSON.stringify's stack (JSON.parse took it): logged as a note
      json = JSON.stringify({ ...entry, body: '(a body nested too deeply to log)' });
    }
    const bytes = Buffer.byteLength(json);
    if (this.#count === MAX_LOGGED_REQUESTS) this.#dropOldest();
    this.#ring[(this.#start + this.#count) % MAX_LOGGED_REQUESTS] = {
      seq: entry.seq,
      path: entry.path,
      json,
      bytes,
    };
    this.#count++;
    this.#bytes += bytes;
    while (this.#bytes > MAX_LOG_BYTES && this.#count > 1) this.#dropOldest();
  }

  #dropOldest(): void {
    const oldest = this.#ring[this.#start]!;
    this.#ring[this.#start] = undefined;
    this.#start = (this.#start + 1) % MAX_LOGGED_REQUESTS;
    this.#count--;
    this.#bytes -= oldest.bytes;
  }

  *#entries(): Generator<Entry> {
    for (let i = 0; i < this.#count; i++) yield this.#ring[(this.#start + i) % MAX_LOGGED_REQUESTS]!;
  }

  /** One page of the matching entries, oldest first, within MAX_LISTED_REQUESTS and MAX_LISTING_BYTES. */
  list(query: LogQuery = {}): LogPage {
    const since = query.since ?? 0;
    const limit = Math.min(MAX_LISTED_REQUESTS, Math.max(1, query.limit ?? MAX_LISTED_REQUESTS));
    const matches = (e: Entry) => e.seq > since && (!query.prefix || e.path.startsWith(query.prefix));
    const parts: string[] = [];
    let bytes = 0;
    let last = since;
    let full = false;
    for (const entry of this.#entries()) {
      if (!matches(entry)) continue;
      if (full || (parts.length && bytes + entry.bytes > MAX_LISTING_BYTES)) {
        return { json: `[${parts.join(',')}]`, nextSince: last };
      }
      parts.push(entry.json);
      bytes += entry.bytes;
      last = entry.seq;
      full = parts.length >= limit;
    }
    return { json: `[${parts.join(',')}]` };
  }

  clear(): void {
    this.#ring.fill(undefined);
    this.#start = 0;
    this.#count = 0;
    this.#bytes = 0;
  }
}
