/**
 * The planner's callback signature: `sha256=<hex>` HMAC-SHA-256 of the signed text under the key.
 * Web Crypto only (no Node imports), so tests and the load bench sign with this very function.
 */
export async function signBody(key: string, text: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(text)));
  return 'sha256=' + [...mac].map((b) => b.toString(16).padStart(2, '0')).join('');
}
