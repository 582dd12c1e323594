/**
 * Row types of the low-code tables (migration 0012), merged into `Database` in db/schema.ts. The
 * models themselves are `visualdev_base` (db/schema.ts), extended by 0012.
 */

/** One saved form (and list) JSON of a model; records name the version they were made with. */
export interface LowcodeModelVersionTable {
  modelId: string;
  version: number;
  /** the normalised form JSON (text) */
  formData: string;
  /** the list JSON as given ('' when none) */
  columnData: string;
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

/** A client's request key: a retried create or copy answers with the first result. */
export interface LowcodeRequestTable {
  userId: string;
  key: string;
  /** 'copy' | 'record' */
  kind: string;
  resultId: string;
  createdAt: number;
}

/** A bill number a record has used: never used again (the record may be deleted later). */
export interface LowcodeBillNumberTable {
  rule: string;
  number: string;
  recordId: string | null;
  createdAt: number;
}

export interface LowcodeTables {
  lowcode_model_version: LowcodeModelVersionTable;
  lowcode_record: LowcodeRecordTable;
  lowcode_request: LowcodeRequestTable;
  lowcode_bill_number: LowcodeBillNumberTable;
}
