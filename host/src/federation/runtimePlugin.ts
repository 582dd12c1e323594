// Federation runtime plugin: a remote that cannot be loaded must never take the host down.
// Runtime loads resolve to a marker module that the loader turns into an in-page error with Retry;
// build-time consumers get a factory (federation.md: the two shapes differ).
// Its `fetch` hands the runtime a manifest the host already fetched to check the remote's contract.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { takeManifest } from './manifests';

export const REMOTE_ERROR = '__lightingRemoteError';

export default function lightingRemoteErrors(): ModuleFederationRuntimePlugin {
  return {
    name: 'lighting-remote-errors',
    fetch(url) {
      const text = takeManifest(url);
      if (text === undefined) return undefined;
      return Promise.resolve(new Response(text, { headers: { 'content-type': 'application/json' } }));
    },
    errorLoadRemote({ id, error, from }) {
      const message = error instanceof Error ? error.message : String(error);
      console.warn(`[federation] ${id} failed to load: ${message}`);
      const marker = { [REMOTE_ERROR]: message, default: undefined };
      return from === 'build' ? () => marker : marker;
    },
  };
}
