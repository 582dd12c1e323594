/**
 * The version of this contract (@lighting/shared, semver). The host offers it to remotes: a remote's
 * manifest names the range it was built for (its dependency on @lighting/shared), and the host does
 * not mount a remote whose range excludes it. `node scripts/contract.mjs --update` keeps it equal to
 * shared/package.json's version; `--check` fails when they differ.
 */
export const CONTRACT_VERSION: string = '1.2.0';
