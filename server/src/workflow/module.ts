/** The workflow domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { WORKFLOW_MENU } from './menus';
import {
  workflowFormJson,
  workflowInit,
  workflowMigration,
  workflowRequestKeys,
  workflowSubFlows,
} from './migration';
import { registerWorkflowRoutes } from './routes';
import { workflowScopeFields } from './scope';
import { seedWorkflowFresh, seedWorkflowIfEmpty } from './seed';

export const workflowModule: DomainModule = {
  name: 'workflow',
  migrations: {
    '0001_init': workflowInit,
    '0016_workflow': workflowMigration,
    '0019_request_keys': workflowRequestKeys,
    '0021_flow_form_json': workflowFormJson,
    '0026_flow_subflow': workflowSubFlows,
  },
  menus: [{ place: 50, menu: WORKFLOW_MENU }],
  seed: {
    fresh: seedWorkflowFresh,
    missing: async (db, s) => {
      await seedWorkflowIfEmpty(db, s);
    },
  },
  routes: registerWorkflowRoutes,
  scopeFields: workflowScopeFields,
};
