/**
 * The system-administration domain's public face: organisations, users, roles and grants, menus,
 * dictionaries, areas, bill rules, data interfaces, the system log. Other domains import only this file.
 */
export type {
  SystemTables,
  User,
  NewUser,
  UserUpdate,
  Menu,
  Organize,
  MenuTable,
  SystemLogTable,
} from './schema';
export { allocateBillNumber, type BillRuleUse } from './bill-number';
export { datePart, renderNumber } from './bill-rules';
export { parseParams, runDataInterface } from './data-interface-run';
export { menuScope, rowScopeCheck } from './data-scope';
export {
  bumpDictionaryVersion,
  checkDictionaryItem,
  dataBodyProperties,
  dataCols,
  dictionaryItemsOf,
} from './dictionary-items';
export { insertDictionaries } from './dictionary-seed';
export {
  deleteDictionaryItem,
  dictionaryTypeBrief,
  insertDictionaryItem,
  loadItemOfType,
  updateDictionaryItem,
} from './dictionary-store';
export { syncSeededMenus } from './seed';
export { CREW_USER, rolesFor, type RoleSeed } from './seed-people';
export { pageOwnLog } from './log-store';
export { LogCategory, SystemLog } from './system-log';
export { setUser } from './user-store';
export { avatarUrl, loadUserInfo } from './users-shared';
