/**
 * Durable timers (flow_timer): approver timeouts, reminders, timer nodes and approval hooks. Every
 * instance runs a scheduler; each tick claims a batch of due rows in one atomic statement
 * (PostgreSQL: the inner SELECT takes them FOR UPDATE SKIP LOCKED, so two instances never claim
 * the same row; SQLite has one writer) for `claimMs`, then fires each:
 *
 * - an engine timer in the task's own action transaction, where the engine marks it fired: the
 *   effect and the mark commit together or not at all, and a row already fired (by an instance
 *   whose claim expired) is skipped inside that transaction. Exactly once.
 * - a hook (a domain's reaction to an approval: the map's dispatch) after which the row is marked;
 *   a crash between the two runs the hook again, which the domain refuses as already done.
 *
 * A crash loses nothing: rows stay due until fired, and a claim of a dead instance expires.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { parseData, loadTaskRow } from './store';
import type { FlowTimerTable } from './schema';
import type { WorkflowService } from './service';

export interface SchedulerOptions {
  instanceId?: string;
  /** how often to look for due rows */
  pollMs?: number;
  /** how long a claim holds before another instance may take the row */
  claimMs?: number;
  batch?: number;
  /** a hook that keeps failing is given up after this many attempts */
  maxAttempts?: number;
  /**
   * Fault injection for the crash test only (FLOW_TIMER_CRASH_AFTER): once this many timers have
   * fired and committed, the process kills itself with SIGKILL — mid-burst, at a known point,
   * without the test racing a clock. Never set in production.
   */
  crashAfter?: number;
}

export class FlowScheduler {
  readonly instanceId: string;
  private readonly pollMs: number;
  private readonly claimMs: number;
  private readonly batch: number;
  private readonly maxAttempts: number;
  private readonly crashAfter: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  /** the last tick fired something (the next empty one says so: 'timers idle') */
  private busy = false;
  /** fired rows since start (the bench and the tests read it) */
  fired = 0;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'dialect' | 'clock'>,
    private readonly service: Pick<WorkflowService, 'act' | 'hooks' | 'log'>,
    o: SchedulerOptions = {},
  ) {
    this.instanceId = o.instanceId ?? randomUUID();
    this.pollMs = o.pollMs ?? 1000;
    this.claimMs = o.claimMs ?? 60_000;
    this.batch = o.batch ?? 50;
    this.maxAttempts = o.maxAttempts ?? 5;
    this.crashAfter = o.crashAfter ?? 0;
  }

  start(): void {
    this.stopped = false;
    const loop = (): void => {
      if (this.stopped) return;
      void this.tick()
        .catch((err: unknown) => this.service.log.error({ err }, 'workflow: timer tick failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, this.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
    this.timer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** Claims and fires what is due now (until nothing is); returns how many fired. */
  tick(): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      let total = 0;
      for (;;) {
        const rows = await this.claim();
        if (!rows.length) break;
        for (const t of rows) if (await this.fire(t)) total++;
        if (this.stopped) break;
      }
      if (total > 0) this.busy = true;
      else if (this.busy) {
        this.busy = false;
        this.service.log.debug({ instance: this.instanceId }, 'workflow: timers idle');
      }
      return total;
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Takes up to `batch` due rows for this instance (one atomic statement). */
  async claim(): Promise<FlowTimerTable[]> {
    const now = this.ctx.clock();
    const db = this.ctx.db;
    const lock = this.ctx.dialect === 'postgres' ? sql` for update skip locked` : sql``;
    const due = sql`select ${sql.ref('id')} from ${sql.table('flow_timer')} where ${sql.ref('state')} = 0 and ${sql.ref('dueAt')} <= ${now} and (${sql.ref('claimUntil')} is null or ${sql.ref('claimUntil')} < ${now}) order by ${sql.ref('dueAt')}, ${sql.ref('id')} limit ${this.batch}${lock}`;
    const rows = await db
      .updateTable('flow_timer')
      .set((eb) => ({
        claimedBy: this.instanceId,
        claimUntil: now + this.claimMs,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', sql`(${due})` as never)
      .returningAll()
      .execute();
    return rows.sort((a, b) => a.dueAt - b.dueAt || a.id.localeCompare(b.id));
  }

  /** Fires one claimed row; true when this call fired it. */
  async fire(t: FlowTimerTable): Promise<boolean> {
    if (t.kind === 'hook') return this.fireHook(t);
    let fired = false;
    try {
      await this.service.act(null, t.taskId, {}, async (tx) => {
        const row = tx.state.timers.find((x) => x.id === t.id);
        // already fired or cancelled (by another instance whose claim had expired, or an action)
        if (!row || row.state !== 0) return null;
        await tx.run().fire(row);
        fired = true;
        return null;
      });
    } catch (err) {
      this.service.log.error({ err, timerId: t.id }, 'workflow: firing a timer failed; it stays due');
      return false;
    }
    if (fired) {
      this.fired++;
      this.service.log.debug(
        { timerId: t.id, kind: t.kind, instance: this.instanceId },
        'workflow: timer fired',
      );
      if (this.crashAfter > 0 && this.fired >= this.crashAfter) process.kill(process.pid, 'SIGKILL');
    }
    return fired;
  }

  private async fireHook(t: FlowTimerTable): Promise<boolean> {
    const db = this.ctx.db;
    const key = String(parseData(t.payload).key ?? '');
    const hook = this.service.hooks.get(key);
    let ok = true;
    if (hook) {
      try {
        const task = await loadTaskRow(db, t.taskId);
        await hook(task, parseData(task.data));
      } catch (err) {
        ok = false;
        this.service.log.error({ err, timerId: t.id, key }, 'workflow: an approval hook failed');
      }
    }
    if (!ok && t.attempts < this.maxAttempts) return false;
    const r = await db
      .updateTable('flow_timer')
      .set({ state: ok ? 1 : 2, firedAt: this.ctx.clock() })
      .where('id', '=', t.id)
      .where('state', '=', 0)
      .executeTakeFirst();
    const mine = Number(r.numUpdatedRows) === 1;
    if (mine && ok) {
      this.fired++;
      this.service.log.debug(
        { timerId: t.id, kind: t.kind, instance: this.instanceId },
        'workflow: timer fired',
      );
    }
    return mine && ok;
  }
}
