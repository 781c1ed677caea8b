/**
 * The emulator's test hooks, reached on the test page's own origin (web-test-runner.config.mjs mounts
 * the emulator there). See server/emulator/control/.
 */
// Types only (erased when the browser loads this file): the hooks themselves need Node.
import type { ArmedFault, LoggedRequest } from '../../../server/emulator/control/types.ts';

export const ROOM_STYLING = `${location.origin}/room-styling`;
export const PLANNING = `${location.origin}/planning/api/v2`;

export type { LoggedRequest };

export async function resetEmulator(): Promise<void> {
  await fetch('/emulator/reset', { method: 'POST' });
}

/** Requests the emulator received, optionally only those whose path starts with `prefix`. */
export async function receivedRequests(prefix?: string): Promise<LoggedRequest[]> {
  const url = prefix ? `/emulator/requests?path=${encodeURIComponent(prefix)}` : '/emulator/requests';
  return (await fetch(url)).json();
}

/** A fault to arm: the emulator gives it its id, and `times` defaults to 1. */
export type FaultSpec = Omit<ArmedFault, 'id' | 'times'> & { times?: number };

/** Arms a fault for the next `times` (default 1) requests whose path starts with `match`. */
export async function armFault(fault: FaultSpec): Promise<void> {
  const response = await fetch('/emulator/faults', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fault),
  });
  if (!response.ok) throw new Error(`could not arm fault: ${response.status}`);
}
