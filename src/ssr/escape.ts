/**
 * Text for the server's HTML: every string a service or a page gives is escaped here, once, as
 * element text, as an attribute value, or as JSON inside a `<script>` (where `</script>` in a room's
 * name must stay text). No Node built-in: the same code runs on a fetch-only edge runtime.
 */

const HTML: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value (double-quoted), escaped. */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => HTML[c]!);
}

/** Attribute names the server writes: lowercase, ASCII, no quote or space (never a page's own choice). */
const NAME = /^[a-z][a-z0-9-]*$/;

/** ` name="value"` for each given attribute (undefined / false: none; true: a bare boolean attribute). */
export function attributes(values: Record<string, string | number | boolean | undefined | null>): string {
  let out = '';
  for (const [name, value] of Object.entries(values)) {
    if (!NAME.test(name) || value == null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/**
 * JSON for a `<script type="application/json">` or `application/ld+json` body: `<`, `>` and `&` as
 * \u escapes (so no `</script>` or `<!--` can appear), and the two line separators JSON allows but
 * older script parsers did not. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
