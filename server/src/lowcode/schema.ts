/**
 * Row types of the low-code tables (migration 0012), merged into `Database` in db/schema.ts. The
 * models themselves are `visualdev_base` (db/schema.ts), extended by 0012.
 */
import type { Generated } from 'kysely';

/** One saved form (and list) JSON of a model; records name the version they were made with. */
export interface LowcodeModelVersionTable {
  modelId: string;
  version: number;
  /** the normalised form JSON (text) */
  formData: string;
  /** the list JSON as given ('' when none) */
  columnData: string;
  /**
   * Migration 0020: the form JSON exactly as its client saved it (a JNPF 3.x client's own dialect),
   * when that differs from the normalised `formData`; null when they are the same. Clients read this.
   */
  formSource: Generated<string | null>;
  createdAt: number;
  createdBy: string | null;
}

/** A record of a model: its values as one JSON document (sub-table rows inside). */
export interface LowcodeRecordTable {
  id: string;
  modelId: string;
  version: number;
  /**
   * The values: JSON text on SQLite; on PostgreSQL a `jsonb` column, which the driver hands back
   * parsed (read it through `recordData`, lowcode/store.ts).
   */
  data: string | Record<string, unknown>;
  createdBy: string;
  createdAt: number;
  updatedBy: string | null;
  updatedAt: number | null;
  /** the creator's department or company when created (data scopes come with issue 13) */
  organizeId: string | null;
}

/** A bill number a record has used: never used again (the record may be deleted later). */
export interface LowcodeBillNumberTable {
  rule: string;
  number: string;
  recordId: string | null;
  createdAt: number;
}

/**
 * A record's index keys (migration 0015): the fields its model's lists search, sort, group or
 * filter by tree, each in the slot `visualdev_base.keySlots` gives it (formcore/list.ts keyValue).
 */
export interface LowcodeRecordKeyTable {
  recordId: string;
  modelId: string;
  createdAt: number;
  t0: string | null;
  t1: string | null;
  t2: string | null;
  t3: string | null;
  t4: string | null;
  t5: string | null;
  t6: string | null;
  t7: string | null;
  t8: string | null;
  t9: string | null;
  n0: number | null;
  n1: number | null;
  n2: number | null;
  n3: number | null;
  n4: number | null;
}

/** A data report (menu type 5): a data interface's answer as a table and a chart (report.ts). */
export interface LowcodeReportTable {
  id: string;
  fullName: string;
  enCode: string;
  dataInterfaceId: string;
  /** JSON of the report's columns, filters, sort and chart (report-rules.ts) */
  config: string;
  description: string;
  sortCode: number;
  /** 0 draft, 1 released to a menu */
  state: number;
  createdAt: number;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
}

export interface VisualdevBaseTable {
  id: string;
  fullName: string;
  enCode: string;
  /** 1 form only, 2 form + list. */
  type: number;
  /** a `visualDevCategory` dictionary item id */
  category: string;
  /** 0 draft, 1 released. */
  state: number;
  description: string;
  sortCode: number;
  createdAt: number;
  /** Migration 0012 (lowcode/migration.ts): the current form JSON ('' before the first save). */
  formData: Generated<string>;
  /** The list JSON ('' when none). */
  columnData: Generated<string>;
  /** Migration 0020: the current form as its client saved it, when not the normalised text (null). */
  formSource: Generated<string | null>;
  /** The tables note (JSON text), kept as given. */
  tables: Generated<string>;
  /** The current form version (lowcode_model_version); 0 before the first form. */
  version: Generated<number>;
  createdBy: string | null;
  updatedAt: number | null;
  updatedBy: string | null;
  /** Migration 0015 (lowcode/migration-publish.ts): the version published pages use (null: never released). */
  releasedVersion: Generated<number | null>;
  releasedAt: Generated<number | null>;
  releasedBy: Generated<string | null>;
  /** JSON `{ field: slot }`: the lowcode_record_key slot holding each searched or sorted field. */
  keySlots: Generated<string>;
}

export interface LowcodeTables {
  visualdev_base: VisualdevBaseTable;
  lowcode_model_version: LowcodeModelVersionTable;
  lowcode_record: LowcodeRecordTable;
  lowcode_bill_number: LowcodeBillNumberTable;
  lowcode_record_key: LowcodeRecordKeyTable;
  lowcode_report: LowcodeReportTable;
}
