/** Pure helpers about client IP addresses. */
import { IP_PLACES } from '@lighting/shared/core';

/** Strips the IPv4-mapped IPv6 prefix (::ffff:127.0.0.1 → 127.0.0.1). */
export function normalizeIp(ip: string | undefined): string {
  if (!ip) return '';
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

export function isPrivateIp(raw: string): boolean {
  const ip = normalizeIp(raw).toLowerCase();
  if (ip === '::1' || ip === 'localhost') return true;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254)
    );
  }
  return /^f[cd][0-9a-f]{2}:/.test(ip) || /^fe[89ab][0-9a-f]:/.test(ip);
}

/**
 * A place name for the address. Loopback and private ranges are the local network; public addresses
 * are '未知' because the product works offline (no geo-IP database is shipped). The name is
 * Chinese, as JNPF's clients expect; the console translates the names of IP_PLACES.
 */
export function ipAddressName(ip: string): string {
  return isPrivateIp(ip) ? IP_PLACES.lan.zh : IP_PLACES.unknown.zh;
}
