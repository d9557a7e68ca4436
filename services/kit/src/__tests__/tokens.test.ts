import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../tokens.js';

const secret = 'x'.repeat(32);

describe('tokens', () => {
  it('round-trips a user token', () => {
    const token = signToken(secret, { typ: 'user', uid: 'u1', sid: 's1' });
    expect(verifyToken(secret, token, 'user')).toMatchObject({ uid: 'u1', sid: 's1' });
  });

  it('refuses a token signed with another secret, a tampered body, the wrong type or an expired one', () => {
    const token = signToken(secret, { typ: 'user', uid: 'u1', sid: 's1' });
    expect(verifyToken('y'.repeat(32), token, 'user')).toBeNull();
    const [v, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ typ: 'user', uid: 'admin', sid: 's1', iat: 1, exp: 9e9 })).toString(
      'base64url',
    );
    expect(verifyToken(secret, `${v}.${forged}.${sig}`, 'user')).toBeNull();
    expect(verifyToken(secret, token, 'service')).toBeNull();
    expect(verifyToken(secret, token, 'user', Date.now() + 120_000)).toBeNull();
    expect(verifyToken(secret, 'garbage', 'user')).toBeNull();
    expect(verifyToken(secret, undefined, 'user')).toBeNull();
  });
});
