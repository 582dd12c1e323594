/**
 * The app's domains, composed. A domain is one folder under src/ whose `index.ts` is its only public
 * face and hands the app a descriptor (kernel/domain.ts): routes, migrations, seed, menus, socket
 * methods. This list is their order: migrations that share a name run their parts in it, seeds run
 * in it (a domain's rows after those it refers to), routes are registered in it. Adding a domain
 * means adding its module here.
 */
import { authModule } from './auth/module';
import { chatModule } from './chat/module';
import { citizenModule } from './citizen/module';
import { filesModule } from './files/module';
import { homeModule } from './home/module';
import {
  composeMenus,
  composeMigrations,
  composeScopeFields,
  composeViewerAttributes,
  kernelModule,
  type DomainModule,
} from './kernel';
import { lowcodeModule } from './lowcode/module';
import { mapModule } from './map/module';
import { messagesModule } from './messages/module';
import { platformModule } from './platform/module';
import { systemModule } from './system/module';
import { workflowModule } from './workflow/module';

export const DOMAINS: readonly DomainModule[] = [
  kernelModule,
  platformModule,
  systemModule,
  authModule,
  filesModule,
  messagesModule,
  homeModule,
  mapModule,
  lowcodeModule,
  workflowModule,
  chatModule,
  citizenModule,
];

/** Every domain's migrations, one per name. */
export const MIGRATIONS = composeMigrations(DOMAINS);

/** Every domain's menu sections in their places: the seeded menu tree. */
export const MENU_TREE = composeMenus(DOMAINS);

/** The fields a menu's rows can be scoped by (data permissions), from the domain serving the menu. */
export const scopeFieldsOf = composeScopeFields(DOMAINS);

/** A user's data-permission attributes that domains know (the crews a user leads…). */
export const viewerAttributesOf = composeViewerAttributes(DOMAINS);
