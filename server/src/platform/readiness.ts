/**
 * Readiness (GET /api/ready): whether a proxy should send this instance traffic. The rule is pure;
 * `probe` reads the parts (effects).
 */
import { sql } from 'kysely';
import type { AppContext } from '../context';

export type PartState = 'ok' | 'down' | 'off';

export interface Readiness {
  status: 'ready' | 'draining' | 'unavailable';
  database: PartState;
  redis: PartState;
}

/** Ready when not shutting down, the database answers and Redis (when configured) is connected. */
export function readinessOf(draining: boolean, database: PartState, redis: PartState): Readiness {
  const status = draining ? 'draining' : database === 'ok' && redis !== 'down' ? 'ready' : 'unavailable';
  return { status, database, redis };
}

/** How long the database may take to answer `select 1` before it counts as down (ms). */
export const DATABASE_PROBE_MS = 2000;

export async function probe(ctx: AppContext): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<PartState>((resolve) => {
    timer = setTimeout(() => resolve('down'), DATABASE_PROBE_MS);
  });
  const database = await Promise.race([
    sql`select 1`.execute(ctx.db).then(
      (): PartState => 'ok',
      (): PartState => 'down',
    ),
    late,
  ]);
  clearTimeout(timer);
  const redis = ctx.realtime.bus.redis;
  const redisState: PartState = !redis ? 'off' : redis.status === 'ready' ? 'ok' : 'down';
  return readinessOf(ctx.lifecycle.draining, database, redisState);
}
