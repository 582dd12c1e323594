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
