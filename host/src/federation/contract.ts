// Does a remote fit the contract this host offers? Pure: the manifest's JSON in, a verdict out.
// A remote's build publishes the range of @lighting/shared it was built for in its manifest
// (`metaData.contract: { name, range }`, build/webpack.app.cjs); the host offers CONTRACT_VERSION
// (shared/package.json's version). Outside the range, the host does not load the remote's code and
// shows which remote, what it needs and what the host offers (RemotePage).
import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';

export type ContractVerdict =
  /** the range includes the host's version */
  | { status: 'fits'; range: string; offered: string }
  /** the manifest names no range (a remote built before contracts were versioned, or a generated one) */
  | { status: 'undeclared'; range: null; offered: string }
  /** the range excludes the host's version, or is not a semver range */
  | { status: 'outside'; range: string; offered: string };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The contract range a remote's manifest declares, or null. */
export function declaredRange(manifest: unknown): string | null {
  if (!isObject(manifest) || !isObject(manifest.metaData)) return null;
  const contract = manifest.metaData.contract;
  if (!isObject(contract) || typeof contract.range !== 'string' || contract.range.trim() === '') return null;
  return contract.range;
}

export function contractVerdict(manifest: unknown, offered: string): ContractVerdict {
  const range = declaredRange(manifest);
  if (range === null) return { status: 'undeclared', range, offered };
  const fits = validRange(range) !== null && satisfies(offered, range);
  return { status: fits ? 'fits' : 'outside', range, offered };
}

export { IncompatibleRemoteError } from './incompatible';
