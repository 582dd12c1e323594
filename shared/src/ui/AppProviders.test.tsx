/**
 * @jest-environment jsdom
 */
// The date pickers speak the console's language (issue 25 item 15): antd's words and dayjs's month
// and weekday names follow it, zh-CN, zh-TW and en, whichever app's root holds the providers.
import { act, render } from '@testing-library/react';
import dayjs from 'dayjs';
import DatePicker from 'antd/es/date-picker';
import { i18next, type Language } from '@lighting/shared';
import { AppProviders } from './AppProviders';

jest.setTimeout(120_000);

/** The open panel's header and weekday row in `lang`. */
async function panelIn(lang: Language): Promise<{ header: string; days: string[] }> {
  await act(async () => {
    await i18next.changeLanguage(lang);
  });
  const view = render(
    <AppProviders>
      <DatePicker open value={dayjs('2026-11-05')} />
    </AppProviders>,
  );
  const panel = document.querySelector('.ant-picker-dropdown');
  const out = {
    header: (panel?.querySelector('.ant-picker-header-view')?.textContent ?? '').trim(),
    days: [...(panel?.querySelectorAll('.ant-picker-content thead th') ?? [])].map(
      (th) => th.textContent ?? '',
    ),
  };
  view.unmount();
  return out;
}

describe('AppProviders: date pickers in the console language', () => {
  it('Simplified Chinese: 2026年 11月, weeks from Monday 一 … 日', async () => {
    expect(await panelIn('zh')).toEqual({
      header: '2026年11月',
      days: ['一', '二', '三', '四', '五', '六', '日'],
    });
    expect(dayjs.locale()).toBe('zh-cn');
  });

  it('Traditional Chinese: 2026年 11月, weekday names in Chinese', async () => {
    const { header, days } = await panelIn('zhtw');
    expect(header).toBe('2026年11月');
    expect(days).toContain('日');
    expect(days).toContain('六');
    expect(dayjs.locale()).toBe('zh-tw');
  });

  it('English: Nov 2026, Su Mo …', async () => {
    const { header, days } = await panelIn('en');
    expect(header).toBe('Nov2026');
    expect(days).toEqual(['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa']);
    expect(dayjs.locale()).toBe('en');
  });
});
