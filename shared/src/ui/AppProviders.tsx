// Providers every app root needs: antd theme + locale following the language (and dayjs's, whose
// month and weekday names antd's pickers show), antd's App (for contextual toasts, registered with
// the toast bridge), and i18next.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
// antd's ES modules (antd/locale/* is its CommonJS build, which bundled a second copy of each)
import zhCN from 'antd/es/locale/zh_CN';
import zhTW from 'antd/es/locale/zh_TW';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
// antd's pickers ask dayjs for the month and weekday names of antd's locale ('zh-cn', 'zh-tw'):
// a locale dayjs has not loaded falls back to English ("2026年 Nov", "Su Mo Tu" in a Chinese
// console, issue 25). Loaded here, in the app root's copy of dayjs, the one antd's pickers use (the
// host provides both to the remotes; a kiosk app provides its own of both).
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  antdSize,
  i18next,
  readableShade,
  setToaster,
  themeTextColour,
  useSettings,
  type Language,
} from '@lighting/shared';

const ANTD_LOCALES = { zh: zhCN, zhtw: zhTW, en: enUS } as const;
const DAYJS_LOCALES = { zh: 'zh-cn', zhtw: 'zh-tw', en: 'en' } as const;

/** dayjs's own default follows the language too (what a dayjs date formats in, a week's first day). */
function followLanguage(lng: string): void {
  dayjs.locale(lng in DAYJS_LOCALES ? DAYJS_LOCALES[lng as Language] : DAYJS_LOCALES.zh);
}
followLanguage(i18next.language);
i18next.on('languageChanged', followLanguage);
export const DEFAULT_PRIMARY = '#1890ff';

/**
 * antd's colours where its defaults are text below 4.5:1 on white or on their own light
 * background (issue 17, WCAG AA): the status colours (status tags write in them), secondary and
 * placeholder text, and the preset colours (tags write in their 7th shade).
 */
const READABLE_TOKENS = {
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorError: '#cf1322',
  colorInfo: '#0958d9',
  // a darker seed would darken its derived backgrounds too: they stay antd's light ones
  colorSuccessBg: '#f6ffed',
  colorSuccessBorder: '#b7eb8f',
  colorWarningBg: '#fffbe6',
  colorWarningBorder: '#ffe58f',
  colorErrorBg: '#fff2f0',
  colorErrorBorder: '#ffccc7',
  colorInfoBg: '#e6f4ff',
  colorInfoBorder: '#91caff',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // the preset tag colours write in their palette's 7th shade, derived from these seeds (antd's
  // 6th shade: one step darker, two for gold and yellow), so tag text reads on its light fill
  blue: '#0958d9',
  geekblue: '#1d39c4',
  cyan: '#08979c',
  green: '#389e0d',
  lime: '#5b8c00',
  gold: '#ad6800',
  yellow: '#ad8b00',
  orange: '#d46b08',
  volcano: '#d4380d',
  red: '#cf1322',
  magenta: '#c41d7f',
  purple: '#531dab',
} as const;

/**
 * A table writes its empty text (a list's 无数据, a page's own emptyText) in colorTextDisabled,
 * #bfbfbf on white (1.8:1): every table, in the console and the kiosk apps, writes it in the
 * readable secondary grey instead (the filter menu's "Not Found" too). Disabled controls elsewhere
 * keep antd's grey (WCAG exempts them).
 */
const READABLE_COMPONENTS = {
  Table: { colorTextDisabled: READABLE_TOKENS.colorTextDescription },
} as const;

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setToaster((kind, text, seconds) => void message[kind]({ content: text, duration: seconds }));
  }, [message]);
  return null;
}

function Themed({ children, primary }: { children: ReactNode; primary?: string }) {
  const { i18n } = useTranslation();
  const lang = (i18n.language in ANTD_LOCALES ? i18n.language : 'zh') as Language;
  // the settings store (one on the page): theme colour and UI size; remote pages render inside
  // this provider (antd is a singleton), so they follow both without knowing about settings
  const themeClass = useSettings((s) => s.themeClass);
  const size = useSettings((s) => s.size);
  const { componentSize, token } = antdSize(size);
  // the theme colour's readable shade: antd writes text in it (links, selected items) and white
  // text on it (primary buttons)
  const colour = primary ? readableShade(primary) : themeTextColour(themeClass);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      // links follow the theme colour too (antd derives them from colorInfo, not colorPrimary)
      theme={{
        token: { ...token, ...READABLE_TOKENS, colorPrimary: colour, colorLink: colour },
        // a hovered tab writes in the readable shade, not antd's lighter hover shade (#2a93bd on
        // white, 3.5:1, found by the accessibility walk with the pointer resting on a tab)
        components: { ...READABLE_COMPONENTS, Tabs: { itemHoverColor: colour } },
      }}
      componentSize={componentSize}
    >
      <AntApp style={{ height: '100%' }}>
        <ToastBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** `primary` overrides the settings' theme colour (DEFAULT_PRIMARY is the platform's colour). */
export function AppProviders({ children, primary }: { children: ReactNode; primary?: string }) {
  return (
    <I18nextProvider i18n={i18next}>
      <Themed primary={primary}>{children}</Themed>
    </I18nextProvider>
  );
}
