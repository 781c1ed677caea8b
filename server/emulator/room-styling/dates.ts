/**
 * Time in the emulator. The data set is dated relative to one fixed instant, `now`, so that the same
 * seed always gives the same timestamps and the Today / This week / This month timeframes always hold
 * rooms. `now` is 2026-11-22T12:00:00Z unless ROOM_STYLING_NOW (any Date.parse-able string) says
 * otherwise; timeframe filters are measured from the same `now`, never from the wall clock.
 * Timestamps are written as ISO 8601 with the service's offset, +01:00 (Amsterdam winter time), as in
 * `2026-11-22T13:00:00+01:00`.
 */
export const DEFAULT_NOW = '2026-11-22T12:00:00Z';
export const OFFSET_MINUTES = 60;
const OFFSET_TEXT = '+01:00';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function resolveNow(): number {
  const fromEnv = process.env.ROOM_STYLING_NOW ? Date.parse(process.env.ROOM_STYLING_NOW) : NaN;
  return Number.isFinite(fromEnv) ? fromEnv : Date.parse(DEFAULT_NOW);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-22T13:00:00+01:00` for an epoch-millisecond instant. */
export function formatTimestamp(ms: number): string {
  const local = new Date(Math.floor(ms / 1000) * 1000 + OFFSET_MINUTES * 60_000);
  return (
    `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}${OFFSET_TEXT}`
  );
}

/**
 * The `created` / `last_updated` filter format, `YYYY-MM-DD HH:MM:SS`, read as UTC (the document gives
 * no zone; UTC is what clients send from a Date, e.g. src/api/room-styling/params.ts). A `T` instead of
 * the space is accepted too. Returns null when the text is not in that format.
 */
export function parseFilterTimestamp(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || h! > 23 || mi! > 59 || s! > 59) return null;
  const at = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  // A day the month does not have (2026-02-31) would roll over into the next month: refuse it instead.
  return new Date(at).getUTCDate() === d ? at : null;
}

/** Start of a timeframe (rolling windows back from `now`); '' means all time. */
export function timeframeStart(key: string, now: number): number | null {
  switch (key) {
    case 'Today':
      return now - DAY;
    case 'This week':
      return now - 7 * DAY;
    case 'This month':
      return now - 30 * DAY;
    default:
      return null;
  }
}
