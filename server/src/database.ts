/**
 * The database's type: every domain's tables, composed. Each domain declares the tables its
 * migrations create (`<domain>/schema.ts`, exported by its index); db/ is infrastructure and knows
 * none of them. Ids are text; flags are integers 0/1; times are milliseconds since the epoch (bigint
 * columns, read back as numbers on both SQLite and PostgreSQL).
 */
import type { Kysely } from 'kysely';
import type { AuthTables } from './auth';
import type { ChatTables } from './chat';
import type { CitizenTables } from './citizen';
import { openDatabase as openAny, type DbHandle as AnyHandle, type Dialect } from './db';
import type { Config } from './config';
import type { FileTables } from './files';
import type { HomeTables } from './home';
import type { KernelTables } from './kernel';
import type { LowcodeTables } from './lowcode';
import type { MapTables } from './map';
import type { MessageTables } from './messages';
import type { SystemTables } from './system';
import type { WorkflowTables } from './workflow';

export interface Database
  extends
    KernelTables,
    SystemTables,
    AuthTables,
    FileTables,
    MessageTables,
    HomeTables,
    MapTables,
    LowcodeTables,
    WorkflowTables,
    ChatTables,
    CitizenTables {}

export type Db = Kysely<Database>;
export type DbHandle = AnyHandle<Database>;
export type { Dialect };

/** Opens the configured database (SQLite file or PostgreSQL) typed with every domain's tables. */
export const openDatabase = (
  config: Pick<Config, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
): Promise<DbHandle> => openAny<Database>(config);
