/**
 * Image codes: an SVG per client timestamp, remembered in the database (so every server instance can
 * check it) for 5 minutes, usable once.
 */
import { create as createCaptcha } from 'svg-captcha';
import type { Db } from '../database';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

export class CaptchaStore {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Creates (or replaces) the code for a timestamp and returns the SVG. */
  async issue(timestamp: string): Promise<string> {
    const c = createCaptcha({
      size: 4,
      noise: 2,
      ignoreChars: '0o1iIlO',
      color: true,
      background: '#f5f7fa',
    });
    const now = this.clock();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('captcha')
        .where((eb) => eb.or([eb('timestamp', '=', timestamp), eb('expiresAt', '<', now)]))
        .execute();
      await trx
        .insertInto('captcha')
        .values({ timestamp, code: c.text.toLowerCase(), expiresAt: now + CAPTCHA_TTL_MS })
        .execute();
    });
    return c.data;
  }

  /** Checks and consumes: a code is deleted on its first check, right or wrong. */
  async consume(timestamp: string | undefined, code: string | undefined): Promise<boolean> {
    if (!timestamp || !code) return false;
    const row = await this.db
      .selectFrom('captcha')
      .selectAll()
      .where('timestamp', '=', timestamp)
      .executeTakeFirst();
    if (!row) return false;
    await this.db.deleteFrom('captcha').where('timestamp', '=', timestamp).execute();
    return row.expiresAt > this.clock() && row.code === code.trim().toLowerCase();
  }
}
