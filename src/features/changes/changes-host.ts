/**
 * One change log per element, reachable by every feature of it: the element's changes feature
 * (`<room-viewer>`: src/elements/room-viewer/features/changes.ts) makes it with its events; the kinds of
 * change (surfaces, swapped pieces) find it with `changeLogOf(this)` and register their appliers.
 */
import { ChangeLog, type ChangeLogListeners } from './change-log.js';

const logs = new WeakMap<object, ChangeLog>();

/** Makes `host`'s log (once; a second call returns the first log). */
export function attachChangeLog(host: object, listeners: ChangeLogListeners): ChangeLog {
  let log = logs.get(host);
  if (!log) logs.set(host, (log = new ChangeLog(listeners)));
  return log;
}

/** `host`'s log, if it has one. */
export function changeLogOf(host: object): ChangeLog | undefined {
  return logs.get(host);
}
