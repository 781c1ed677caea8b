/**
 * Secrets never reach the request log (served at /emulator/requests): header values, query and body
 * members with a secret's name are replaced by a fingerprint that still tells two tokens apart.
 */

/** Header names and body/query members whose values never appear in the log as sent. */
export const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization', 'x-api-key']);
const SECRET_MEMBERS = new Set([
  'client_secret',
  'password',
  'password_confirmation',
  'access_token',
  'token',
  'current_token',
  'code',
  'refresh_token',
  'api_key',
  'project_token',
]);

/**
 * Is `key` a secret's name? Both APIs' spellings count: the v2 API's underscores, the XML API's
 * hyphens (`password-confirmation`, `current-token`), any case, and a form's bracketed member
 * (`user[password]`, `user%5Bpassword%5D`): its innermost name decides.
 */
function isSecretMember(key: string): boolean {
  const name = /\[([^[\]]*)\]$/.exec(safeDecode(key))?.[1] ?? key;
  return SECRET_MEMBERS.has(name.toLowerCase().replace(/-/g, '_'));
}

/**
 * A stand-in for a secret: the scheme (if any) and a short fingerprint, so a test can still tell two
 * tokens apart, or see that a Bearer token was sent, without the log ever holding a client secret,
 * password or token.
 */
export function redact(value: string): string {
  const scheme = /^(Basic|Bearer)\s+/i.exec(value)?.[0] ?? '';
  let hash = 0x811c9dc5;
  for (const char of value) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return `${scheme}[redacted:${hash.toString(16).padStart(8, '0')}]`;
}

/** A parsed body or query with the values of secret members redacted, at any depth up to 6. */
export function redactMembers(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactMembers(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      isSecretMember(key) && typeof member === 'string' ? redact(member) : redactMembers(member, depth + 1),
    ]),
  );
}

/**
 * A body logged as text (a form, XML, a JSON start cut off, anything unparsed): the values of secret
 * members are redacted wherever they stand as `name=value`, `"name": "value"` or `<name>value</name>`.
 * Each pattern is linear: the value classes stop at the delimiter that ends them.
 */
export function redactText(body: string): string {
  return body
    .replace(
      /(^|[?&;\s])([A-Za-z_][\w.%[\]-]*)=([^&\s"<]*)/g,
      (all, lead: string, key: string, value: string) =>
        isSecretMember(key) && value && !done(value) ? `${lead}${key}=${redact(safeDecode(value))}` : all,
    )
    .replace(
      /"([A-Za-z_][\w-]*)"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g,
      (all, key: string, colon: string, value: string) =>
        isSecretMember(key) && !done(value) ? `"${key}"${colon}"${redact(value)}"` : all,
    )
    .replace(XML_ELEMENT, (all, key: string, attrs = '', value: string, close: string) => {
      if (key !== close || !isSecretMember(key)) return all;
      const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(value);
      const secret = (cdata ? cdata[1]! : value).trim();
      return secret && !done(secret) ? `<${key}${attrs}>${redact(secret)}</${key}>` : all;
    });
}

/**
 * `<name attributes>value</name>`: an XML element name (letters, digits, `_ - . :`, as the XML API's
 * hyphenated ones), optional attributes (`type="string"`), and a text value or one CDATA section.
 * Linear: the name, attribute and text classes each stop at the delimiter that ends them, and a CDATA
 * character is matched one way only (`]` only when not starting `]]>`).
 */
const XML_ELEMENT =
  /<([A-Za-z_][\w.:-]*)(\s[^<>]*)?>(<!\[CDATA\[(?:[^\]]|\](?!\]>))*\]\]>|[^<]*)<\/([A-Za-z_][\w.:-]*)\s*>/g;

/** Already a stand-in (a long body is redacted before it is cut, then logged). */
const done = (value: string) => value.startsWith('[redacted:') || value.startsWith('%5Bredacted');

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
