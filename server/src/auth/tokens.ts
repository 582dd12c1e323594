/** Token store (effects): create, check with sliding expiry, revoke. */
import type { Db } from '../db';
import type { Token } from '../db/schema';
import { newToken, slidExpiry, tokenStatus, TOKEN_FORMAT, type TokenStatus } from './token-rules';

export interface TokenCheck {
  status: TokenStatus;
  row: Token | null;
}

export class TokenStore {
  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async create(userId: string, ip: string): Promise<Token> {
    const now = this.clock();
    const row: Token = {
      token: newToken(),
      userId,
      createdAt: now,
      expiresAt: now + this.ttlSeconds * 1000,
      revokedAt: null,
      revokeReason: null,
      ip,
    };
    await this.db.insertInto('token').values(row).execute();
    return row;
  }

  /** Looks a token up; when valid, slides its expiry (written at most once a minute). */
  async check(token: string | null): Promise<TokenCheck> {
    if (!token || !TOKEN_FORMAT.test(token)) return { status: 'unknown', row: null };
    const row = await this.db.selectFrom('token').selectAll().where('token', '=', token).executeTakeFirst();
    const now = this.clock();
    const status = tokenStatus(row, now);
    if (status !== 'ok' || !row) return { status, row: row ?? null };
    const next = slidExpiry(row.expiresAt, now, this.ttlSeconds);
    if (next !== null) {
      await this.db
        .updateTable('token')
        .set({ expiresAt: next })
        .where('token', '=', token)
        .where('revokedAt', 'is', null)
        .execute();
      row.expiresAt = next;
    }
    return { status, row };
  }

  async revoke(token: string, reason: string): Promise<void> {
    await this.db
      .updateTable('token')
      .set({ revokedAt: this.clock(), revokeReason: reason })
      .where('token', '=', token)
      .where('revokedAt', 'is', null)
      .execute();
  }

  /** Revokes every live token of a user except `keep`; returns the revoked tokens. */
  async revokeUserTokens(userId: string, reason: string, keep: string | null): Promise<string[]> {
    const now = this.clock();
    let q = this.db
      .selectFrom('token')
      .select('token')
      .where('userId', '=', userId)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now);
    if (keep) q = q.where('token', '!=', keep);
    const tokens = (await q.execute()).map((r) => r.token);
    if (tokens.length > 0) {
      await this.db
        .updateTable('token')
        .set({ revokedAt: now, revokeReason: reason })
        .where('token', 'in', tokens)
        .execute();
    }
    return tokens;
  }
}
