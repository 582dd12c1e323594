import { registryChanges } from './registryChanges';

const r = (name: string, entry: string) => ({ name, entry, routes: [`${name}/`] });

test('an entry at another address is a move; routes alone are not', () => {
  const before = [r('workflow', 'http://a/wf/mf-manifest.json'), r('chat', '/remotes/chat/mf-manifest.json')];
  const after = [
    r('workflow', 'http://b/wf/mf-manifest.json'),
    { ...r('chat', '/remotes/chat/mf-manifest.json'), routes: ['chat/', 'im/'] },
  ];
  expect(registryChanges(before, after)).toEqual({ moved: ['workflow'], added: [], removed: [] });
});

test('rolling back is a move too; remotes appear and disappear', () => {
  const v2 = [r('workflow', 'http://b/wf/mf-manifest.json'), r('old', '/remotes/old/mf-manifest.json')];
  const v1 = [r('workflow', 'http://a/wf/mf-manifest.json'), r('map', '/remotes/map/mf-manifest.json')];
  expect(registryChanges(v2, v1)).toEqual({ moved: ['workflow'], added: ['map'], removed: ['old'] });
});

test('the same registry changes nothing', () => {
  const same = [r('workflow', '/remotes/workflow/mf-manifest.json')];
  expect(registryChanges(same, [...same])).toEqual({ moved: [], added: [], removed: [] });
});
