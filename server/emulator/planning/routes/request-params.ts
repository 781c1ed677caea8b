/**
 * Request parameters as the planning service reads them: a JSON body, or form fields whose names use
 * brackets for nesting (`paper[combine]=true`, `fmt[]=pdf`, `views[0][type]=top`, `views[][type]=top`),
 * the Rails convention Document 1 writes its tables in.
 */
import type { Context } from 'hono';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** `a[b][]` → ['a', 'b', '']; null when the name is not well formed. */
function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const segments = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)];
  return segments.some((s) => FORBIDDEN_KEYS.has(s)) ? null : segments;
}

/** Objects whose keys are all array indexes (from `views[0][type]`) become arrays. */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length && entries.every(([k]) => /^\d+$/.test(k))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => normalise(v));
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, normalise(v)]));
}

export function parseBracketed(entries: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    const segments = splitKey(key);
    if (!segments) continue;
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!;
      const last = i === segments.length - 1;
      const next = segments[i + 1];
      if (Array.isArray(node)) {
        if (segment !== '') break; // `a[][b]` mixed with `a[x]`: ignore the odd one
        if (last) {
          node.push(value);
          break;
        }
        // `views[][type]=a&views[][camera_id]=1&views[][type]=b`: a member seen again starts a new element
        let element = node[node.length - 1] as Record<string, unknown> | undefined;
        const finalMember = i + 2 === segments.length ? next! : undefined;
        if (
          !element ||
          typeof element !== 'object' ||
          (finalMember !== undefined && finalMember in element)
        ) {
          element = {};
          node.push(element);
        }
        node = element;
        continue;
      }
      if (last) {
        node[segment] = value;
        break;
      }
      const existing = node[segment];
      if (!existing || typeof existing !== 'object') node[segment] = next === '' ? [] : {};
      node = node[segment] as Record<string, unknown> | unknown[];
    }
  }
  return normalise(root) as Record<string, unknown>;
}

/**
 * The body's parameters: JSON when the content type says so (or the text looks like an object),
 * form fields otherwise. A body that cannot be read gives null.
 */
export async function bodyParams(c: Context): Promise<Record<string, unknown> | null> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return {};
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  const text = await c.req.text();
  if (!text.trim()) return {};
  if (type.includes('json') || (!type.includes('form') && text.trimStart().startsWith('{'))) {
    try {
      const parsed: unknown = JSON.parse(text);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }
  if (type.includes('multipart/form-data')) {
    try {
      // the boundary is case-sensitive: hand on the header as it came
      const form = await new Response(text, {
        headers: { 'content-type': c.req.header('content-type')! },
      }).formData();
      const entries: [string, string][] = [];
      form.forEach((value, key) => {
        if (typeof value === 'string') entries.push([key, value]);
      });
      return parseBracketed(entries);
    } catch {
      return null;
    }
  }
  return parseBracketed(new URLSearchParams(text));
}

/** Query parameters with the same bracket convention. */
export function queryParams(c: Context): Record<string, unknown> {
  return parseBracketed(new URL(c.req.url).searchParams);
}
