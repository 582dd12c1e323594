/**
 * `npm run files:move` (node dist/files-move.js): moves the uploads kept on this machine's disk
 * (DATA_DIR/uploads) into the store the configuration names (FILE_STORE, or the database on
 * PostgreSQL; README "Where uploads live"). Reads the same environment as the server, migrates the
 * database first (the store's table), prints the counts as one JSON line and exits 1 when any file
 * could not be moved (run it again: it is idempotent).
 */
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './database';
import { migrateToLatest } from './db/migrator';
import { MIGRATIONS } from './domains';
import { MoveError, moveDiskFiles, openBlobStore } from './files';

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrateToLatest(database.db, MIGRATIONS);
    const store = openBlobStore(config.fileStore, database.db, config.dataDir);
    try {
      const report = await moveDiskFiles(config.dataDir, store, (msg) => process.stderr.write(`${msg}\n`));
      process.stdout.write(`${JSON.stringify({ store: store.kind, ...report })}\n`);
      return report.failed === 0 ? 0 : 1;
    } finally {
      await store.close();
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    const known = err instanceof ConfigError || err instanceof MoveError;
    process.stderr.write(known ? `files:move: ${err.message}\n` : `files:move failed: ${String(err)}\n`);
    process.exit(2);
  },
);
