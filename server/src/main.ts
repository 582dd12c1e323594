/**
 * Entry point: open the database, migrate, seed on first start, listen; close cleanly on SIGINT/SIGTERM.
 * Prints nothing beyond the structured logs (the root start script prints the URL and demo accounts).
 */
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './database';
import { migrateToLatest } from './db/migrator';
import { MIGRATIONS } from './domains';
import { seedIfEmpty } from './seeding';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const database = await openDatabase(config);
  await migrateToLatest(database.db, MIGRATIONS);
  const seeded = await seedIfEmpty(database.db, config.mapAssets);
  const app = await buildApp(config, { database });
  app.log.info(
    { database: database.location, dialect: database.dialect, seeded, redis: Boolean(config.redisUrl) },
    'database ready',
  );

  let closing = false;
  const shutdown = (signal: string): void => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    // Not ready from now on: a proxy's health check takes this instance out while it still serves,
    // then it stops taking connections, closes its sockets (clients reconnect through the proxy to
    // another instance) and waits for the requests in flight.
    app.ctx.lifecycle.draining = true;
    const { drainMs, timeoutMs } = config.shutdown;
    app.log.info({ signal, drainMs }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    new Promise((resolve) => setTimeout(resolve, drainMs))
      .then(() => app.close())
      .then(
        () => {
          app.log.info('closed');
          process.exit(0);
        },
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  process.stderr.write(
    `server failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
