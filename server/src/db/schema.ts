/**
 * Row types of every table, as kysely sees them. Ids are text; flags are integers 0/1; times are
 * milliseconds since the epoch (bigint columns, read back as numbers on both SQLite and PostgreSQL).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ChatTables } from '../chat/schema';
import type { LowcodeTables } from '../lowcode/schema';
import type { MapTables } from '../map/schema';
import type { PublicTables } from '../public/schema';
import type { SystemTables } from '../system/schema';
import type { WorkflowTables } from '../workflow/schema';

export type MenuType = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface OrganizeTable {
  id: string;
  parentId: string | null;
  category: 'company' | 'department';
  fullName: string;
  enCode: string;
  managerId: string | null;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
}

export interface PositionTable {
  id: string;
  fullName: string;
  enCode: string;
  organizeId: string | null;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
  /** Migration 0004. */
  description: Generated<string>;
}

export interface UserTable {
  id: string;
  account: string;
  realName: string;
  /** argon2id of the client's lowercase hex MD5; '!' means no password set (sign-in impossible). */
  passwordHash: string;
  /** 1 male, 2 female, 3 not said. */
  gender: Generated<number>;
  mobile: Generated<string>;
  email: Generated<string>;
  telePhone: Generated<string>;
  postalAddress: Generated<string>;
  signature: Generated<string>;
  birthday: number | null;
  /** Stored file name of the avatar (type userAvatar) or ''. */
  headIcon: Generated<string>;
  organizeId: string | null;
  positionId: string | null;
  managerId: string | null;
  quickQuery: Generated<string>;
  theme: Generated<string>;
  language: Generated<string>;
  enabledMark: Generated<number>;
  isAdministrator: Generated<number>;
  sortCode: Generated<number>;
  prevLogin: Generated<number>;
  prevLoginTime: number | null;
  prevLoginIpAddress: string | null;
  prevLoginIpAddressName: string | null;
  lastLogin: Generated<number>;
  lastLoginTime: number | null;
  lastLoginIpAddress: string | null;
  lastLoginIpAddressName: string | null;
  createdAt: number;
}

export interface RoleTable {
  id: string;
  fullName: string;
  enCode: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
  /** role | user | position (migration 0004: hidden roles holding one user's or one position's grants). */
  category: Generated<string>;
}

export interface UserRoleTable {
  userId: string;
  roleId: string;
}

export interface MenuTable {
  id: string;
  parentId: string | null;
  type: number;
  enCode: string;
  fullName: string;
  urlAddress: string;
  icon: string;
  propertyJson: string;
  linkTarget: string;
  sortCode: number;
  enabledMark: number;
}

/** Catalogue of the buttons each page offers (what an administrator gets). */
export interface MenuButtonTable {
  id: string;
  menuId: string;
  enCode: string;
  fullName: string;
  sortCode: number;
}

/** Catalogue of the list columns each page offers. */
export interface MenuColumnTable {
  id: string;
  menuId: string;
  enCode: string;
  fullName: string;
  sortCode: number;
}

export interface RoleMenuTable {
  roleId: string;
  menuId: string;
}

export interface RoleButtonTable {
  roleId: string;
  menuId: string;
  enCode: string;
  fullName: string;
}

export interface RoleColumnTable {
  roleId: string;
  menuId: string;
  enCode: string;
  fullName: string;
}

export interface TokenTable {
  token: string;
  userId: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
  revokeReason: string | null;
  ip: string;
}

export interface LoginAttemptTable {
  id: string;
  account: string;
  ip: string;
  success: number;
  createdAt: number;
}

export interface AccountApplicationTable {
  id: string;
  companyName: string;
  contact: string;
  mobile: string;
  /** 0 pending, 1 approved, 2 rejected */
  state: number;
  ip: string;
  createdAt: number;
}

export interface CaptchaTable {
  timestamp: string;
  code: string;
  expiresAt: number;
}

export interface SystemLogTable {
  id: string;
  userId: string | null;
  userName: string | null;
  /** 1 login, 4 error, 5 request. */
  category: number;
  ipAddress: string;
  ipAddressName: string;
  requestUrl: string;
  requestMethod: string;
  duration: number;
  abstracts: string;
  json: string;
  /** When it happened; for an error (category 4), when it was first seen. */
  createdAt: number;
  /** Migration 0010 — errors only: sha-256 of the error's key (message, top frame, URL path). */
  fingerprint: Generated<string | null>;
  /** Migration 0010: occurrences (1 for every event that is not an error). */
  count: Generated<number>;
  /** Migration 0010 — errors only: when it was last seen. */
  lastSeen: Generated<number | null>;
}

export interface DictionaryTypeTable {
  id: string;
  parentId: string | null;
  fullName: string;
  enCode: string;
  isTree: number;
  sortCode: number;
  enabledMark: number;
  /** Migration 0004. */
  description: Generated<string>;
}

export interface DictionaryDataTable {
  id: string;
  dictionaryTypeId: string;
  parentId: string | null;
  fullName: string;
  enCode: string;
  sortCode: number;
  enabledMark: number;
  /** Migration 0004. */
  description: Generated<string>;
  /** Migration 0014: the name in Traditional Chinese and in English ('' = none, show fullName). */
  fullNameZhtw: Generated<string>;
  fullNameEn: Generated<string>;
}

export interface FlowEngineTable {
  id: string;
  fullName: string;
  enCode: string;
  category: string;
  /** 0 launch flow, 1 function flow. */
  type: number;
  icon: string;
  iconBackground: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
  /** Migration 0016 (workflow/migration.ts): 1 system form, 2 designer form. */
  formType: Generated<number>;
  /** the flow_form it uses */
  formId: Generated<string>;
  /** the working copy of the definition tree (JSON text; '' before the first save) */
  flowTemplateJson: Generated<string>;
  /** the latest released version (flow_version.version); 0 never released */
  version: Generated<number>;
  visibleType: Generated<number>;
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

export interface FileTable {
  id: string;
  type: string;
  /** Stored (random) file name, unique within its type. */
  name: string;
  originalName: string;
  mime: string;
  size: number;
  ownerId: string;
  createdAt: number;
}

export interface MessageTable {
  id: string;
  /** 1 notice (HTML body), 2 todo, 3 circulate, 4 launch (workflow types carry a JSON body). */
  type: number;
  title: string;
  /** A title the system wrote: its key in core/messageTitles.ts (null: show `title`). */
  titleKey?: string | null;
  /** That title's parameters, JSON (null without a key). */
  titleParams?: string | null;
  bodyText: string;
  /** 0 draft, 1 released. */
  state: number;
  enabledMark: number;
  /** JSON array of recipient user ids chosen for a draft; '' = every enabled user. */
  toUserIds: string;
  creatorUserId: string | null;
  createdAt: number;
  lastModifyTime: number;
  releasedAt: number | null;
}

/** Per-user receipt of a released message. */
export interface MessageReceiverTable {
  messageId: string;
  userId: string;
  isRead: number;
  readTime: number | null;
}

export interface ArticleTable {
  id: string;
  /** notice | party | safety */
  category: string;
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
  /** maintenance | inspection | meeting | holiday */
  type: string;
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

export interface Database
  extends SystemTables, MapTables, ChatTables, PublicTables, LowcodeTables, WorkflowTables {
  organize: OrganizeTable;
  position: PositionTable;
  user: UserTable;
  role: RoleTable;
  user_role: UserRoleTable;
  menu: MenuTable;
  menu_button: MenuButtonTable;
  menu_column: MenuColumnTable;
  role_menu: RoleMenuTable;
  role_button: RoleButtonTable;
  role_column: RoleColumnTable;
  token: TokenTable;
  login_attempt: LoginAttemptTable;
  captcha: CaptchaTable;
  account_application: AccountApplicationTable;
  system_log: SystemLogTable;
  dictionary_type: DictionaryTypeTable;
  dictionary_data: DictionaryDataTable;
  flow_engine: FlowEngineTable;
  visualdev_base: VisualdevBaseTable;
  file: FileTable;
  message: MessageTable;
  message_receiver: MessageReceiverTable;
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

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Menu = Selectable<MenuTable>;
export type Token = Selectable<TokenTable>;
export type Organize = Selectable<OrganizeTable>;
