import { createHash } from 'node:crypto';

/** Lowercase hex MD5 of a UTF-8 string: what the client sends instead of the password. */
export function md5Hex(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

export const MD5_HEX = /^[0-9a-f]{32}$/;
