/**
 * Every domain's routes, in registration order. A domain is one folder under src/ (its routes per
 * resource, its pure rules with their tests, its migration); adding one means adding its register
 * function here and its migration in db/migrations.ts.
 */
import type { FastifyInstance } from 'fastify';
import { registerAuthRoutes } from './auth/routes';
import { registerFileRoutes } from './files/routes';
import { registerHomeRoutes } from './home/routes';
import { registerGeneratorRoutes } from './lowcode/generator/routes';
import { registerLowcodeRoutes } from './lowcode/routes';
import { registerMapRoutes } from './map/routes';
import { registerMessagesDomain } from './messages/routes';
import { registerPlatformRoutes } from './platform/routes';
import { registerPublicRoutes } from './citizen/routes';
import { registerSystemRoutes } from './system/routes';
import { registerWorkflowRoutes } from './workflow/routes';

export const DOMAINS: ReadonlyArray<(app: FastifyInstance) => void> = [
  registerPlatformRoutes,
  registerAuthRoutes,
  registerSystemRoutes,
  registerFileRoutes,
  registerMessagesDomain,
  registerHomeRoutes,
  registerMapRoutes,
  registerLowcodeRoutes,
  registerGeneratorRoutes,
  registerWorkflowRoutes,
  registerPublicRoutes,
];
