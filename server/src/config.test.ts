import path from 'node:path';
import { ConfigError, DEFAULT_MAP_ASSETS, isPostgresUrl, loadConfig, mapAssetsFromEnv } from './config';

describe('loadConfig', () => {
  const base = '/srv/app/server';

  it('has the documented defaults', () => {
    const c = loadConfig({}, base);
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/server/data',
      databaseUrl: null,
      redisUrl: null,
      tokenTtlSeconds: 28800,
      staticRoot: '/srv/app',
      remotesFile: '/srv/app/server/remotes.json',
      publicDir: '/srv/app/server/public',
      loginCaptcha: 'auto',
      logLevel: 'info',
      logFormat: 'json',
      slowRequestMs: 1000,
      corsOrigins: ['*'],
    });
  });

  it('reads the environment; relative paths are from the working directory', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'tmp/d',
        TOKEN_TTL_SECONDS: '60',
        LOGIN_CAPTCHA: 'always',
        CORS_ORIGINS: 'http://a, http://b',
        LOG_LEVEL: 'silent',
        LOG_FORMAT: 'pretty',
        SLOW_REQUEST_MS: '250',
      },
      base,
    );
    expect(c).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: path.resolve('tmp/d'),
      tokenTtlSeconds: 60,
      loginCaptcha: 'always',
      logLevel: 'silent',
      logFormat: 'pretty',
      slowRequestMs: 250,
    });
    expect(c.corsOrigins).toEqual(['http://a', 'http://b']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ TOKEN_TTL_SECONDS: '0' }, 'TOKEN_TTL_SECONDS'],
    [{ LOGIN_CAPTCHA: 'never' }, 'LOGIN_CAPTCHA'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ SLOW_REQUEST_MS: '0' }, 'SLOW_REQUEST_MS'],
    [{ DATABASE_SCHEMA: 'Bad-Name' }, 'DATABASE_SCHEMA'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig(env, base)).toThrow(ConfigError);
    expect(() => loadConfig(env, base)).toThrow(new RegExp(`^${name}:`));
  });

  it('recognises PostgreSQL URLs', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h/db')).toBe(true);
    expect(isPostgresUrl('file:x.db')).toBe(false);
    expect(isPostgresUrl(null)).toBe(false);
  });
});

describe('mapAssetsFromEnv', () => {
  it('reads the city size, 0 meaning no demo city', () => {
    expect(mapAssetsFromEnv({})).toBe(DEFAULT_MAP_ASSETS);
    expect(DEFAULT_MAP_ASSETS).toBe(300_000);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '3000' })).toBe(3000);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '0' })).toBe(0);
    expect(mapAssetsFromEnv({ MAP_ASSETS: 'lots' })).toBe(DEFAULT_MAP_ASSETS);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '-5' })).toBe(DEFAULT_MAP_ASSETS);
    expect(mapAssetsFromEnv({ MAP_ASSETS: '99999999' })).toBe(2_000_000);
  });
});

describe('flow timers from the environment', () => {
  it('reads FLOW_TIMER_* as non-negative numbers, 0 poll meaning no scheduler', () => {
    expect(loadConfig({}).flowTimers).toEqual({ pollMs: 1000, claimMs: 60_000, batch: 50, crashAfter: 0 });
    const c = loadConfig({
      FLOW_TIMER_POLL_MS: '0',
      FLOW_TIMER_CLAIM_MS: '500',
      FLOW_TIMER_BATCH: '-3',
      FLOW_TIMER_CRASH_AFTER: '40',
    });
    expect(c.flowTimers).toEqual({ pollMs: 0, claimMs: 500, batch: 50, crashAfter: 40 });
  });
});

describe('where uploads live (FILE_STORE)', () => {
  const base = '/srv/app/server';
  const s3 = { FILE_STORE: 's3', S3_BUCKET: 'city-uploads' };

  it('defaults to disk, and to the database on PostgreSQL', () => {
    expect(loadConfig({}, base).fileStore).toEqual({ kind: 'disk' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }, base).fileStore).toEqual({ kind: 'database' });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', FILE_STORE: 'disk' }, base).fileStore).toEqual({
      kind: 'disk',
    });
    expect(loadConfig({ FILE_STORE: 'database' }, base).fileStore).toEqual({ kind: 'database' });
  });

  it('reads the object store settings', () => {
    expect(loadConfig(s3, base).fileStore).toEqual({
      kind: 's3',
      endpoint: null,
      bucket: 'city-uploads',
      region: 'us-east-1',
      credentials: null,
      pathStyle: false,
      prefix: '',
    });
    const c = loadConfig(
      {
        ...s3,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_REGION: 'eu-west-1',
        S3_ACCESS_KEY_ID: 'AK',
        S3_SECRET_ACCESS_KEY: 'SK',
        S3_PATH_STYLE: 'true',
        S3_PREFIX: 'lighting/prod/',
      },
      base,
    );
    expect(c.fileStore).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'city-uploads',
      region: 'eu-west-1',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'SK' },
      pathStyle: true,
      prefix: 'lighting/prod/',
    });
  });

  it.each([
    [{ FILE_STORE: 'ftp' }, 'FILE_STORE'],
    [{ FILE_STORE: 's3' }, 'S3_BUCKET'],
    [{ ...s3, S3_BUCKET: 'Bad_Bucket' }, 'S3_BUCKET'],
    [{ ...s3, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
    [{ ...s3, S3_ENDPOINT: 'http://h:9000/bucket' }, 'S3_ENDPOINT'],
    [{ ...s3, S3_ACCESS_KEY_ID: 'AK' }, 'S3_ACCESS_KEY_ID'],
    [{ ...s3, S3_PATH_STYLE: 'yes' }, 'S3_PATH_STYLE'],
    [{ ...s3, S3_PREFIX: 'no-slash' }, 'S3_PREFIX'],
    [{ ...s3, S3_PREFIX: '../up/' }, 'S3_PREFIX'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig(env, base)).toThrow(new RegExp(`^${name}`));
  });
});
