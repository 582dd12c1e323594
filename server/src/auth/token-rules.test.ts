import {
  FILE_COOKIE,
  extractToken,
  fileCookie,
  fileCookieToken,
  newToken,
  slidExpiry,
  tokenStatus,
  TOKEN_FORMAT,
} from './token-rules';

describe('token rules', () => {
  it('makes random 32-byte hex tokens', () => {
    const a = newToken();
    expect(a).toMatch(TOKEN_FORMAT);
    expect(newToken()).not.toBe(a);
  });

  it('classifies tokens; revocation wins over expiry', () => {
    expect(tokenStatus(undefined, 10)).toBe('unknown');
    expect(tokenStatus({ expiresAt: 20, revokedAt: null }, 10)).toBe('ok');
    expect(tokenStatus({ expiresAt: 10, revokedAt: null }, 10)).toBe('expired');
    expect(tokenStatus({ expiresAt: 5, revokedAt: 3 }, 10)).toBe('revoked');
  });

  it('slides the expiry at most once a minute', () => {
    const ttl = 3600;
    const now = 1_000_000;
    expect(slidExpiry(now + ttl * 1000 - 30_000, now, ttl)).toBeNull();
    expect(slidExpiry(now + ttl * 1000 - 60_000, now, ttl)).toBe(now + ttl * 1000);
    // A TTL shorter than a minute still slides.
    expect(slidExpiry(now + 500, now, 1)).toBe(now + 1000);
  });

  it('accepts the header, Bearer and ?token=', () => {
    expect(extractToken('abc', undefined)).toBe('abc');
    expect(extractToken('Bearer abc', undefined)).toBe('abc');
    expect(extractToken('bearer   abc ', undefined)).toBe('abc');
    expect(extractToken(undefined, 'q')).toBe('q');
    expect(extractToken('', ['x'])).toBeNull();
    expect(extractToken(undefined, undefined)).toBeNull();
  });

  it('keeps the session for the file routes in an HttpOnly cookie only they receive', () => {
    const t = newToken();
    const set = fileCookie(t, false);
    expect(set).toBe(`${FILE_COOKIE}=${t}; Path=/api/file; HttpOnly; SameSite=Strict`);
    expect(fileCookie(t, true)).toMatch(/; Secure$/);
    expect(fileCookieToken(`a=1; ${FILE_COOKIE}=${t}; b=2`)).toBe(t);
    expect(fileCookieToken(`${FILE_COOKIE}=not-a-token`)).toBeNull();
    expect(fileCookieToken(`x${FILE_COOKIE}=${t}`)).toBeNull();
    expect(fileCookieToken(undefined)).toBeNull();
  });
});
