/** Unguessable hex strings (tokens, codes, file paths), from Web Crypto's random source. */
export function randomHex(bytes: number): string {
  const buffer = crypto.getRandomValues(new Uint8Array(bytes));
  return [...buffer].map((b) => b.toString(16).padStart(2, '0')).join('');
}
