/** The citizen domain's descriptor, handed to the app (src/domains.ts); other domains import ./index. */
import type { DomainModule } from '../kernel';
import { CITIZEN_MENU } from './menus';
import {
  citizenRequestKeys,
  publicFollowUpMigration,
  publicMigration,
  unplacedReportsMigration,
} from './migration';
import { registerPublicRoutes } from './routes';
import { citizenScopeFields } from './scope';

export const citizenModule: DomainModule = {
  name: 'citizen',
  migrations: {
    '0009_public': publicMigration,
    '0010_public_follow_up': publicFollowUpMigration,
    '0019_request_keys': citizenRequestKeys,
    '0025_unplaced_reports': unplacedReportsMigration,
  },
  menus: [{ place: 20, menu: CITIZEN_MENU }],
  routes: registerPublicRoutes,
  scopeFields: citizenScopeFields,
};
