import { helpPageIn, isSafeLink } from './links';

describe('helpPageIn', () => {
  it("names the guide's page in the console's language", () => {
    expect(helpPageIn('/help/index.html', 'en')).toBe('/help/index.en.html');
    expect(helpPageIn('/help/index.html#lock', 'zhtw')).toBe('/help/index.zh-TW.html#lock');
    expect(helpPageIn('/help/index.html', 'zh')).toBe('/help/index.html');
  });
  it('leaves other links alone', () => {
    expect(helpPageIn('https://example.org/help/index.html', 'en')).toBe(
      'https://example.org/help/index.html',
    );
    expect(helpPageIn('/system/menu', 'en')).toBe('/system/menu');
    expect(isSafeLink(helpPageIn('/help/index.html', 'en'))).toBe(true);
  });
});
