/**
 * One source for a route's schema and its TypeScript types: routes are registered on
 * `typed(app)`, whose type provider infers `req.body`, `req.query` and `req.params` from the route's
 * JSON schema (`as const`), so a handler's types cannot drift from what is validated.
 */
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance } from 'fastify';

export const typed = (app: FastifyInstance) => app.withTypeProvider<JsonSchemaToTsProvider>();

export type TypedApp = ReturnType<typeof typed>;
