/** The workflow domain's public face: flows, tasks, approvals, timers, and what other domains hook on. */
export type { WorkflowTables } from './schema';
export { REPAIR_APPROVAL_THRESHOLD } from './forms';
export { onFlowApproved, repairApprovals } from './service';
