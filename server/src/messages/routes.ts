/** Registers the messages domain: in-app messages and notices (spec §7 Messages), and navbar feedback. */
import type { FastifyInstance } from 'fastify';
import { registerFeedbackRoutes } from './routes-feedback';
import { registerMessageRoutes } from './routes-message';

export function registerMessagesDomain(app: FastifyInstance): void {
  registerMessageRoutes(app);
  registerFeedbackRoutes(app);
}
