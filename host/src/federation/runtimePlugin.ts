// Federation runtime plugin: a remote that cannot be loaded must never take the host down.
// Runtime loads resolve to a marker module that the loader turns into an in-page error with Retry;
// build-time consumers get a factory (federation.md: the two shapes differ).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const REMOTE_ERROR = '__lightingRemoteError';

export default function lightingRemoteErrors(): ModuleFederationRuntimePlugin {
  return {
    name: 'lighting-remote-errors',
    errorLoadRemote({ id, error, from }) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[federation] ${id} failed to load: ${message}`);
      const marker = { [REMOTE_ERROR]: message, default: undefined };
      return from === 'build' ? () => marker : marker;
    },
  };
}
