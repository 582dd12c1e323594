/**
 * Password storage: argon2id of the client's MD5 (the MD5 itself is never stored).
 */
import { hash, verify } from '@node-rs/argon2';

/** Marks an account with no usable password (seeded staff until an administrator sets one). */
export const LOCKED_PASSWORD_HASH = '!';

/** @node-rs/argon2's default algorithm is argon2id (m=19456 KiB, t=2, p=1: the OWASP baseline). */

export function hashPassword(md5hex: string): Promise<string> {
  return hash(md5hex);
}

let dummy: Promise<string> | null = null;

/**
 * Checks a client MD5 against a stored hash. Locked or malformed hashes never match; for them (and for
 * unknown accounts, `stored` = null) a dummy hash is verified so the answer takes the same time.
 */
export async function verifyPassword(stored: string | null, md5hex: string): Promise<boolean> {
  if (stored === null || !stored.startsWith('$argon2')) {
    dummy ??= hashPassword('0'.repeat(32));
    await verify(await dummy, md5hex).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, md5hex);
  } catch {
    return false;
  }
}
