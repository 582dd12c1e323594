/**
 * The versions a generated remote depends on: the shared singletons' from `@lighting/shared`'s
 * package.json (build/shared.cjs takes `requiredVersion` from the same file) and the dev server's
 * from remote-lowcode's. Bundled into the server at build time, so a deployed server generates
 * the versions of the console it was built with.
 */
import sharedPkg from '../../../../shared/package.json';
import lowcodePkg from '../../../../remote-lowcode/package.json';
import type { Versions } from './templates';

export const WORKSPACE_VERSIONS: Versions = {
  shared: sharedPkg.version,
  dependencies: sharedPkg.dependencies,
  devDependencies: { ...lowcodePkg.devDependencies, ...sharedPkg.devDependencies },
};
