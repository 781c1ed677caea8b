/**
 * Only http(s) URLs become links or image sources; anything else (javascript:, data:, garbage)
 * gives undefined so the caller renders no link and a CSS placeholder.
 *
 * `base` may itself be relative (an element's `api-base="/room-styling"`): it resolves against the
 * document's base URL first, as the service calls do, so relative answers under a relative base
 * become the page-origin URLs the service meant.
 */
export function safeHttpUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    const url = new URL(value.trim(), absoluteBase(base));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The document's base URL (a `<base href>` counts), or the page's address, or none (Node). */
function documentBase(): string | undefined {
  if (typeof document !== 'undefined' && document.baseURI) return document.baseURI;
  return typeof location !== 'undefined' ? location.href : undefined;
}

function absoluteBase(base: string | undefined): string | undefined {
  const page = documentBase();
  if (!base?.trim()) return page;
  try {
    return new URL(base.trim(), page).href;
  } catch {
    return page;
  }
}
