// The chat send limit across instances: the Redis bucket (send-limit.ts, Lua) answers exactly as the
// in-process one for any sequence of sends and clock steps, two instances share one user's bucket,
// and an unreachable Redis falls back to counting on the instance.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Redis } from 'ioredis';
import { MemorySendLimiter, RedisSendLimiter } from '../src/chat/send-limit';
import { REDIS_URL } from './helpers';

const describeRedis = REDIS_URL ? describe : describe.skip;
if (!REDIS_URL) process.stdout.write('  • chat send limit in Redis skipped: 127.0.0.1:6379 not reachable\n');

describeRedis('chat send limit in Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await redis.quit();
  });

  it('answers as the in-process bucket for any sends and clock steps', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 4 }),
        fc.array(fc.record({ user: fc.constantFrom('a', 'b'), step: fc.integer({ min: 0, max: 900 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        async (burst, perSecond, sends) => {
          let now = 1_000_000;
          const clock = () => now;
          const prefix = `lighting-test-${randomBytes(4).toString('hex')}`;
          const memory = new MemorySendLimiter(burst, perSecond, clock);
          const shared = new RedisSendLimiter(redis, prefix, burst, perSecond, clock);
          for (const s of sends) {
            now += s.step;
            expect(await shared.take(s.user)).toBe(await memory.take(s.user));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('two instances share one user’s bucket; an expired bucket is full again', async () => {
    let now = 5_000_000;
    const clock = () => now;
    const prefix = `lighting-test-${randomBytes(4).toString('hex')}`;
    const one = new RedisSendLimiter(redis, prefix, 3, 1, clock);
    const two = new RedisSendLimiter(redis, prefix, 3, 1, clock);
    expect([await one.take('u'), await two.take('u'), await one.take('u')]).toEqual([true, true, true]);
    expect(await two.take('u')).toBe(false);
    expect(await two.take('v')).toBe(true);
    const ttl = await redis.pttl(`${prefix}:chat:send:u`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(4000);
    now += 1000;
    expect(await one.take('u')).toBe(true);
    expect(await two.take('u')).toBe(false);
  });
});

it('with Redis unreachable the instance counts on its own and says why', async () => {
  const down = new Redis({ port: 1, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  down.on('error', () => undefined);
  const errors: unknown[] = [];
  const l = new RedisSendLimiter(
    down,
    'x',
    2,
    1,
    () => 0,
    (e) => errors.push(e),
  );
  expect([await l.take('u'), await l.take('u'), await l.take('u')]).toEqual([true, true, false]);
  expect(errors).toHaveLength(3);
  down.disconnect();
});
