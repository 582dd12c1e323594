/** Sign-in attempt bookkeeping (effects) for the throttle rules in throttle-rules.ts. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../database';
import { WINDOW_MS, type FailureCounts } from './throttle-rules';

export class LoginAttempts {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Failures in the window: for the account since its last success (a good sign-in clears them),
   * for the address all of them.
   */
  async failures(account: string, ip: string): Promise<FailureCounts> {
    const since = this.clock() - WINDOW_MS;
    const lastOk = await this.db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.max('createdAt').as('t'))
      .where('account', '=', account)
      .where('success', '=', 1)
      .where('createdAt', '>', since)
      .executeTakeFirst();
    const accountSince = Math.max(since, Number(lastOk?.t ?? 0));
    const acc = await this.db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account', '=', account)
      .where('success', '=', 0)
      .where('createdAt', '>', accountSince)
      .executeTakeFirst();
    const byIp = await this.db
      .selectFrom('login_attempt')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ip', '=', ip)
      .where('success', '=', 0)
      .where('createdAt', '>', since)
      .executeTakeFirst();
    return { account: Number(acc?.n ?? 0), ip: Number(byIp?.n ?? 0) };
  }

  async record(account: string, ip: string, success: boolean): Promise<void> {
    await this.db
      .insertInto('login_attempt')
      .values({ id: randomUUID(), account, ip, success: success ? 1 : 0, createdAt: this.clock() })
      .execute();
  }

  /** Drops attempts older than the window and expired image codes (called now and then). */
  async prune(): Promise<void> {
    const now = this.clock();
    await this.db
      .deleteFrom('login_attempt')
      .where('createdAt', '<', now - WINDOW_MS)
      .execute();
    await this.db.deleteFrom('captcha').where('expiresAt', '<', now).execute();
  }
}
