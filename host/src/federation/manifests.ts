// Manifests the host fetched to check a remote's contract (registry.ts checkContract), handed to the
// federation runtime when it asks for the same URL (runtimePlugin.ts `fetch`): one request, not two.
const texts = new Map<string, string>();

const key = (url: string): string => url.split('#')[0] ?? url;

export function keepManifest(url: string, text: string): void {
  texts.set(key(url), text);
}

/** The kept text for url, once (a later load by the runtime fetches again). */
export function takeManifest(url: string): string | undefined {
  const k = key(url);
  const text = texts.get(k);
  texts.delete(k);
  return text;
}
