/**
 * The fastify app factory: `buildApp(config, { database })`. Tests call it and use `app.inject` or
 * `app.listen`; main.ts calls it once. Closing the app closes sockets, realtime (Redis) and the database.
 */
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { AccessService } from './auth/access';
import { CaptchaStore } from './auth/captcha';
import { ipAddressName, normalizeIp } from './auth/ip';
import { LoginAttempts } from './auth/throttle';
import { TokenStore } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, refreshStatistics, type DbHandle } from './db';
import { migrateToLatest } from './db/migrations';
import { seedIfEmpty } from './db/seed';
import { authenticate } from './http/authenticate';
import { ApiError, Code, Msg, fail, httpStatusFor } from './http/envelope';
import { redactUrl } from './http/redact';
import {
  AJV_CUSTOM_OPTIONS,
  ValidationError,
  registerFormats,
  schemaErrorFormatter,
} from './http/validation';
import { Realtime } from './realtime';
import type { Invalidation } from './realtime/bus';
import { registerSocketRoute } from './realtime/socket-route';
import { registerBaseDataRoutes } from './routes/base-data';
import { registerCurrentUserRoutes } from './routes/current-user';
import { registerFileRoutes } from './routes/files';
import { registerOauthRoutes } from './routes/oauth';
import { registerApplyRoutes } from './routes/apply';
import { registerPermissionRoutes } from './routes/permission';
import { registerMessageRoutes } from './routes/messages';
import { registerHomeRoutes } from './routes/home';
import { registerFeedbackRoutes } from './routes/feedback';
import { registerMapRoutes } from './map/routes';
import { registerSystemRoutes } from './system/routes';
import { FileStore } from './services/files';
import { LogCategory, SystemLog } from './services/system-log';
import { registerStatic } from './static';

export interface BuildOptions {
  /** An opened (and migrated) database; the app takes ownership and closes it. Opened from config when absent. */
  database?: DbHandle;
  clock?: () => number;
  /**
   * How long a user's snapshot (row, permissions, CurrentUser body) is trusted without an invalidation
   * (ms). Invalidations apply at once; this only bounds writes made behind the server's back.
   */
  accessCacheMs?: number;
  /** Same for a token's row (revocations apply at once). */
  tokenCacheMs?: number;
}

const isApi = (url: string): boolean => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Maps framework 4xx errors (bad JSON, too large, wrong content type) to envelope messages. Pure. */
export function clientErrorMessage(err: FastifyError): { code: number; msg: string } {
  const status = err.statusCode ?? 500;
  if (status === 404) return { code: Code.NOT_FOUND, msg: err.message };
  if (status === 429) return { code: Code.THROTTLED, msg: err.message };
  if (status === 413) return { code: Code.BAD_REQUEST, msg: 'body: 请求内容过大' };
  if (status === 415) return { code: Code.BAD_REQUEST, msg: `body: 不支持的 Content-Type` };
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return { code: Code.BAD_REQUEST, msg: 'body: invalid JSON' };
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return { code: Code.BAD_REQUEST, msg: 'body: required' };
  return { code: Code.BAD_REQUEST, msg: err.message };
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = opts.clock ?? Date.now;
  let handle = opts.database;
  if (!handle) {
    handle = await openDatabase(config);
    await migrateToLatest(handle.db);
    await seedIfEmpty(handle.db, config.mapAssets);
    await refreshStatistics(handle);
  }
  const dbHandle = handle;

  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        req: (req: FastifyRequest) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    schemaErrorFormatter,
    ajv: { customOptions: AJV_CUSTOM_OPTIONS, onCreate: registerFormats },
    bodyLimit: 1024 * 1024,
  });

  const realtime = Realtime.create(config.redisUrl, config.redisPrefix, (err) =>
    app.log.error({ err }, 'realtime'),
  );
  const db = dbHandle.db;
  // Cache invalidations reach the other instances through the bus. A failure is logged, not thrown:
  // this instance has already applied the change, and the others re-read within their cache TTLs.
  const publishInvalidation = (m: Invalidation): Promise<void> =>
    realtime.bus
      .publishInvalidation(m)
      .catch((err: unknown) => app.log.error({ err }, 'invalidation publish'));
  const tokens = new TokenStore(db, config.tokenTtlSeconds, clock, {
    cacheMs: opts.tokenCacheMs,
    publishRevoked: (list) => publishInvalidation({ kind: 'tokens', tokens: list }),
  });
  const access = new AccessService(db, { ttlMs: opts.accessCacheMs, publish: publishInvalidation }, clock);
  realtime.bus.onInvalidation((m) => {
    if (m.kind === 'tokens') tokens.forget(m.tokens);
    else if (m.kind === 'access') access.forget(m.userId);
    else {
      tokens.forget();
      access.forget();
    }
  });
  const ctx: AppContext = {
    config,
    db,
    dialect: dbHandle.dialect,
    clock,
    tokens,
    attempts: new LoginAttempts(db, clock),
    captcha: new CaptchaStore(db, clock),
    access,
    realtime,
    systemLog: new SystemLog(db, clock),
    files: new FileStore(db, config.dataDir, clock),
    invalidateAccess: (userId) => access.invalidate(userId),
  };
  app.decorate('ctx', ctx);
  app.decorateRequest('auth', null);

  // Log writes happen after the answer is sent; track them so close() waits for them.
  const pending = new Set<Promise<void>>();
  const track = (p: Promise<void>): void => {
    const q = p
      .catch((err: unknown) => app.log.error({ err }, 'system log write failed'))
      .finally(() => pending.delete(q));
    pending.add(q);
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });

  app.addHook('onRequest', async (req, reply) => {
    if (req.is404) return;
    await authenticate(req, reply);
  });

  app.addHook('onResponse', async (req, reply) => {
    if (!req.auth || req.method === 'GET' || req.method === 'HEAD' || !isApi(req.url)) return;
    const ip = normalizeIp(req.ip);
    track(
      ctx.systemLog.write({
        userId: req.auth.user.id,
        userName: `${req.auth.user.realName}/${req.auth.user.account}`,
        category: LogCategory.REQUEST,
        ipAddress: ip,
        ipAddressName: ipAddressName(ip),
        requestUrl: req.url.split('?')[0] ?? '',
        requestMethod: req.method,
        duration: reply.elapsedTime,
        abstracts: `${req.routeOptions.url ?? ''} → ${reply.statusCode}`,
      }),
    );
  });

  app.setErrorHandler(async (error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    const api = isApi(req.url);
    let code: number;
    let msg: string;
    let data: unknown = null;
    if (error instanceof ApiError) {
      code = error.code;
      msg = error.message;
      data = error.data;
    } else if (error instanceof ValidationError || error.validation) {
      code = Code.BAD_REQUEST;
      msg = error.message;
    } else if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      ({ code, msg } = clientErrorMessage(error));
    } else {
      code = Code.ERROR;
      msg = Msg.SERVER_ERROR;
      req.log.error({ err: error }, 'request failed');
      const ip = normalizeIp(req.ip);
      track(
        ctx.systemLog.write({
          userId: req.auth?.user.id ?? null,
          userName: req.auth ? `${req.auth.user.realName}/${req.auth.user.account}` : null,
          category: LogCategory.ERROR,
          ipAddress: ip,
          ipAddressName: ipAddressName(ip),
          requestUrl: req.url.split('?')[0] ?? '',
          requestMethod: req.method,
          duration: reply.elapsedTime,
          abstracts: error.message,
          json: JSON.stringify({ stack: error.stack ?? '' }),
        }),
      );
    }
    if (!api)
      return reply.code(httpStatusFor(code)).type('text/plain; charset=utf-8').send(`${code}: ${msg}\n`);
    return reply
      .code(httpStatusFor(code))
      .header('Cache-Control', 'no-store')
      .send(fail(code, msg, data));
  });

  app.setNotFoundHandler(async (req, reply) => {
    if (isApi(req.url))
      return reply
        .code(404)
        .send(fail(Code.NOT_FOUND, `接口不存在: ${req.method} ${req.url.split('?')[0] ?? ''}`));
    return reply.code(404).type('text/plain; charset=utf-8').send('404 Not Found\n');
  });

  registerOauthRoutes(app);
  registerApplyRoutes(app);
  registerCurrentUserRoutes(app);
  registerPermissionRoutes(app);
  registerBaseDataRoutes(app);
  registerFileRoutes(app);
  registerMessageRoutes(app);
  registerHomeRoutes(app);
  registerFeedbackRoutes(app);
  registerSystemRoutes(app);
  registerMapRoutes(app);
  registerSocketRoute(app);
  await registerStatic(app, config);

  // Old sign-in attempts and image codes are only needed for the 15-minute window.
  const prune = setInterval(() => track(ctx.attempts.prune()), 10 * 60 * 1000);
  prune.unref();

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    return payload;
  });

  app.addHook('onClose', async () => {
    clearInterval(prune);
    await realtime.close();
    await Promise.allSettled([...pending]);
    await dbHandle.close();
  });

  return app;
}
