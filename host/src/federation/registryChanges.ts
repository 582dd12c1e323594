// What a newly read registry changes for the remotes already registered. Pure: two registries in,
// names out. A remote's release is its entry address: a team rolls forward or back by pointing its
// entry at another address (docs/architecture.md "Remote registry and loading").
import type { RemoteEntry } from '@lighting/shared';

export interface RegistryChanges {
  /** in both, at another entry: re-registered, its loaded code forgotten */
  moved: string[];
  /** only in the new registry */
  added: string[];
  /** only in the old registry */
  removed: string[];
}

export function registryChanges(
  current: readonly RemoteEntry[],
  next: readonly RemoteEntry[],
): RegistryChanges {
  const was = new Map(current.map((r) => [r.name, r.entry]));
  const now = new Map(next.map((r) => [r.name, r.entry]));
  return {
    moved: next.filter((r) => was.has(r.name) && was.get(r.name) !== r.entry).map((r) => r.name),
    added: next.filter((r) => !was.has(r.name)).map((r) => r.name),
    removed: current.filter((r) => !now.has(r.name)).map((r) => r.name),
  };
}
