/**
 * Issuing an access token, the one way every route does it (OAuth, a project's or a user's token, the
 * links a share or a planner invitation mails): an unguessable random value, stored with when it was
 * made and when it runs out, not revoked. The sweep (sweep.ts) forgets it once expired.
 */
import { randomHex } from '../../shared/random-hex.ts';
import type { AccessToken } from './records.ts';

/** What a route says of a new token; its value and times are issued here. */
export type TokenGrant = Omit<AccessToken, 'token' | 'createdAt' | 'expiresAt' | 'revoked'>;

/** A new token valid for `seconds`, of `bytes` random bytes (as hex), stored in `tokens`. */
export function issueToken(
  tokens: Map<string, AccessToken>,
  grant: TokenGrant,
  seconds: number,
  bytes = 16,
): AccessToken {
  const createdAt = Date.now();
  const record: AccessToken = {
    token: randomHex(bytes),
    ...grant,
    createdAt,
    expiresAt: createdAt + seconds * 1000,
    revoked: false,
  };
  tokens.set(record.token, record);
  return record;
}
