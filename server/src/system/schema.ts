/**
 * Row types of the system-administration tables (issue 4), merged into `Database` in db/schema.ts.
 * Owned by the system feature: areas, bill rules, data interfaces and data-permission grants.
 * Migration 0004 also adds `category` to role (role | user | position: the grants of one user or one
 * position are held by a hidden role of that category) and `description` to position and dictionaries.
 */

export interface AreaTable {
  id: string;
  /** '-1' for the top level. */
  parentId: string;
  fullName: string;
  enCode: string;
  /** 1 province, 2 city, 3 district, 4 street. */
  type: number;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
}

export interface BillRuleTable {
  id: string;
  fullName: string;
  enCode: string;
  prefix: string;
  /** '' | 'yyyy' | 'yyyyMM' | 'yyyyMMdd' | 'yyMMdd' | 'yyyyMMddHH' */
  dateFormat: string;
  digit: number;
  startNumber: number;
  suffix: string;
  description: string;
  /** Date part of the period the sequence belongs to ('' before the first number). */
  currentDate: string;
  /** Sortable key of that period (e.g. 2026112100); 0 before the first number. */
  periodKey: number;
  /** Last sequence issued in the period (startNumber - 1 before the first number). */
  currentSeq: number;
  /** 1 once a number has been issued. */
  issued: number;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
}

export interface DataInterfaceTable {
  id: string;
  fullName: string;
  enCode: string;
  /** 1 SQL against our database, 2 HTTP. */
  dataType: number;
  /** SQL text (dataType 1). */
  query: string;
  /** URL (dataType 2). */
  path: string;
  requestMethod: string;
  /** JSON array of { field, defaultValue }. */
  requestParameters: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
}

/** Data-permission grants: scope (all | company | department | self) per menu. */
export interface RoleDataTable {
  roleId: string;
  menuId: string;
  enCode: string;
  fullName: string;
}

export interface SystemTables {
  area: AreaTable;
  bill_rule: BillRuleTable;
  data_interface: DataInterfaceTable;
  role_data: RoleDataTable;
}
