/**
 * The kernel: what every domain repeats, written once — ids, request keys (idempotency), trees,
 * reference checks, unique codes, names of people and units, shared field schemas, the menu seed
 * vocabulary and the domain descriptor. It may use db/ and http/ and the composed `Database` type;
 * it imports no domain.
 */
export type { KernelTables, RequestKeyTable } from './schema';
export { kernelModule } from './module';
export * from './china-time';
export * from './codes';
export * from './data-scope';
export * from './data-scope-sql';
export * from './domain';
export * from './fields';
export * from './ids';
export * from './jnpf-paths';
export * from './menus';
export * from './names';
export * from './refs';
export * from './request-keys';
export * from './rows';
export * from './sanitize';
export * from './tree';
