/** Writes system_log rows (login 1, error 4, request 5) and reads a user's own log. */
import { createHash, randomUUID } from 'node:crypto';
import { ERROR_LIMITS, errorKey, type ErrorSource } from '@lighting/shared/core';
import type { Db } from '../database';
import type { SystemLogTable } from './schema';

export const LogCategory = { LOGIN: 1, ERROR: 4, REQUEST: 5 } as const;

/** What a caller writes: a system_log row without the id, time and stored JSON it fills in. */
export type LogEntry = Omit<
  SystemLogTable,
  'id' | 'createdAt' | 'json' | 'fingerprint' | 'count' | 'lastSeen'
> & {
  json?: string;
};

/** An uncaught error, from a browser or from the server (spec §8 production error handler). */
export interface ErrorRecord {
  message: string;
  stack: string;
  componentStack: string;
  /** The page's path (browser) or the request's path (server). */
  path: string;
  source: ErrorSource;
  app: string;
  /** Occurrences this record stands for (a browser sends repeats together). */
  count: number;
  userId: string | null;
  userName: string | null;
  ipAddress: string;
  ipAddressName: string;
  requestMethod: string;
  userAgent: string;
}

/** The stored identity of an error: sha-256 of its key (message, top stack frame, URL path). Pure. */
export function errorFingerprint(e: { message: string; stack: string; path: string }): string {
  return createHash('sha256')
    .update(errorKey({ message: e.message, stack: e.stack, url: e.path }))
    .digest('hex');
}

export class SystemLog {
  constructor(
    private readonly db: Db,
    private readonly clock: () => number = Date.now,
  ) {}

  async write(e: LogEntry): Promise<void> {
    await this.db
      .insertInto('system_log')
      .values({
        id: randomUUID(),
        ...e,
        requestUrl: e.requestUrl.slice(0, 1000),
        abstracts: e.abstracts.slice(0, 1000),
        json: (e.json ?? '').slice(0, 20000),
        duration: Math.max(0, Math.round(e.duration)),
        createdAt: this.clock(),
      })
      .execute();
  }

  /**
   * Records an error in the error log (category 4): a new error is a row, a repeat (same
   * fingerprint) adds its count to that row and moves its last-seen time, user and details to the
   * latest — one atomic upsert, so concurrent reports never make two rows.
   */
  async recordError(e: ErrorRecord): Promise<void> {
    const now = this.clock();
    const message = e.message.slice(0, ERROR_LIMITS.message);
    const path = e.path.slice(0, ERROR_LIMITS.url);
    const count = Math.max(1, Math.min(ERROR_LIMITS.count, Math.round(e.count)));
    const json = JSON.stringify({
      source: e.source,
      app: e.app.slice(0, ERROR_LIMITS.app),
      stack: e.stack.slice(0, ERROR_LIMITS.stack),
      componentStack: e.componentStack.slice(0, ERROR_LIMITS.componentStack),
      userAgent: e.userAgent.slice(0, 300),
    });
    const latest = {
      userId: e.userId,
      userName: e.userName,
      ipAddress: e.ipAddress,
      ipAddressName: e.ipAddressName,
      requestMethod: e.requestMethod,
      json,
      lastSeen: now,
    };
    await this.db
      .insertInto('system_log')
      .values({
        id: randomUUID(),
        category: LogCategory.ERROR,
        requestUrl: path,
        duration: 0,
        abstracts: message,
        fingerprint: errorFingerprint({ message, stack: e.stack, path }),
        count,
        createdAt: now,
        ...latest,
      })
      .onConflict((oc) =>
        oc.column('fingerprint').doUpdateSet((eb) => ({
          ...latest,
          count: eb('system_log.count', '+', count),
        })),
      )
      .execute();
  }
}
