/**
 * The fastify app factory: `buildApp(config, { database })`. Tests call it and use `app.inject` or
 * `app.listen`; main.ts calls it once. Closing the app closes sockets, realtime (Redis) and the database.
 */
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import {
  AccessService,
  CaptchaStore,
  authenticate,
  LoginAttempts,
  TokenStore,
  ipAddressName,
  normalizeIp,
} from './auth';
import type { Config } from './config';
import type { AppContext } from './context';
import { refreshStatistics } from './db';
import { openDatabase, type DbHandle } from './database';
import { migrateToLatest } from './db/migrator';
import { seedIfEmpty } from './seeding';
import { ApiError, Code, Msg, fail, httpStatusFor, type Envelope } from './http/envelope';
import { languageOf, translateMessage } from './http/messages';
import { redactUrl } from './http/redact';
import { prettyLogStream } from './http/log-format';
import { ValidationError, schemaErrorFormatter } from './http/validation';
import { createValidatorCompiler } from './http/schema-compiler';
import { collectRoutes } from './http/route-table';
import { ResponseCheck, responseCheckHook } from './http/response-check';
import { parseQueryString } from './http/querystring';
import {
  FRAMEWORK_MESSAGES,
  MAX_PARAM_LENGTH,
  clientErrorHandler,
  constraintMessage,
  frameworkErrorHandler,
  isApiPath,
} from './http/framework-errors';
import { Realtime } from './realtime';
import type { Invalidation } from './realtime/bus';
import { registerSocketRoute, type SocketMethods } from './realtime/socket-route';
import { DOMAINS, MIGRATIONS, scopeFieldsOf, viewerAttributesOf } from './domains';
import { registerApiDocs } from './platform';
import { FileStore, diskUploadsLeft, openBlobStore } from './files';
import { unreadCounts } from './messages';
import { LogCategory, SystemLog, rowScopeCheck } from './system';
import { registerStatic } from './static';
import { isOpen311Path, open311ErrorReply } from './citizen';

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

const isApi = isApiPath;

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
    await migrateToLatest(handle.db, MIGRATIONS);
    await seedIfEmpty(handle.db, config.mapAssets);
    await refreshStatistics(handle);
  }
  const dbHandle = handle;

  const pretty = config.logFormat === 'pretty';
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
      // npm start: readable lines on the terminal; production: JSON lines for a log collector
      ...(pretty ? { stream: prettyLogStream() } : {}),
    },
    // in the readable form only what needs a look is printed: warnings, errors, slow requests
    logController: new LogController({ disableRequestLogging: pretty }),
    trustProxy: config.trustProxy,
    schemaErrorFormatter,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQueryString },
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  app.setValidatorCompiler(createValidatorCompiler());
  // Answers are serialised as they are, whatever a route's response schema says: the schemas
  // describe and check answers (CHECK_RESPONSES), they never silently drop a field from one.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  const responseCheck = config.checkResponses ? new ResponseCheck() : null;
  app.decorate('responseCheck', responseCheck);
  if (responseCheck) app.addHook('preSerialization', responseCheckHook(responseCheck));

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
  const blobs = openBlobStore(config.fileStore, db, config.dataDir, clock);
  if (blobs.kind !== 'disk' && (await diskUploadsLeft(config.dataDir)))
    app.log.warn(
      { dataDir: config.dataDir, store: blobs.kind },
      'uploads are left in DATA_DIR/uploads and are not read from there: run npm run files:move (README "Where uploads live")',
    );
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
    lifecycle: { draining: false },
    systemLog: new SystemLog(db, clock),
    files: new FileStore(db, blobs, clock),
    invalidateAccess: (userId) => access.invalidate(userId),
    billRuleUses: [],
    fileUses: [],
    scopeFields: (menu) => scopeFieldsOf(db, menu),
    viewerAttributes: (user) => viewerAttributesOf(db, user),
    counters: { constraintErrors: 0 },
  };
  app.decorate('ctx', ctx);
  // pushed rows of pages under data permissions reach only who may see them
  realtime.setScopeCheck(rowScopeCheck(ctx));
  app.decorate('routeTable', collectRoutes(app));
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
  // Per-route limits (`config: { rateLimit: { max, timeWindow } }`): per signed-in user, else per
  // address; counted in Redis across instances when REDIS_URL is set, in memory otherwise. Counted
  // in preHandler, after the token, the permission guard (onRequest) and the schema (validation):
  // a request refused for its input never uses up the caller's quota, and its refusal names the
  // field instead of a 429 hiding it. What a limit protects (an SMS sent, a report stored, a number
  // handed out) happens in the handler, after the count.
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    ...(realtime.bus.redis ? { redis: realtime.bus.redis, nameSpace: `${config.redisPrefix}:rl:` } : {}),
    keyGenerator: (req) => (req.auth ? `u:${req.auth.user.id}` : `ip:${normalizeIp(req.ip)}`),
    errorResponseBuilder: (_req, c) =>
      new ApiError(Code.THROTTLED, `请求过于频繁，请 ${Math.ceil(c.ttl / 1000)} 秒后再试`),
  });

  app.addHook('onRequest', async (req, reply) => {
    if (req.is404) return;
    await authenticate(req, reply);
  });

  // Every envelope's msg in the caller's language (Accept-Language, else the user's chosen one):
  // one place for every route, error and refusal (http/messages.ts, its catalogue in three languages).
  app.addHook('preSerialization', async (req: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (!isApi(req.url) || !payload || typeof payload !== 'object') return payload;
    const env = payload as Partial<Envelope>;
    if (typeof env.msg !== 'string' || typeof env.code !== 'number') return payload;
    const lang = languageOf(req.headers['accept-language'], req.auth?.user.language);
    return lang ? { ...env, msg: translateMessage(env.msg, lang) } : payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    if (reply.elapsedTime > config.slowRequestMs)
      req.log.warn(
        `slow request: ${req.method} ${redactUrl(req.url).slice(0, 200)} → ${reply.statusCode} in ${Math.round(reply.elapsedTime)} ms`,
      );
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
    } else if (constraintMessage(error)) {
      // a route let through what the database refused: answer as bad input, and log the missing check
      code = Code.BAD_REQUEST;
      msg = constraintMessage(error) ?? '';
      ctx.counters.constraintErrors++;
      req.log.error({ err: error, url: req.url }, 'database constraint reached: a route check is missing');
    } else {
      code = Code.ERROR;
      msg = Msg.SERVER_ERROR;
      req.log.error({ err: error }, 'request failed');
      const ip = normalizeIp(req.ip);
      // the error log counts a repeated error on one row (message, top frame, path)
      track(
        ctx.systemLog.recordError({
          message: error.message,
          stack: error.stack ?? '',
          componentStack: '',
          path: req.url.split('?')[0] ?? '',
          source: 'server',
          app: 'server',
          count: 1,
          userId: req.auth?.user.id ?? null,
          userName: req.auth ? `${req.auth.user.realName}/${req.auth.user.account}` : null,
          ipAddress: ip,
          ipAddressName: ipAddressName(ip),
          requestMethod: req.method,
          userAgent: String(req.headers['user-agent'] ?? ''),
        }),
      );
    }
    if (!api)
      return reply.code(httpStatusFor(code)).type('text/plain; charset=utf-8').send(`${code}: ${msg}\n`);
    if (req.routeOptions.config.errorFormat === 'open311') {
      // GeoReport v2: an array of {code, description}; 401-class sign-in codes never apply here
      const status = httpStatusFor(code) === 401 ? 403 : httpStatusFor(code);
      const e = open311ErrorReply(req.url, status, msg);
      return reply.code(status).header('Cache-Control', 'no-store').type(e.contentType).send(e.body);
    }
    return reply
      .code(httpStatusFor(code))
      .header('Cache-Control', 'no-store')
      .send(fail(code, msg, data));
  });

  app.setNotFoundHandler(async (req, reply) => {
    if (isApi(req.url)) {
      const path = req.url.split('?')[0] ?? '';
      // a segment longer than the router's limit could only have been a parameter, which no route took
      if (path.split('/').some((seg) => seg.length > MAX_PARAM_LENGTH))
        return reply.code(400).send(fail(Code.BAD_REQUEST, FRAMEWORK_MESSAGES.paramTooLong));
      const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
      if (isOpen311Path(req.url)) {
        const e = open311ErrorReply(req.url, 404, `no such resource: ${shown}`);
        return reply.code(404).type(e.contentType).send(e.body);
      }
      return reply.code(404).send(fail(Code.NOT_FOUND, `接口不存在: ${req.method} ${shown}`));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('404 Not Found\n');
  });

  await registerApiDocs(app);
  for (const d of DOMAINS) d.routes?.(app);
  registerSocketRoute(app, socketSetup(app));
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
    await blobs.close();
    await dbHandle.close();
  });

  return app;
}

/** The socket's methods from every domain that answers on it, and the shell's unread counts. */
function socketSetup(app: FastifyInstance) {
  const parts: SocketMethods[] = DOMAINS.flatMap((d) => (d.socket ? [d.socket(app)] : []));
  return {
    methods: Object.assign({}, ...parts.map((p) => p.methods)) as SocketMethods['methods'],
    async initExtras(userId: string) {
      const all = await Promise.all(parts.map((p) => p.initExtras(userId)));
      return { unreadNums: all.flatMap((x) => x.unreadNums) };
    },
    counts: (userId: string) => unreadCounts(app.ctx.db, userId),
    language: async (userId: string) =>
      (await app.ctx.db.selectFrom('user').select('language').where('id', '=', userId).executeTakeFirst())
        ?.language,
  };
}
