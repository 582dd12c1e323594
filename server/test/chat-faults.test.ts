/**
 * Fault injection for the chat (issue 15): see chat-faults.ts. On SQLite one server process is killed
 * with SIGKILL mid-traffic and restarted; on PostgreSQL with Redis two processes share the database
 * and every reconnection may land on either (one of them is killed). Prints the counts; with
 * FAULT_REPORT=<file> also writes them as JSON (npm run bench reads them).
 */
import fs from 'node:fs';
import { runFaults, type FaultCounts } from './chat-faults';
import { killLeftovers } from './server-process';
import { REDIS_URL, TARGETS } from './helpers';

const PAIRS = Number(process.env.FAULT_PAIRS ?? 6);
const PER_USER = Number(process.env.FAULT_MESSAGES ?? 30);

describe.each(TARGETS)('chat under faults (%s)', (target) => {
  let counts: FaultCounts;

  beforeAll(async () => {
    if (target === 'postgres' && !REDIS_URL)
      process.stdout.write(
        '  • chat faults on PostgreSQL: one instance (Redis not reachable: no instance moves)\n',
      );
    counts = await runFaults({ target, pairs: PAIRS, perUser: PER_USER, redisUrl: REDIS_URL || undefined });
    process.stdout.write(`\n  chat fault-injection counts (${target}): ${JSON.stringify(counts)}\n`);
    const out = process.env.FAULT_REPORT;
    if (out) {
      const prev = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as FaultCounts[]) : [];
      fs.writeFileSync(out, JSON.stringify([...prev, counts], null, 2));
    }
  }, 300_000);

  afterAll(killLeftovers);

  it('the faults happened (drops, lost acks, a kill -9; instance moves with two instances)', () => {
    expect(counts.socketDrops).toBeGreaterThan(0);
    expect(counts.acksLost).toBeGreaterThan(0);
    expect(counts.kills).toBe(1);
    if (counts.instances > 1) expect(counts.instanceMoves).toBeGreaterThan(0);
    // retries really happened: more send frames than messages
    expect(counts.sendFrames).toBeGreaterThan(counts.planned);
  });

  it('every acknowledged message is stored, and once', () => {
    expect(counts.acknowledged).toBe(counts.planned);
    expect(counts.stored).toBe(counts.planned);
    expect(counts.storedTwice).toBe(0);
  });

  it('every receiver holds every message once and in order (live or by catch-up)', () => {
    expect(counts.lost).toBe(0);
    expect(counts.conversationsWrong).toBe(0);
    expect(counts.receiversOutOfOrder).toBe(0);
    expect(counts.delivered).toBe(counts.planned);
  });

  it('unread counts equal what is unread (frames, a fresh initMessage and the database)', () => {
    expect(counts.unreadChecked).toBe(counts.users);
    expect(counts.unreadWrong).toBe(0);
  });
});
