/**
 * Pole QR codes: a plate carries `<pole code>.<signature>` (in a URL of the report page), where the
 * signature is HMAC-SHA256 of the versioned code under the server's secret, cut to 128 bits
 * (22 base64url characters: short enough for a small, robust QR code). A forged or altered code fails
 * the check. Pure (the secret is passed in).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { QR_TOKEN } from '@lighting/shared/core';

const VERSION = 'qr1';

export function qrSignature(code: string, secret: string): string {
  return createHmac('sha256', secret)
    .update(`${VERSION}:${code}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function qrToken(code: string, secret: string): string {
  return `${code}.${qrSignature(code, secret)}`;
}

/** The pole code a token vouches for, or null when it is malformed, forged or altered. */
export function verifyQrToken(token: string, secret: string): string | null {
  if (!QR_TOKEN.test(token)) return null;
  const dot = token.lastIndexOf('.');
  const code = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const want = Buffer.from(qrSignature(code, secret), 'base64url');
  return given.length === want.length && timingSafeEqual(given, want) ? code : null;
}

/** What a plate's QR code says: the report page with the signed token, so any camera app opens it. */
export function qrUrl(base: string, code: string, secret: string): string {
  return `${base.replace(/\/+$/, '')}/bt/gzh/repair/repair-report?qr=${encodeURIComponent(qrToken(code, secret))}`;
}
