import type { Generated } from 'kysely';

/**
 * Row types of the tables migration 0003 created for the dashboard (home): articles, plans, faults,
 * calendar, cables, power, lamps, work orders, feedback, safety. The map (faults, repair orders) and the
 * citizens (feedback) write some of them through their own domains.
 */

export interface ArticleTable {
  id: string;
  category: 'notice' | 'party' | 'safety';
  title: string;
  summary: string;
  /** Sanitised HTML. */
  contentHtml: string;
  author: string;
  publishTime: number;
}

export interface MaintenancePlanTable {
  id: string;
  title: string;
  district: string;
  /** 'YYYY-MM-DD' (China time). */
  startDate: string;
  endDate: string;
  /** 0–100 */
  progress: number;
}

export interface FaultTable {
  id: string;
  district: string;
  /** Display name (dictionary faultType fullName for map faults). */
  faultType: string;
  reportedAt: number;
  closedAt: number | null;
  /** Migration 0005 (lighting map): the faulty asset (map_asset.objectid) and the fault's details. */
  assetId: number | null;
  typeCode: Generated<string>;
  /** 1 普通, 2 重要, 3 紧急. */
  urgency: Generated<number>;
  /** detection | citizen | patrol */
  source: Generated<string>;
  description: Generated<string>;
  /** The asset's status before the fault, restored when the fault is closed. */
  restoreStatus: string | null;
  /** Migration 0009: JSON array of photo URLs (a citizen's report). */
  photos: Generated<string>;
  /** Migration 0010: the source's reference (a citizen report's BX number), '' when none. */
  sourceRef: Generated<string>;
}

export interface CalendarEventTable {
  id: string;
  /** 'YYYY-MM-DD' */
  date: string;
  title: string;
  type: 'maintenance' | 'inspection' | 'meeting' | 'holiday';
}

export interface CableLineTable {
  id: string;
  name: string;
  district: string;
  cableType: string;
  lengthM: number;
}

export interface PowerStatTable {
  /** 'YYYY-MM'; the current month holds the month-to-date figure. */
  month: string;
  district: string;
  kwh: number;
}

export interface LampStatusTable {
  district: string;
  lampCount: number;
  litCount: number;
  updatedAt: number;
}

export interface WorkOrderTable {
  id: string;
  title: string;
  district: string;
  createdAt: number;
  dueAt: number;
  completedAt: number | null;
  /** Migration 0005 (lighting map repair orders). */
  billNo: Generated<string>;
  faultId: string | null;
  assetId: number | null;
  urgency: Generated<number>;
  /** pending | dispatched | inProgress | completed | verified */
  state: Generated<string>;
  crewId: string | null;
  dispatchedAt: number | null;
  startedAt: number | null;
  verifiedAt: number | null;
  remark: Generated<string>;
  /** Migration 0018: the estimated cost in whole cents (元 × 100), null when none was entered. */
  estimatedCostCents: number | null;
}

export interface FeedbackTable {
  id: string;
  title: string;
  district: string;
  createdAt: number;
  /** pending | replied */
  state: string;
  repliedAt: number | null;
  /** 1–5 from the citizen after a reply, or null. */
  satisfaction: number | null;
  /** Migration 0009 (citizens' feedback): who wrote it (null: the demo rows), what and how. */
  citizenId: string | null;
  /** suggestion | complaint */
  kind: Generated<string>;
  content: Generated<string>;
  /** JSON array of stored photo names. */
  photos: Generated<string>;
  idemKey: string | null;
}

export interface SafetyRecordTable {
  id: string;
  /** inspection | hazard | accident */
  kind: string;
  title: string;
  district: string;
  occurredAt: number;
  /** Hazards: when rectified. */
  closedAt: number | null;
}

export interface HomeTables {
  article: ArticleTable;
  maintenance_plan: MaintenancePlanTable;
  fault: FaultTable;
  calendar_event: CalendarEventTable;
  cable_line: CableLineTable;
  power_stat: PowerStatTable;
  lamp_status: LampStatusTable;
  work_order: WorkOrderTable;
  feedback: FeedbackTable;
  safety_record: SafetyRecordTable;
}
