import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types of the system domain's tables: organisations, positions, users, roles and their grants,
 * menus with their buttons and columns, the system log, dictionaries, areas, bill rules, data
 * interfaces and data-permission grants. Composed into `Database` by src/database.ts.
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

/** A field a menu's data-permission schemes may test (JNPF 3.x ModuleDataAuthorize). */
export interface MenuDataFieldTable {
  id: string;
  menuId: string;
  enCode: string;
  fullName: string;
  type: string;
  conditionSymbol: string;
  conditionText: string;
  description: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
}

/** A menu's data-permission scheme (JNPF 3.x ModuleDataAuthorizeScheme), granted by its code. */
export interface MenuDataSchemeTable {
  id: string;
  menuId: string;
  enCode: string;
  fullName: string;
  conditionJson: string;
  conditionText: string;
  matchLogic: 'and' | 'or';
  allData: number;
  description: string;
  sortCode: number;
  enabledMark: number;
  createdAt: number;
}

/**
 * Data-permission grants per menu: a scheme's code (menu_data_scheme), or on the user list one of
 * its built-in scopes (all | company | department | self).
 */
export interface RoleDataTable {
  roleId: string;
  menuId: string;
  enCode: string;
  fullName: string;
}

export interface OrganizeTable {
  id: string;
  parentId: string | null;
  category: 'company' | 'department';
  fullName: string;
  enCode: string;
  managerId: string | null;
  /** the district it looks after (a station): what `@district` reads in data permissions */
  district: ColumnType<string | null, string | null | undefined, string | null>;
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
  /** 0: switched off (held by nobody); the JNPF 3.x State action. */
  enabledMark: Generated<number>;
}

/** Catalogue of the list columns each page offers. */
export interface MenuColumnTable {
  id: string;
  menuId: string;
  enCode: string;
  fullName: string;
  sortCode: number;
  /** 0: switched off (held by nobody); the JNPF 3.x State action. */
  enabledMark: Generated<number>;
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

export interface SystemTables {
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
  system_log: SystemLogTable;
  dictionary_type: DictionaryTypeTable;
  dictionary_data: DictionaryDataTable;
  area: AreaTable;
  bill_rule: BillRuleTable;
  data_interface: DataInterfaceTable;
  role_data: RoleDataTable;
  menu_data_field: MenuDataFieldTable;
  menu_data_scheme: MenuDataSchemeTable;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type Menu = Selectable<MenuTable>;
export type Organize = Selectable<OrganizeTable>;
