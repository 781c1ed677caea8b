/**
 * The emulator's test hooks' memory: the request log (secrets redacted as they are logged) and the
 * armed faults. One per emulator; `reset()` clears both.
 */
import { FaultStore } from './faults.ts';
import { redact, redactMembers, redactText, SECRET_HEADERS } from './redact.ts';
import { RequestLog } from './request-log.ts';
import type { LoggedRequest } from './types.ts';

export class EmulatorControl {
  readonly log = new RequestLog();
  readonly faults = new FaultStore();

  reset(): void {
    this.log.clear();
    this.faults.clear();
  }

  /** Logs a request with its secrets redacted (see redact()). */
  record(entry: Omit<LoggedRequest, 'seq' | 'at'>): void {
    const headers = Object.fromEntries(
      Object.entries(entry.headers).map(([key, value]) => [
        key,
        SECRET_HEADERS.has(key) ? redact(value) : value,
      ]),
    );
    const query = redactMembers(entry.query) as LoggedRequest['query'];
    const body = typeof entry.body === 'string' ? redactText(entry.body) : redactMembers(entry.body);
    this.log.add({ ...entry, headers, query, body });
  }
}
