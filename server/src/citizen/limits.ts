/**
 * The citizens' throttles beyond the per-address limit every public route declares in
 * `config.rateLimit`: per device (the random id the pages keep), per citizen and per phone number.
 * @fastify/rate-limit runs one of its own hooks per request, so these count through its
 * `createRateLimit` (the same store: Redis across instances when configured) in a preHandler each.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, Code } from '../http/envelope';
import { DEVICE_HEADER } from './service';

type Keys = (req: FastifyRequest) => readonly string[] | Promise<readonly string[]>;

/**
 * A limit of `max` per `timeWindow` ms on each of the keys `keys` gives a request (none: not
 * counted), counted apart from every other limiter (`name`). Every key is counted; the request is
 * refused when any of them is over.
 */
export function limitEach(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: number,
  keys: Keys,
): (req: FastifyRequest) => Promise<void> {
  const current = new WeakMap<FastifyRequest, string>();
  // the plugin's stores share one key space for these limiters (Redis): the name keeps them apart
  const check = app.createRateLimit({
    max,
    timeWindow,
    keyGenerator: (req) => `${name}|${current.get(req) ?? ''}`,
  });
  return async (req) => {
    let refusedFor = 0;
    for (const key of new Set(await keys(req))) {
      current.set(req, key);
      const r = await check(req);
      if (!r.isAllowed && r.isExceeded) refusedFor = Math.max(refusedFor, r.ttlInSeconds, 1);
    }
    current.delete(req);
    if (refusedFor) throw new ApiError(Code.THROTTLED, `请求过于频繁，请 ${refusedFor} 秒后再试`);
  };
}

/** A limit of `max` per `timeWindow` ms on `key`, counted apart from every other (`name`). */
export function limitBy(
  app: FastifyInstance,
  name: string,
  max: number,
  timeWindow: number,
  key: (req: FastifyRequest) => string,
): (req: FastifyRequest) => Promise<void> {
  return limitEach(app, name, max, timeWindow, (req) => [key(req)]);
}

export const deviceKey = (req: FastifyRequest): string => {
  const d = req.headers[DEVICE_HEADER];
  return `dev:${typeof d === 'string' ? d : ''}`;
};

/** The device header every citizen write carries (a random id the phone keeps). */
export const deviceHeaders = {
  type: 'object',
  required: [DEVICE_HEADER],
  properties: {
    [DEVICE_HEADER]: {
      type: 'string',
      maxLength: 64,
      pattern: '^[A-Za-z0-9_-]{16,64}$',
      'x-msg': 'a random id of 16–64 letters, digits, _ or -',
    },
  },
} as const;
