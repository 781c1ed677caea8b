/**
 * The shapes of the emulator's test hooks (see routes.ts beside this file): what `GET /emulator/requests` answers and
 * what `POST /emulator/faults` takes. Types only, so the browser tests' helpers can share them.
 */
export interface Fault {
  delay?: number;
  status?: number;
  body?: 'malformed' | 'wrong-shape' | 'empty';
}

export interface ArmedFault extends Fault {
  id: number;
  /** Path prefix (as the emulator sees it, e.g. `/room-styling/rooms`), at most 512 characters. */
  match: string;
  /** Only requests with this method. */
  method?: string;
  /** How many matching requests it still applies to. */
  times: number;
}

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  /** Query parameters; repeated names give arrays. */
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: unknown;
  at: number;
}
