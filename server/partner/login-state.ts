/**
 * Pending sign-ins kept in the OAuth `state` itself, signed, instead of in the store (issue 34): a
 * start writes nothing and counts nothing, so no flood of anonymous starts, from however many
 * addresses, can fill a table and refuse the next visitor, and no instance has to hold what another
 * started.
 *
 *   state = <expires, unix s>.<nonce>.<return path, base64url>.<HMAC-SHA256, base64url>
 *
 * The HMAC (key derived from the client secret, which every instance shares) covers the expiry, the
 * nonce, the return path, the redirect URI and the browser's login cookie. The cookie itself is not
 * in the state (the state travels through the planner's URLs and logs): it is what the callback
 * proves it holds, so a state is worth nothing in another browser. Single use: the nonce is
 * remembered (`state:used:<nonce>`) from its first use until the state expires, in the store
 * (bounded: the MemoryStore's `state` lane, Redis keys with a lifetime).
 */
import type { PartnerStore } from './store.ts';

/** A verified state: where to go back to, and the redirect URI the code was issued for. */
export interface OpenedState {
  returnTo: string;
  nonce: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** A state longer than this is refused unread (a return path is at most 2 000 characters). */
const MAX_STATE_CHARS = 4096;

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return undefined;
  }
}

export class LoginStates {
  #key: Promise<CryptoKey> | undefined;

  /** `secret`: the partner's client secret; `ttlSeconds`: how long a started sign-in stays valid. */
  constructor(
    private readonly secret: string,
    readonly ttlSeconds: number,
  ) {}

  /** A new signed state for the browser holding login cookie `binding`. */
  async issue(binding: string, returnTo: string, redirectUri: string): Promise<string> {
    const expiresAt = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const nonce = base64url(crypto.getRandomValues(new Uint8Array(16)));
    const signature = await crypto.subtle.sign(
      'HMAC',
      await this.#signingKey(),
      encoder.encode(signedText(expiresAt, nonce, returnTo, redirectUri, binding)),
    );
    return `${expiresAt}.${nonce}.${base64url(encoder.encode(returnTo))}.${base64url(new Uint8Array(signature))}`;
  }

  /**
   * The state's content when it is well formed, signed for this browser's `binding` and this
   * `redirectUri`, and not expired; else undefined. Says nothing of earlier use: see useOnce().
   */
  async open(state: string, binding: string, redirectUri: string): Promise<OpenedState | undefined> {
    if (!state || state.length > MAX_STATE_CHARS) return undefined;
    const parts = state.split('.');
    if (parts.length !== 4) return undefined;
    const [expires, nonce, returnB64, signatureB64] = parts as [string, string, string, string];
    if (!/^\d{1,12}$/.test(expires) || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return undefined;
    const expiresAt = Number(expires);
    const now = Date.now() / 1000;
    // expired, or further ahead than any state this partner issues (a state is never extended)
    if (expiresAt <= now || expiresAt > now + this.ttlSeconds + 60) return undefined;
    const returnBytes = fromBase64url(returnB64);
    const signature = fromBase64url(signatureB64);
    if (!returnBytes || !signature || signature.length !== 32) return undefined;
    let returnTo: string;
    try {
      returnTo = new TextDecoder('utf-8', { fatal: true }).decode(returnBytes);
    } catch {
      return undefined;
    }
    // compared in constant time by Web Crypto
    const valid = await crypto.subtle.verify(
      'HMAC',
      await this.#signingKey(),
      signature,
      encoder.encode(signedText(expiresAt, nonce, returnTo, redirectUri, binding)),
    );
    return valid ? { returnTo, nonce, expiresAt } : undefined;
  }

  /**
   * Marks the state used; false when it was used before. Atomic with a store that has `add` (Redis
   * SET NX: every instance sees the mark), get-then-set otherwise.
   */
  async useOnce(store: PartnerStore, opened: OpenedState): Promise<boolean> {
    const key = `state:used:${opened.nonce}`;
    const ttl = Math.max(1, Math.ceil(opened.expiresAt - Date.now() / 1000));
    if (store.add) return store.add(key, 1, ttl);
    if ((await store.get(key)) !== undefined) return false;
    await store.set(key, 1, ttl);
    return true;
  }

  /** An HMAC key of its own, derived from the secret: a state's MAC can never pass for a callback's. */
  #signingKey(): Promise<CryptoKey> {
    this.#key ??= (async () => {
      const master = await crypto.subtle.importKey(
        'raw',
        encoder.encode(this.secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      const derived = await crypto.subtle.sign(
        'HMAC',
        master,
        encoder.encode('room-elements partner login state v1'),
      );
      return crypto.subtle.importKey('raw', derived, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
        'verify',
      ]);
    })();
    return this.#key;
  }
}

// newline-separated: none of the parts can hold a newline (the return path is refused with control
// characters, the nonce and cookie are base64url, the expiry digits, the redirect URI a URL)
const signedText = (
  expiresAt: number,
  nonce: string,
  returnTo: string,
  redirectUri: string,
  binding: string,
) => `login-state/1\n${expiresAt}\n${nonce}\n${returnTo}\n${redirectUri}\n${binding}`;
