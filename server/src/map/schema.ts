/**
 * Row types of the lighting-map tables (issue 5), merged into `Database` in db/schema.ts.
 * Owned by the map feature: assets, cable segments, circuits, base geography, faults, repair orders…
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the feature's tables land
export interface MapTables {}
