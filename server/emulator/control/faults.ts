/**
 * Fault injection: a fault asked for per request through the `X-Emulator-Fault` header, or armed in
 * advance through `POST /emulator/faults` (for requests a test cannot add a header to, such as the
 * ones an element makes in the browser).
 *
 * Header form: `X-Emulator-Fault: delay=800; status=503; body=malformed`
 *   delay=<ms>       answer after that many milliseconds
 *   status=<code>    answer with that status (body `{"error":"injected fault"}` unless body= says otherwise)
 *   body=malformed   a body that is not JSON; body=wrong-shape: valid JSON of the wrong shape;
 *   body=empty       no body at all
 *
 * An armed fault matches by path prefix (and method). There is no pattern language: the `re:`
 * patterns of before were a hand-written engine that only its own test used, every test arms a
 * prefix, and a prefix is matched in time linear in its length, so the bounds below bound the
 * work per request (issue 22, finding 13: 50 long patterns held every request up 1.4-1.8 s).
 */
import type { ArmedFault, Fault } from './types.ts';

export const FAULT_BODIES: readonly NonNullable<Fault['body']>[] = ['malformed', 'wrong-shape', 'empty'];

/** Faults armed at once, at most (arming one more answers 409). */
export const MAX_ARMED_FAULTS = 100;
/** A `match` prefix has at most this many characters (a path the emulator serves is far shorter). */
export const MAX_MATCH_LENGTH = 512;

/** An injected delay: 0 to 60 s (anything else is clamped; not a number is 0). */
export function faultDelay(value: unknown): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return Math.min(60_000, Math.max(0, Number(value) || 0));
}

/**
 * An injected status: an integer 200 to 599 (what a Response can carry), else none. 1xx and
 * out-of-range numbers would make the server itself throw while answering.
 */
export function faultStatus(value: unknown): number | undefined {
  const status = Number(value);
  return Number.isInteger(status) && status >= 200 && status <= 599 ? status : undefined;
}

/** The fault an `X-Emulator-Fault` header asks for; values it cannot honour are ignored. */
export function parseFaultHeader(value: string | undefined): Fault | undefined {
  if (!value) return undefined;
  const fault: Fault = {};
  for (const part of value.split(/[;,]/)) {
    const [rawKey, rawValue = ''] = part.split('=').map((s) => s.trim());
    const key = rawKey?.toLowerCase();
    if (key === 'delay') fault.delay = faultDelay(rawValue) ?? 0;
    else if (key === 'status') fault.status = faultStatus(rawValue);
    else if (key === 'body' && FAULT_BODIES.includes(rawValue as NonNullable<Fault['body']>))
      fault.body = rawValue as Fault['body'];
    else if (key === 'malformed') fault.body = 'malformed';
  }
  return fault;
}

export type FaultSpec = Omit<ArmedFault, 'id' | 'times'> & { times: number };

/** A `POST /emulator/faults` body as a fault to arm, or what is wrong with it. */
export function readFaultSpec(body: unknown): FaultSpec | { error: string } {
  if (!body || typeof body !== 'object') return { error: 'send a JSON object: {"match": "/path/prefix", …}' };
  const input = body as Partial<Record<keyof ArmedFault, unknown>>;
  if (typeof input.match !== 'string' || !input.match)
    return { error: 'match is required: a path prefix such as /room-styling/rooms' };
  if (input.match.startsWith('re:'))
    return { error: 'match is a path prefix; re: patterns are no longer taken (docs/emulator.md)' };
  if (input.match.length > MAX_MATCH_LENGTH)
    return { error: `match is longer than ${MAX_MATCH_LENGTH} characters` };
  if (input.status !== undefined && faultStatus(input.status) === undefined)
    return { error: 'status must be an integer from 200 to 599' };
  if (input.body !== undefined && !FAULT_BODIES.includes(input.body as NonNullable<Fault['body']>))
    return { error: `body must be one of ${FAULT_BODIES.join(', ')}` };
  const times = Number(input.times ?? 1);
  return {
    match: input.match,
    method: typeof input.method === 'string' ? input.method.slice(0, 16) : undefined,
    delay: faultDelay(input.delay),
    status: faultStatus(input.status),
    body: input.body as Fault['body'],
    times: Number.isInteger(times) && times > 0 ? times : 1,
  };
}

/** The armed faults, in the order they were armed (the first that matches a request applies). */
export class FaultStore {
  #faults: ArmedFault[] = [];
  #lastId = 0;

  get size(): number {
    return this.#faults.length;
  }

  /** Arms a fault; undefined when MAX_ARMED_FAULTS are armed already. */
  arm(spec: FaultSpec): ArmedFault | undefined {
    if (this.#faults.length >= MAX_ARMED_FAULTS) return undefined;
    const armed: ArmedFault = { ...spec, id: ++this.#lastId };
    this.#faults.push(armed);
    return armed;
  }

  /** The armed fault for this request, if any (consumes one of its `times`). */
  take(method: string, path: string): Fault | undefined {
    const index = this.#faults.findIndex(
      (f) => (!f.method || f.method.toUpperCase() === method) && path.startsWith(f.match),
    );
    if (index < 0) return undefined;
    const fault = this.#faults[index]!;
    fault.times -= 1;
    if (fault.times <= 0) this.#faults.splice(index, 1);
    return fault;
  }

  list(): readonly ArmedFault[] {
    return this.#faults;
  }

  clear(): void {
    this.#faults = [];
  }
}
