/** Pure sign-in throttling rules (counts come from the login_attempt table). */

export const WINDOW_MS = 15 * 60 * 1000;
export const CAPTCHA_AFTER_ACCOUNT_FAILURES = 3;
/** Many accounts failing from one address also asks for the image code (offices share NAT addresses). */
export const CAPTCHA_AFTER_IP_FAILURES = 10;
export const BLOCK_AFTER_ACCOUNT_FAILURES = 10;
export const BLOCK_AFTER_IP_FAILURES = 50;

export interface FailureCounts {
  account: number;
  ip: number;
}

export function isBlocked(c: FailureCounts): boolean {
  return c.account >= BLOCK_AFTER_ACCOUNT_FAILURES || c.ip >= BLOCK_AFTER_IP_FAILURES;
}

export function needsCaptcha(c: FailureCounts, mode: 'always' | 'auto'): boolean {
  return (
    mode === 'always' || c.account >= CAPTCHA_AFTER_ACCOUNT_FAILURES || c.ip >= CAPTCHA_AFTER_IP_FAILURES
  );
}

/** The account part of a sign-in name: 'mobile@account' signs in as `account`. Trimmed. */
export function resolveLoginAccount(raw: string): string {
  const t = raw.trim();
  const at = t.lastIndexOf('@');
  return at >= 0 ? t.slice(at + 1).trim() : t;
}
