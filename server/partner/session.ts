/**
 * Sessions: an opaque random id in an HttpOnly, SameSite=Lax cookie; everything else (the access
 * token included) stays in the store, so the browser never holds more than the id.
 *
 * A session exists only once a login has completed: a visitor who has not signed in has none, so a
 * flood of anonymous requests creates no session at all. Until the login completes, the browser holds
 * a short-lived login cookie instead, a random value the signed OAuth `state`s are bound to
 * (login-state.ts, 10 minutes): it is what proves that the browser returning from the planner is the
 * one that started the sign-in.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isLoopbackHost, type ResolvedPartnerOptions } from './options.ts';
import type { PartnerEnv } from './context.ts';

export interface PlannerToken {
  accessToken: string;
  /** Unix milliseconds */
  expiresAt: number;
  scope: string;
}

export interface Session {
  id: string;
  token?: PlannerToken;
  /** Export ids this session made through the proxy or proved it owns. */
  exports: number[];
  createdAt: number;
}

/** 32 random bytes, base64url: for session ids, login cookies and OAuth states. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const RANDOM_ID = /^[A-Za-z0-9_-]{43}$/;

/** How long a started sign-in stays valid (the OAuth state and the login cookie). */
export const LOGIN_TTL = 600;

export class Sessions {
  constructor(private readonly options: ResolvedPartnerOptions) {}

  get #loginCookie() {
    return `${this.options.cookieName}_login`;
  }

  async current(c: Context<PartnerEnv>): Promise<Session | undefined> {
    const id = getCookie(c, this.options.cookieName);
    if (!id || !RANDOM_ID.test(id)) return undefined;
    return this.options.store.get<Session>(`session:${id}`);
  }

  async save(session: Session): Promise<void> {
    await this.options.store.set(`session:${session.id}`, session, this.options.sessionTtl);
  }

  /**
   * At a completed login: a new session (new id, new cookie, so an id fixed before login is worth
   * nothing), carrying over the exports of the session it replaces.
   */
  async create(c: Context<PartnerEnv>, token: PlannerToken, from?: Session): Promise<Session> {
    const session: Session = { id: randomId(), exports: from?.exports ?? [], token, createdAt: Date.now() };
    if (from) await this.options.store.delete(`session:${from.id}`);
    await this.save(session);
    setCookie(c, this.options.cookieName, session.id, this.#cookieOptions(c, this.options.sessionTtl));
    return session;
  }

  /** Forgets the session (logout, a dead token) and clears its cookie. */
  async end(c: Context<PartnerEnv>, session: Session | undefined): Promise<void> {
    if (session) await this.options.store.delete(`session:${session.id}`);
    deleteCookie(c, this.options.cookieName, this.#cookieOptions(c, 0));
  }

  /** A live token of the session, or undefined (a session whose token expired is forgotten). */
  async liveToken(session: Session | undefined): Promise<PlannerToken | undefined> {
    if (!session?.token) return undefined;
    if (session.token.expiresAt > Date.now() + 5000) return session.token;
    await this.options.store.delete(`session:${session.id}`);
    return undefined;
  }

  /** The browser's login cookie value, set (or refreshed) now: states started here are bound to it. */
  loginBinding(c: Context<PartnerEnv>): string {
    const existing = getCookie(c, this.#loginCookie);
    const value = existing && RANDOM_ID.test(existing) ? existing : randomId();
    setCookie(c, this.#loginCookie, value, this.#cookieOptions(c, LOGIN_TTL, '/oauth'));
    return value;
  }

  /**
   * A page's own id for what it may do without signing in (its uploads, routes/uploads.ts): the
   * `<cookieName>_page` cookie, set now (for `maxAgeSeconds`) when the browser sent none.
   */
  pageId(c: Context<PartnerEnv>, maxAgeSeconds: number): string {
    const name = `${this.options.cookieName}_page`;
    const existing = getCookie(c, name);
    if (existing && RANDOM_ID.test(existing)) return existing;
    const value = randomId();
    setCookie(c, name, value, this.#cookieOptions(c, maxAgeSeconds));
    return value;
  }

  /** The login cookie the browser sent, if any. */
  sentLoginBinding(c: Context<PartnerEnv>): string | undefined {
    const value = getCookie(c, this.#loginCookie);
    return value && RANDOM_ID.test(value) ? value : undefined;
  }

  clearLoginBinding(c: Context<PartnerEnv>): void {
    deleteCookie(c, this.#loginCookie, this.#cookieOptions(c, 0, '/oauth'));
  }

  /**
   * HttpOnly, SameSite=Lax, and Secure unless the request's host is a loopback address (a partner
   * behind a TLS-terminating proxy sees http:// but must still send Secure cookies).
   */
  #cookieOptions(c: Context<PartnerEnv>, maxAge: number, under = '') {
    const secure =
      this.options.secureCookies === 'auto'
        ? !isLoopbackHost(new URL(c.req.url).hostname)
        : this.options.secureCookies;
    return {
      httpOnly: true,
      sameSite: 'Lax' as const,
      secure,
      path: `${c.get('prefix')}${under}` || '/',
      maxAge,
    };
  }
}
