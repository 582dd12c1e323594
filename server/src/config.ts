/**
 * Runtime configuration, read once from the environment. Pure: `loadConfig(env, baseDir)` has no side
 * effects, so tests build configs without touching process.env.
 */
import path from 'node:path';

export type CaptchaMode = 'always' | 'auto';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  /** Folder holding the SQLite file and uploads. */
  dataDir: string;
  /** postgres://… selects PostgreSQL; anything else (or empty) selects SQLite in dataDir. */
  databaseUrl: string | null;
  /** PostgreSQL only: schema to use (search_path). Tests use one fresh schema per run. */
  databaseSchema: string | null;
  redisUrl: string | null;
  /** Prefix of Redis channel and key names (several deployments can share one Redis). */
  redisPrefix: string;
  tokenTtlSeconds: number;
  /** How often the socket pings its clients and re-checks (and so slides) their token. */
  socketHeartbeatMs: number;
  /** Folder holding host/dist and remote-<name>/dist. */
  staticRoot: string;
  remotesFile: string;
  /** Folder with the server's own static pages (help). */
  publicDir: string;
  loginCaptcha: CaptchaMode;
  logLevel: LogLevel;
  /** 'pretty': readable lines, no per-request lines (npm start); 'json': one JSON line per event (production). */
  logFormat: 'pretty' | 'json';
  /** A request slower than this is logged as a warning (ms). */
  slowRequestMs: number;
  /** Origins allowed to fetch /remotes/** assets; ['*'] allows any. */
  corsOrigins: string[];
  trustProxy: boolean;
  /** Hosts (host or host:port) HTTP data interfaces may call (DATA_INTERFACE_HOSTS, comma-separated). */
  dataInterfaceHosts: string[];
  /** Size of the demo city seeded into an empty map (MAP_ASSETS; 0: none). */
  mapAssets: number;
  /**
   * The workflow's durable timers: FLOW_TIMER_POLL_MS (how often this instance looks for due timers;
   * 0: no scheduler here), FLOW_TIMER_CLAIM_MS (how long a claim of an instance that died holds its
   * rows), FLOW_TIMER_BATCH (rows per claim); FLOW_TIMER_CRASH_AFTER is the crash test's fault
   * injection (the process kills itself after that many fired timers).
   */
  flowTimers: { pollMs: number; claimMs: number; batch: number; crashAfter: number };
  /**
   * CHECK_RESPONSES=1: every /api answer is checked against its route's response schema and a misfit
   * is a 500 naming the route (http/response-check.ts). The server tests turn it on.
   */
  checkResponses: boolean;
  /**
   * Shutdown on SIGTERM/SIGINT: /api/ready answers 503 at once, and the instance keeps serving for
   * SHUTDOWN_DRAIN_MS (so a proxy's health check takes it out before it stops listening; 0 without
   * a proxy), then stops taking connections, closes its sockets (clients reconnect elsewhere) and
   * waits for the requests in flight, at most SHUTDOWN_TIMEOUT_MS in all before it exits anyway.
   */
  shutdown: { drainMs: number; timeoutMs: number };
  /** Chat sends per user: a burst of CHAT_SEND_BURST, then CHAT_SEND_PER_SECOND (shared in Redis). */
  chatSendBurst: number;
  chatSendPerSecond: number;
  /** The citizens' service (citizen/). */
  citizen: CitizenConfig;
  /** Where uploads' bytes live (files/blob-store.ts): FILE_STORE and, for s3, the S3_* settings. */
  fileStore: FileStoreConfig;
}

/**
 * Where uploads' bytes live. 'disk': DATA_DIR/uploads (the embedded default, one instance);
 * 'database': a table of the app's own database (the default on PostgreSQL, so every instance
 * reads what any wrote); 's3': an S3-compatible object store.
 */
export type FileStoreConfig =
  | { kind: 'disk' }
  | { kind: 'database' }
  | {
      kind: 's3';
      /** S3_ENDPOINT: the store's address (http(s)://host:port); null: AWS's own for the region. */
      endpoint: string | null;
      bucket: string;
      region: string;
      /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; null: the SDK's default chain (environment, role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
      /** S3_PATH_STYLE: bucket in the path (MinIO, Ceph, most self-hosted stores) instead of the host. */
      pathStyle: boolean;
      /** S3_PREFIX: put before every key (several deployments in one bucket), e.g. 'lighting/'. */
      prefix: string;
    };

export interface CitizenConfig {
  /** The number the urgent-fault pages tell citizens to call (CITIZEN_HOTLINE). */
  hotline: string;
  /** The site's public address, printed in QR codes (PUBLIC_URL); '' uses the request's own host. */
  publicUrl: string;
  /**
   * How the phone path's one-time code reaches the citizen (CITIZEN_SMS): '' none (the image code
   * alone identifies the phone), 'log' (written to the server log: development), or an http(s) URL of
   * an SMS gateway that takes a JSON POST { phone, text }.
   */
  sms: string;
  /** The chat app's web OAuth (WECHAT_APPID, WECHAT_SECRET); without them, the local double. */
  wechatAppId: string;
  wechatSecret: string;
  /** Where the chat app's OAuth API answers (WECHAT_API_BASE, WECHAT_OAUTH_BASE): tests point them at a local stub. */
  wechatApiBase: string;
  wechatOauthBase: string;
}

/** Where the package folder (server/) is, seen from this file both as TS source (src/) and bundled (dist/). */
export function serverDir(): string {
  return path.resolve(__dirname, '..');
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export class ConfigError extends Error {}

function intFrom(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${name}: must be an integer between ${min} and ${max}`);
  return n;
}

export function isPostgresUrl(url: string | null): boolean {
  return url !== null && /^postgres(ql)?:\/\//i.test(url);
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  baseDir: string = serverDir(),
): Config {
  const str = (name: string): string | null => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? null : v.trim();
  };
  const captcha = str('LOGIN_CAPTCHA') ?? 'auto';
  if (captcha !== 'always' && captcha !== 'auto')
    throw new ConfigError("LOGIN_CAPTCHA: must be 'always' or 'auto'");
  const logLevel = (str('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  const logFormat = str('LOG_FORMAT') ?? 'json';
  if (logFormat !== 'pretty' && logFormat !== 'json')
    throw new ConfigError("LOG_FORMAT: must be 'pretty' or 'json'");
  const schema = str('DATABASE_SCHEMA');
  if (schema !== null && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new ConfigError('DATABASE_SCHEMA: lower-case letters, digits and _ only');
  // Values from the environment are relative to the working directory; defaults to the package folder.
  const dir = (name: string, fallback: string): string => {
    const v = str(name);
    return v === null ? path.resolve(baseDir, fallback) : path.resolve(v);
  };
  const dataDir = dir('DATA_DIR', 'data');
  return {
    port: intFrom(env, 'PORT', 8080, 0, 65535),
    host: str('HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl: str('DATABASE_URL'),
    databaseSchema: schema,
    redisUrl: str('REDIS_URL'),
    redisPrefix: str('REDIS_PREFIX') ?? 'lighting',
    tokenTtlSeconds: intFrom(env, 'TOKEN_TTL_SECONDS', 8 * 3600, 1, 365 * 24 * 3600),
    socketHeartbeatMs: intFrom(env, 'SOCKET_HEARTBEAT_MS', 30_000, 50, 10 * 60_000),
    staticRoot: dir('STATIC_ROOT', '..'),
    remotesFile: dir('REMOTES_FILE', 'remotes.json'),
    publicDir: path.resolve(baseDir, 'public'),
    loginCaptcha: captcha,
    logLevel,
    logFormat,
    slowRequestMs: intFrom(env, 'SLOW_REQUEST_MS', 1000, 1, 3_600_000),
    corsOrigins: (str('CORS_ORIGINS') ?? '*')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: str('TRUST_PROXY') === 'true' || str('TRUST_PROXY') === '1',
    shutdown: {
      drainMs: intFrom(env, 'SHUTDOWN_DRAIN_MS', 0, 0, 10 * 60_000),
      timeoutMs: intFrom(env, 'SHUTDOWN_TIMEOUT_MS', 30_000, 1000, 60 * 60_000),
    },
    mapAssets: mapAssetsFromEnv(env),
    checkResponses: str('CHECK_RESPONSES') === '1' || str('CHECK_RESPONSES') === 'true',
    flowTimers: {
      pollMs: nonNegative(env, 'FLOW_TIMER_POLL_MS', 1000),
      claimMs: nonNegative(env, 'FLOW_TIMER_CLAIM_MS', 60_000) || 60_000,
      batch: nonNegative(env, 'FLOW_TIMER_BATCH', 50) || 50,
      crashAfter: nonNegative(env, 'FLOW_TIMER_CRASH_AFTER', 0),
    },
    chatSendBurst: intFrom(env, 'CHAT_SEND_BURST', 20, 1, 1_000_000),
    chatSendPerSecond: intFrom(env, 'CHAT_SEND_PER_SECOND', 2, 1, 1_000_000),
    dataInterfaceHosts: (str('DATA_INTERFACE_HOSTS') ?? '127.0.0.1,localhost')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    citizen: citizenConfig(str),
    fileStore: fileStoreConfig(str, str('DATABASE_URL')),
  };
}

/** FILE_STORE (disk | database | s3; default: database on PostgreSQL, else disk) and the S3_* settings. */
export function fileStoreConfig(
  str: (name: string) => string | null,
  databaseUrl: string | null,
): FileStoreConfig {
  const kind = str('FILE_STORE') ?? (isPostgresUrl(databaseUrl) ? 'database' : 'disk');
  if (kind === 'disk' || kind === 'database') return { kind };
  if (kind !== 's3') throw new ConfigError("FILE_STORE: must be 'disk', 'database' or 's3'");
  const bucket = str('S3_BUCKET');
  if (bucket === null || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError('S3_BUCKET: a bucket name (3-63 lower-case letters, digits, dots, hyphens)');
  const endpoint = str('S3_ENDPOINT');
  if (endpoint !== null && !/^https?:\/\/[^\s/]+\/?$/i.test(endpoint))
    throw new ConfigError('S3_ENDPOINT: an http(s) URL with no path, e.g. http://127.0.0.1:9000');
  const accessKeyId = str('S3_ACCESS_KEY_ID');
  const secretAccessKey = str('S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null))
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: both or neither');
  const pathStyle = str('S3_PATH_STYLE') ?? 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle))
    throw new ConfigError("S3_PATH_STYLE: 'true' or 'false'");
  const prefix = str('S3_PREFIX') ?? '';
  if (!/^([A-Za-z0-9._-]+\/)*$/.test(prefix) || prefix.split('/').some((p) => p === '.' || p === '..'))
    throw new ConfigError("S3_PREFIX: folder names (letters, digits, . _ -) each ending in '/'");
  return {
    kind: 's3',
    endpoint: endpoint === null ? null : endpoint.replace(/\/+$/, ''),
    bucket,
    region: str('S3_REGION') ?? 'us-east-1',
    credentials: accessKeyId !== null && secretAccessKey !== null ? { accessKeyId, secretAccessKey } : null,
    pathStyle: pathStyle === 'true' || pathStyle === '1',
    prefix,
  };
}

function citizenConfig(str: (name: string) => string | null): CitizenConfig {
  const url = (name: string, fallback: string): string => {
    const v = str(name) ?? fallback;
    if (v !== '' && !/^https?:\/\/[^\s/]+/i.test(v)) throw new ConfigError(`${name}: must be an http(s) URL`);
    return v.replace(/\/+$/, '');
  };
  const sms = str('CITIZEN_SMS') ?? '';
  if (sms !== '' && sms !== 'log' && !/^https?:\/\/[^\s/]+/i.test(sms))
    throw new ConfigError("CITIZEN_SMS: '', 'log' or an http(s) URL of an SMS gateway");
  const hotline = str('CITIZEN_HOTLINE') ?? '12345';
  if (!/^[0-9+\- ]{3,20}$/.test(hotline)) throw new ConfigError('CITIZEN_HOTLINE: digits, +, - and spaces');
  return {
    hotline,
    publicUrl: url('PUBLIC_URL', ''),
    sms,
    wechatAppId: str('WECHAT_APPID') ?? '',
    wechatSecret: str('WECHAT_SECRET') ?? '',
    wechatApiBase: url('WECHAT_API_BASE', 'https://api.weixin.qq.com'),
    wechatOauthBase: url('WECHAT_OAUTH_BASE', 'https://open.weixin.qq.com'),
  };
}

export const DEFAULT_MAP_ASSETS = 300_000;

/** The configured city size: MAP_ASSETS when it is an integer ≥ 0 (0: no demo city), else the default. */
export function mapAssetsFromEnv(env: Record<string, string | undefined>): number {
  const raw = env.MAP_ASSETS?.trim();
  const n = Number(raw);
  return raw && Number.isInteger(n) && n >= 0 ? Math.min(n, 2_000_000) : DEFAULT_MAP_ASSETS;
}

/** A non-negative number from the environment, else `fallback`. */
function nonNegative(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const v = Number(env[name] ?? fallback);
  return Number.isFinite(v) && v >= 0 ? v : fallback;
}
