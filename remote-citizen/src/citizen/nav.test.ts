import { fullPath, subPath } from './nav';

test('paths below /bt/gzh', () => {
  expect(subPath('/bt/gzh')).toBe('');
  expect(subPath('/bt/gzh/')).toBe('');
  expect(subPath('/bt/gzh/repair/my-log/')).toBe('repair/my-log');
  expect(fullPath('')).toBe('/bt/gzh');
  expect(fullPath('repair/repair-log?id=1')).toBe('/bt/gzh/repair/repair-log?id=1');
});
