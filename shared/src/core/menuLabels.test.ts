import { htmlLang, MENU_LABELS, menuLabel, PLATFORM_TITLES, platformTitle } from './menuLabels';

describe('menuLabel', () => {
  it('translates a known enCode in each language', () => {
    expect(menuLabel('bt.map.fault', '故障研判', 'zh')).toBe('故障研判');
    expect(menuLabel('permission.user', '用户管理', 'zhtw')).toBe('用戶管理');
    expect(menuLabel('permission.user', '用户管理', 'en')).toBe('Users');
  });

  it('falls back to the fullName for an entry an administrator added', () => {
    expect(menuLabel('custom.page', '自建页面', 'en')).toBe('自建页面');
    expect(menuLabel('custom.page', '自建页面', 'zhtw')).toBe('自建页面');
  });

  it("keeps an administrator's new name for a known entry in every language", () => {
    expect(menuLabel('permission.user', '人员管理', 'en')).toBe('人员管理');
    expect(menuLabel('permission.user', '人员管理', 'zh')).toBe('人员管理');
  });

  it('uses the table when the server sent no name, and Chinese for an unknown language', () => {
    expect(menuLabel('system', '', 'en')).toBe('System');
    expect(menuLabel('system', '系统管理', 'fr')).toBe('系统管理');
  });

  it('has all three languages for every entry, English without Chinese characters', () => {
    for (const [code, label] of Object.entries(MENU_LABELS)) {
      expect([code, label.zh !== '' && label.zhtw !== '' && label.en !== '']).toEqual([code, true]);
      expect([code, /[\u3400-\u9fff]/.test(label.en)]).toEqual([code, false]);
    }
  });
});

describe('platformTitle', () => {
  it('translates the default title', () => {
    expect(platformTitle(PLATFORM_TITLES.zh, 'en')).toBe('City Lighting Management Platform');
    expect(platformTitle(PLATFORM_TITLES.zh, 'zhtw')).toBe('城市照明綜合管理平台');
    expect(platformTitle('', 'zh')).toBe(PLATFORM_TITLES.zh);
  });

  it('keeps a configured title, unless the configuration translates it', () => {
    expect(platformTitle('某市路灯平台', 'en')).toBe('某市路灯平台');
    expect(platformTitle('某市路灯平台', 'en', { en: 'Some City Lights' })).toBe('Some City Lights');
    expect(platformTitle('某市路灯平台', 'zhtw', { en: 'Some City Lights' })).toBe('某市路灯平台');
  });
});

it('htmlLang names the language as BCP 47', () => {
  expect(htmlLang('zh')).toBe('zh-CN');
  expect(htmlLang('zhtw')).toBe('zh-TW');
  expect(htmlLang('en')).toBe('en');
});
