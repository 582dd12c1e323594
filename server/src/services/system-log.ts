/** Writes system_log rows (login 1, error 4, request 5) and reads a user's own log. */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';
import type { SystemLogTable } from '../db/schema';

export const LogCategory = { LOGIN: 1, ERROR: 4, REQUEST: 5 } as const;

/** What a caller writes: a system_log row without the id, time and stored JSON it fills in. */
export type LogEntry = Omit<SystemLogTable, 'id' | 'createdAt' | 'json'> & { json?: string };

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
}
