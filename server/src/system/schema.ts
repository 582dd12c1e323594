/**
 * Row types of the system-administration tables (issue 4), merged into `Database` in db/schema.ts.
 * Owned by the system feature: areas, dictionary types, data interfaces, bill rules, online sessions…
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the feature's tables land
export interface SystemTables {}
