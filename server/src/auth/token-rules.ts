/** Pure token rules: generation format, status classification, sliding expiry. */
import { randomBytes } from 'node:crypto';

export const TOKEN_FORMAT = /^[0-9a-f]{64}$/;

export function newToken(): string {
  return randomBytes(32).toString('hex');
}

export type TokenStatus = 'ok' | 'unknown' | 'expired' | 'revoked';

export interface TokenFacts {
  expiresAt: number;
  revokedAt: number | null;
}

/** Revocation wins over expiry: a revoked token reports 601 even after its expiry. */
export function tokenStatus(row: TokenFacts | undefined | null, now: number): TokenStatus {
  if (!row) return 'unknown';
  if (row.revokedAt !== null) return 'revoked';
  if (row.expiresAt <= now) return 'expired';
  return 'ok';
}

/** Sliding expiry written at most once a minute: returns the new expiresAt, or null to leave it. */
export function slidExpiry(
  expiresAt: number,
  now: number,
  ttlSeconds: number,
  minStepMs = 60_000,
): number | null {
  const next = now + ttlSeconds * 1000;
  // Very short TTLs (tests, kiosks) slide in steps of a tenth of the TTL instead.
  return next - expiresAt >= Math.min(minStepMs, (ttlSeconds * 1000) / 10) ? next : null;
}

/** Accepts `Authorization: <token>`, `Authorization: Bearer <token>` and `?token=`. */
export function extractToken(authorization: string | undefined, queryToken: unknown): string | null {
  if (authorization) {
    const v = authorization.trim().replace(/^bearer\s+/i, '');
    if (v) return v;
  }
  return typeof queryToken === 'string' && queryToken ? queryToken : null;
}

/**
 * The cookie that lets the browser's own requests for stored files (an `<img>`, a download link,
 * neither of which can send the Authorization header) carry the session: set beside every signed-in
 * answer, HttpOnly, SameSite=Strict and sent only to `/api/file`, whose read routes alone accept it.
 */
export const FILE_COOKIE = 'lighting_file';
export const FILE_COOKIE_PATH = '/api/file';

/** The session token a Cookie header carries for the file routes, or null. */
export function fileCookieToken(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== FILE_COOKIE) continue;
    const v = part.slice(eq + 1).trim();
    return TOKEN_FORMAT.test(v) ? v : null;
  }
  return null;
}

/** The Set-Cookie value keeping `token` for the file routes (a browser session cookie; Secure over https). */
export function fileCookie(token: string, secure: boolean): string {
  return `${FILE_COOKIE}=${token}; Path=${FILE_COOKIE_PATH}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
