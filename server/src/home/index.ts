/** The home (dashboard) domain's public face: the dashboard's widgets and their data. */
export type { HomeTables, FaultTable, WorkOrderTable } from './schema';
export { powerSummary } from './power';
export { DISTRICTS, seedHomeIfEmpty } from './seed';
