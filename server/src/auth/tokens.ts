/**
 * Token store (effects): create, check with sliding expiry, revoke.
 *
 * Checks are answered from an in-memory cache (token → row) so a signed-in request costs no query:
 * - a revocation on this instance marks the cached row revoked synchronously, before the database
 *   write, and is published (awaited) to the other instances, which drop their copy;
 * - a cached row is re-read after `cacheMs` anyway (safety net for missed bus messages or writes made
 *   outside the server), and whenever it looks expired (another instance may have slid it);
 * - unknown tokens are never cached (each costs a query, as before).
 * A load that raced with a revocation is not cached (generation counter), so the next use still sees it.
 */
import type { Db } from '../database';
import type { Token } from './schema';
import { newToken, slidExpiry, tokenStatus, TOKEN_FORMAT, type TokenStatus } from './token-rules';

export interface TokenCheck {
  status: TokenStatus;
  row: Readonly<Token> | null;
}

export interface TokenCacheOptions {
  /** How long a cached row is trusted before it is re-read (ms). */
  cacheMs?: number;
  maxEntries?: number;
  /** Tells the other instances that these tokens were revoked (awaited by revocations). */
  publishRevoked?: (tokens: string[]) => Promise<void>;
}

interface Cached {
  row: Readonly<Token>;
  loadedAt: number;
}

export class TokenStore {
  private readonly cache = new Map<string, Cached>();
  /** Bumped by every revocation; a load that saw another value does not enter the cache. */
  private generation = 0;
  private readonly cacheMs: number;
  private readonly maxEntries: number;
  private readonly publishRevoked: (tokens: string[]) => Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly ttlSeconds: number,
    private readonly clock: () => number = Date.now,
    opts: TokenCacheOptions = {},
  ) {
    this.cacheMs = opts.cacheMs ?? 5000;
    this.maxEntries = opts.maxEntries ?? 100_000;
    this.publishRevoked = opts.publishRevoked ?? (() => Promise.resolve());
  }

  private remember(row: Readonly<Token>, loadedAt: number): void {
    this.cache.delete(row.token);
    this.cache.set(row.token, { row, loadedAt });
    if (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next();
      if (!oldest.done) this.cache.delete(oldest.value);
    }
  }

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
    this.remember(Object.freeze({ ...row }), now);
    return row;
  }

  private async load(token: string): Promise<Readonly<Token> | undefined> {
    const generation = this.generation;
    const row = await this.db.selectFrom('token').selectAll().where('token', '=', token).executeTakeFirst();
    if (!row) {
      this.cache.delete(token);
      return undefined;
    }
    const frozen = Object.freeze(row);
    if (generation === this.generation) this.remember(frozen, this.clock());
    return frozen;
  }

  /** Looks a token up; when valid, slides its expiry (written at most once a minute). */
  async check(token: string | null): Promise<TokenCheck> {
    if (!token || !TOKEN_FORMAT.test(token)) return { status: 'unknown', row: null };
    let now = this.clock();
    const hit = this.cache.get(token);
    let row: Readonly<Token> | undefined;
    if (hit && now - hit.loadedAt < this.cacheMs && (hit.row.revokedAt !== null || hit.row.expiresAt > now))
      row = hit.row;
    else {
      row = await this.load(token);
      now = this.clock();
    }
    const status = tokenStatus(row, now);
    if (status !== 'ok' || !row) return { status, row: row ?? null };
    const next = slidExpiry(row.expiresAt, now, this.ttlSeconds);
    if (next !== null) {
      // Update the cache first so concurrent requests do not write the same slide again.
      row = Object.freeze({ ...row, expiresAt: next });
      const cached = this.cache.get(token);
      if (cached && cached.row.revokedAt === null) this.cache.set(token, { ...cached, row });
      await this.db
        .updateTable('token')
        .set({ expiresAt: next })
        .where('token', '=', token)
        .where('revokedAt', 'is', null)
        .execute();
    }
    return { status, row };
  }

  /** Marks cached rows revoked at once (this instance answers 601 from the next request on). */
  private markRevoked(tokens: Iterable<string>, now: number, reason: string): void {
    this.generation += 1;
    for (const token of tokens) {
      const c = this.cache.get(token);
      if (c && c.row.revokedAt === null)
        this.cache.set(token, {
          ...c,
          row: Object.freeze({ ...c.row, revokedAt: now, revokeReason: reason }),
        });
    }
  }

  private cachedTokensOf(userId: string, keep: string | null): string[] {
    const out: string[] = [];
    for (const [token, c] of this.cache) if (c.row.userId === userId && token !== keep) out.push(token);
    return out;
  }

  async revoke(token: string, reason: string): Promise<void> {
    const now = this.clock();
    this.markRevoked([token], now, reason);
    try {
      await this.db
        .updateTable('token')
        .set({ revokedAt: now, revokeReason: reason })
        .where('token', '=', token)
        .where('revokedAt', 'is', null)
        .execute();
    } finally {
      // Loads that started before the write committed must not be cached.
      this.generation += 1;
    }
    await this.publishRevoked([token]);
  }

  /** Revokes every live token of a user except `keep`; returns the revoked tokens. */
  async revokeUserTokens(userId: string, reason: string, keep: string | null): Promise<string[]> {
    const now = this.clock();
    this.markRevoked(this.cachedTokensOf(userId, keep), now, reason);
    let tokens: string[];
    try {
      let q = this.db
        .selectFrom('token')
        .select('token')
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', now);
      if (keep) q = q.where('token', '!=', keep);
      tokens = (await q.execute()).map((r) => r.token);
      if (tokens.length > 0) {
        await this.db
          .updateTable('token')
          .set({ revokedAt: now, revokeReason: reason })
          .where('token', 'in', tokens)
          .execute();
      }
    } finally {
      this.generation += 1;
    }
    if (tokens.length > 0) await this.publishRevoked(tokens);
    return tokens;
  }

  /** Another instance revoked these tokens (or, without a list, anything may have changed). */
  forget(tokens?: readonly string[]): void {
    this.generation += 1;
    if (tokens) tokens.forEach((t) => this.cache.delete(t));
    else this.cache.clear();
  }
}
