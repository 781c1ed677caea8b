/**
 * Sessions: an opaque random id in an HttpOnly, SameSite=Lax cookie; everything else (the access
 * token included) stays in the store, so the browser never holds more than the id.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { ResolvedPartnerOptions } from './options.ts';
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

/** 32 random bytes, base64url: for session ids and OAuth states. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

export class Sessions {
  constructor(private readonly options: ResolvedPartnerOptions) {}

  async current(c: Context<PartnerEnv>): Promise<Session | undefined> {
    const id = getCookie(c, this.options.cookieName);
    if (!id || !SESSION_ID.test(id)) return undefined;
    return this.options.store.get<Session>(`session:${id}`);
  }

  async save(session: Session): Promise<void> {
    await this.options.store.set(`session:${session.id}`, session, this.options.sessionTtl);
  }

  /** A new session (new id, new cookie), carrying over what `from` held. */
  async start(c: Context<PartnerEnv>, from?: Session): Promise<Session> {
    const session: Session = {
      id: randomId(),
      exports: from?.exports ?? [],
      token: from?.token,
      createdAt: Date.now(),
    };
    if (from) await this.options.store.delete(`session:${from.id}`);
    await this.save(session);
    setCookie(c, this.options.cookieName, session.id, this.#cookieOptions(c));
    return session;
  }

  async end(c: Context<PartnerEnv>, session: Session | undefined): Promise<void> {
    if (session) await this.options.store.delete(`session:${session.id}`);
    deleteCookie(c, this.options.cookieName, { path: this.#cookieOptions(c).path });
  }

  /** A live token of the session, or undefined (an expired one is dropped). */
  async liveToken(session: Session | undefined): Promise<PlannerToken | undefined> {
    if (!session?.token) return undefined;
    if (session.token.expiresAt > Date.now() + 5000) return session.token;
    session.token = undefined;
    await this.save(session);
    return undefined;
  }

  #cookieOptions(c: Context<PartnerEnv>) {
    const secure =
      this.options.secureCookies === 'auto'
        ? new URL(c.req.url).protocol === 'https:'
        : this.options.secureCookies;
    return {
      httpOnly: true,
      sameSite: 'Lax' as const,
      secure,
      path: c.get('prefix') || '/',
      maxAge: this.options.sessionTtl,
    };
  }
}
