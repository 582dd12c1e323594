import { DICTIONARIES, LANGS, translate } from './i18n';

test('every word exists in the three languages with the same placeholders', () => {
  const keys = Object.keys(DICTIONARIES.zh).sort();
  for (const l of LANGS) {
    expect(Object.keys(DICTIONARIES[l]).sort()).toEqual(keys);
    for (const k of keys) {
      const ph = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect([l, k, ph(DICTIONARIES[l][k as keyof typeof DICTIONARIES.zh])]).toEqual([
        l,
        k,
        ph(DICTIONARIES.zh[k as keyof typeof DICTIONARIES.zh]),
      ]);
      expect(DICTIONARIES[l][k as keyof typeof DICTIONARIES.zh].trim()).not.toBe('');
    }
  }
});

test('fills placeholders', () => {
  expect(translate('zh', 'callHotline', { hotline: '12345' })).toBe('拨打 12345');
  expect(translate('en', 'supporters', { n: 3 })).toBe('3 reported');
});
