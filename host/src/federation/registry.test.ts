/**
 * @jest-environment jsdom
 */
// The contract check before a remote loads: a remote whose manifest's range excludes the host's
// contract is refused before any of its code is fetched; one that fits loads, and the runtime gets
// the manifest the check already fetched.
import { CONTRACT_VERSION } from '@lighting/shared';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError } from './contract';
import { takeManifest } from './manifests';
import { checkContract, loadExposed, loadRegistry, loadRoutes, refreshRegistry, remoteFor } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: jest.fn(),
  preloadRemote: jest.fn(() => Promise.resolve()),
  loadRemote: jest.fn(() => Promise.resolve({ default: { prefixes: [], pages: {} } })),
}));

const manifest = (name: string, range?: string) =>
  JSON.stringify({
    id: name,
    name,
    metaData: range ? { name, contract: { name: '@lighting/shared', range } } : { name },
  });

let manifests: Record<string, { status: number; body: string }> = {};
const fetched: string[] = [];

beforeEach(async () => {
  jest.mocked(loadRemote).mockClear();
  fetched.length = 0;
  manifests = {
    '/remotes.json': {
      status: 200,
      body: JSON.stringify({
        remotes: [
          { name: 'system', entry: '/remotes/system/mf-manifest.json', routes: ['system/'] },
          { name: 'workflow', entry: '/remotes/workflow/mf-manifest.json', routes: ['workFlow/'] },
          { name: 'chat', entry: '/remotes/chat/mf-manifest.json', routes: ['chat/'] },
          { name: 'old', entry: '/remotes/old/remoteEntry.js', routes: ['old/'] },
        ],
      }),
    },
    '/remotes/system/mf-manifest.json': { status: 200, body: manifest('system', `^${CONTRACT_VERSION}`) },
    '/remotes/workflow/mf-manifest.json': { status: 200, body: manifest('workflow', '^99.0.0') },
    '/remotes/chat/mf-manifest.json': { status: 404, body: 'not found' },
  };
  globalThis.fetch = jest.fn((input: RequestInfo | URL) => {
    const path = new URL(String(input), window.location.href).pathname;
    fetched.push(path);
    const m = manifests[path] ?? { status: 404, body: '' };
    // jsdom has no Response: the part of one that registry.ts reads
    return Promise.resolve({
      ok: m.status >= 200 && m.status < 300,
      status: m.status,
      text: () => Promise.resolve(m.body),
      json: () => Promise.resolve(JSON.parse(m.body) as unknown),
    } as Response);
  }) as typeof fetch;
  await loadRegistry();
});

test('a remote inside the range loads; the runtime is handed the manifest the check fetched', async () => {
  await expect(loadRoutes('system')).resolves.toEqual({ prefixes: [], pages: {} });
  expect(loadRemote).toHaveBeenCalledWith('system/routes');
  const url = new URL('/remotes/system/mf-manifest.json', window.location.href).toString();
  expect(takeManifest(url)).toBe(manifests['/remotes/system/mf-manifest.json']?.body);
  expect(takeManifest(url)).toBeUndefined(); // once
});

test('a remote outside the range is refused before its code loads, and stays refused', async () => {
  const e = await loadRoutes('workflow').catch((x: unknown) => x);
  expect(e).toBeInstanceOf(IncompatibleRemoteError);
  expect(e).toMatchObject({ remote: 'workflow', range: '^99.0.0', offered: CONTRACT_VERSION });
  await expect(loadExposed('workflow', './Other')).rejects.toBeInstanceOf(IncompatibleRemoteError);
  // a retry (force) does not fetch again: nothing changed that could help
  const before = fetched.length;
  await expect(loadRoutes('workflow', true)).rejects.toBeInstanceOf(IncompatibleRemoteError);
  expect(fetched.length).toBe(before);
  expect(loadRemote).not.toHaveBeenCalled();
});

test('the registry read again checks again: a remote rolled to a fitting build loads', async () => {
  await expect(checkContract('workflow')).rejects.toBeInstanceOf(IncompatibleRemoteError);
  manifests['/remotes/workflow/mf-manifest.json'] = { status: 200, body: manifest('workflow', '>=1.0.0') };
  await loadRegistry();
  await expect(loadRoutes('workflow')).resolves.toBeDefined();
});

test('a manifest that cannot be read is an ordinary failure, tried again on retry', async () => {
  const e = await loadRoutes('chat').catch((x: unknown) => x);
  expect(e).toBeInstanceOf(Error);
  expect(e).not.toBeInstanceOf(IncompatibleRemoteError);
  expect(String(e)).toContain('answered 404');
  manifests['/remotes/chat/mf-manifest.json'] = {
    status: 200,
    body: manifest('chat', `^${CONTRACT_VERSION}`),
  };
  await expect(loadRoutes('chat', true)).resolves.toBeDefined();
});

test('a manifest without a range, or an entry that is no manifest, loads unchecked', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  manifests['/remotes/system/mf-manifest.json'] = { status: 200, body: manifest('system') };
  await expect(checkContract('system', true)).resolves.toBeUndefined();
  await expect(checkContract('old')).resolves.toBeUndefined();
  expect(fetched).not.toContain('/remotes/old/remoteEntry.js');
});

test('a remote page opened after a team moved its entry loads the new release; the others keep theirs', async () => {
  await expect(loadRoutes('system')).resolves.toBeDefined();
  manifests['/remotes/workflow-2/mf-manifest.json'] = {
    status: 200,
    body: manifest('workflow', `^${CONTRACT_VERSION}`),
  };
  const registryV2 = JSON.parse(manifests['/remotes.json']!.body) as {
    remotes: { name: string; entry: string }[];
  };
  registryV2.remotes[1]!.entry = '/remotes/workflow-2/mf-manifest.json';
  const registryV1 = manifests['/remotes.json']!.body;
  manifests['/remotes.json'] = { status: 200, body: JSON.stringify(registryV2) };
  jest.mocked(registerRemotes).mockClear();
  jest.mocked(loadRemote).mockClear();

  await refreshRegistry();
  // only the moved remote is registered again, forced (the runtime drops its loaded container)
  expect(registerRemotes).toHaveBeenCalledTimes(1);
  expect(registerRemotes).toHaveBeenCalledWith(
    [
      {
        name: 'workflow',
        entry: new URL('/remotes/workflow-2/mf-manifest.json', window.location.href).toString(),
      },
    ],
    { force: true },
  );
  expect(remoteFor('workFlow/launch')?.remote.entry).toBe('/remotes/workflow-2/mf-manifest.json');
  // the refusal belonged to the old release: the new one is checked and loads
  await expect(loadRoutes('workflow')).resolves.toBeDefined();
  expect(fetched).toContain('/remotes/workflow-2/mf-manifest.json');
  // system's table is kept: nothing of it is loaded again
  await expect(loadRoutes('system')).resolves.toBeDefined();
  expect(jest.mocked(loadRemote).mock.calls).toEqual([['workflow/routes']]);

  // rolled back: the old entry again, re-registered and checked again (and refused again)
  manifests['/remotes.json'] = { status: 200, body: registryV1 };
  await refreshRegistry();
  await expect(loadRoutes('workflow')).rejects.toBeInstanceOf(IncompatibleRemoteError);
});

test('a registry that cannot be read keeps the current one', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  manifests['/remotes.json'] = { status: 500, body: 'broken' };
  jest.mocked(registerRemotes).mockClear();
  await refreshRegistry();
  expect(registerRemotes).not.toHaveBeenCalled();
  expect(remoteFor('workFlow/launch')?.remote.name).toBe('workflow');
});
