/**
 * Who is calling (Document 3, section 5): anonymous, a whitelabel through HTTP Basic (username = the
 * whitelabel name, password `<name>-secret` unless ROOM_STYLING_WHITELABEL_PASSWORD_<NAME> is set), and/or
 * a logged-in user through the `token` parameter (query, form field or JSON body).
 * Wrong Basic credentials and unknown tokens are refused with 401 rather than silently treated as
 * anonymous, so a misconfigured partner finds out at once.
 */
import type { Context } from 'hono';
import type { Accounts } from './accounts.ts';
import type { RoomRecord, UserRecord } from './dataset.ts';
import { HttpError, type Params, text } from './params.ts';
import { WHITELABELS } from './vocabulary.ts';

export interface Caller {
  user?: UserRecord;
  whitelabel?: string;
}

export function whitelabelPassword(name: string): string {
  const key = `ROOM_STYLING_WHITELABEL_PASSWORD_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  return process.env[key] || `${name}-secret`;
}

const BASIC_CHALLENGE = { 'WWW-Authenticate': 'Basic realm="room-styling whitelabel"' };

export function callerOf(c: Context, params: Params, accounts: Accounts): Caller {
  const caller: Caller = {};
  const authorization = c.req.header('authorization');
  if (authorization) {
    const match = /^Basic\s+(\S+)$/i.exec(authorization.trim());
    if (!match)
      throw new HttpError(
        401,
        'Unsupported Authorization header: use HTTP Basic or the token parameter',
        BASIC_CHALLENGE,
      );
    let decoded = '';
    try {
      decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    } catch {
      decoded = '';
    }
    const colon = decoded.indexOf(':');
    const name = colon >= 0 ? decoded.slice(0, colon) : decoded;
    const password = colon >= 0 ? decoded.slice(colon + 1) : '';
    if (!(WHITELABELS as readonly string[]).includes(name) || password !== whitelabelPassword(name)) {
      throw new HttpError(401, 'Invalid whitelabel credentials', BASIC_CHALLENGE);
    }
    caller.whitelabel = name;
  }
  const token = text(params, 'token');
  if (token !== undefined && token !== '') {
    const user = accounts.userByToken(token);
    if (!user) throw new HttpError(401, 'Invalid token');
    caller.user = user;
  }
  return caller;
}

/** Public rooms for everyone; a private room for its owner and for its whitelabel. */
export function canSee(caller: Caller, room: RoomRecord): boolean {
  return (
    room.isPublic ||
    (caller.user !== undefined && caller.user.id === room.userId) ||
    (caller.whitelabel !== undefined && caller.whitelabel === room.whitelabel)
  );
}
