/**
 * The emulator's test hooks, reached on the test page's own origin (web-test-runner.config.mjs mounts
 * the emulator there). See server/emulator/control.ts.
 */
export const ROOM_STYLING = `${location.origin}/room-styling`;
export const PLANNING = `${location.origin}/planning/api/v2`;

export interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body?: unknown;
}

export async function resetEmulator(): Promise<void> {
  await fetch('/emulator/reset', { method: 'POST' });
}

/** Requests the emulator received, optionally only those whose path starts with `prefix`. */
export async function receivedRequests(prefix?: string): Promise<LoggedRequest[]> {
  const url = prefix ? `/emulator/requests?path=${encodeURIComponent(prefix)}` : '/emulator/requests';
  return (await fetch(url)).json();
}

export interface FaultSpec {
  match: string;
  method?: string;
  delay?: number;
  status?: number;
  body?: 'malformed' | 'wrong-shape' | 'empty';
  times?: number;
}

/** Arms a fault for the next `times` (default 1) requests whose path starts with `match`. */
export async function armFault(fault: FaultSpec): Promise<void> {
  const response = await fetch('/emulator/faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (!response.ok) throw new Error(`could not arm fault: ${response.status}`);
}
