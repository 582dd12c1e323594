/**
 * The chat send limit per user (effects). With REDIS_URL the bucket lives in Redis, so a user's
 * sockets on every instance share it; without, in this process. The rule is `takeToken`
 * (rules.ts); the Lua script below runs the same steps atomically next to the data.
 */
import type { Redis } from 'ioredis';
import { bucketLifeMs, takeToken, type Bucket } from './rules';

export interface SendLimiter {
  /** Takes one send from the user's bucket; false when it is empty. */
  take(userId: string): Promise<boolean>;
}

export class MemorySendLimiter implements SendLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly clock: () => number,
  ) {}

  take(userId: string): Promise<boolean> {
    const now = this.clock();
    const r = takeToken(this.buckets.get(userId), now, this.burst, this.perSecond);
    this.buckets.set(userId, r.next);
    // A bucket untouched for its life is full again and carries no information: forget it.
    if (this.buckets.size > 10_000) {
      const life = bucketLifeMs(this.burst, this.perSecond);
      for (const [k, b] of this.buckets) if (now - b.at > life) this.buckets.delete(k);
    }
    return Promise.resolve(r.ok);
  }
}

// KEYS[1] the bucket; ARGV: burst, perSecond, now (ms), life (ms). Returns 1 when a send was taken.
const TAKE = `
local burst = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = burst
local at = now
if b[1] and b[2] then
  local was = tonumber(b[2])
  at = math.max(was, now)
  tokens = math.min(burst, tonumber(b[1]) + ((at - was) / 1000) * rate)
end
local ok = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(at))
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return ok
`;

export class RedisSendLimiter implements SendLimiter {
  private readonly local: MemorySendLimiter;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly clock: () => number,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.local = new MemorySendLimiter(burst, perSecond, clock);
  }

  async take(userId: string): Promise<boolean> {
    try {
      const r = await this.redis.eval(
        TAKE,
        1,
        `${this.prefix}:chat:send:${userId}`,
        this.burst,
        this.perSecond,
        this.clock(),
        bucketLifeMs(this.burst, this.perSecond),
      );
      return r === 1;
    } catch (err) {
      // Redis unreachable: this instance still limits what it carries, rather than refusing chat
      this.onError(err);
      return this.local.take(userId);
    }
  }
}

export function createSendLimiter(
  redis: Redis | null,
  prefix: string,
  burst: number,
  perSecond: number,
  clock: () => number,
  onError?: (err: unknown) => void,
): SendLimiter {
  return redis
    ? new RedisSendLimiter(redis, prefix, burst, perSecond, clock, onError)
    : new MemorySendLimiter(burst, perSecond, clock);
}
