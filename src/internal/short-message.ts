/**
 * The one short(): a message shown as text on one line, cut at `max` characters (a service that sends
 * a whole HTML page as its error message must not flood the element). Apart from element-error.ts
 * (which re-exports it) because the gallery's error panel needs it even when the classifier could not
 * be loaded.
 */
export function shortMessage(error: unknown, max = 160): string {
  const raw =
    error instanceof Error ? error.message : typeof error === 'string' ? error : String(error ?? '');
  const line = raw.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
