import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { issueToken } from '../../server/emulator/planning/domain/issue-token.ts';
import { tokenIsLive, type AccessToken } from '../../server/emulator/planning/domain/records.ts';

describe('planning emulator: issueToken (every route issues its tokens through it)', () => {
  it('stores a live, unguessable token that runs out after its seconds', () => {
    const tokens = new Map<string, AccessToken>();
    const before = Date.now();
    const issued = issueToken(tokens, { kind: 'project', userId: 7, projectId: 9, scope: 'share' }, 60);
    assert.match(issued.token, /^[0-9a-f]{32}$/);
    assert.equal(tokens.get(issued.token), issued);
    assert.deepEqual(
      { ...issued, token: undefined, createdAt: undefined, expiresAt: undefined },
      {
        token: undefined,
        kind: 'project',
        userId: 7,
        projectId: 9,
        scope: 'share',
        createdAt: undefined,
        expiresAt: undefined,
        revoked: false,
      },
    );
    assert.ok(issued.createdAt >= before && issued.createdAt <= Date.now());
    assert.equal(issued.expiresAt - issued.createdAt, 60_000);
    assert.equal(tokenIsLive(issued, issued.createdAt + 59_999), true);
    assert.equal(tokenIsLive(issued, issued.expiresAt + 1), false);
  });

  it('takes the length asked for, and never gives the same token twice', () => {
    const tokens = new Map<string, AccessToken>();
    const oauth = issueToken(
      tokens,
      { kind: 'oauth', clientId: 'c', userId: 1, scope: 'read', code: 'x' },
      5,
      32,
    );
    assert.match(oauth.token, /^[0-9a-f]{64}$/);
    assert.equal(oauth.code, 'x');
    for (let i = 0; i < 200; i++) issueToken(tokens, { kind: 'user', userId: 1, scope: 'public' }, 5);
    assert.equal(tokens.size, 201);
  });
});
