// Providers every app root needs: antd theme + locale following the language, antd's App (for
// contextual toasts, registered with the toast bridge), and i18next.
import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import enUS from 'antd/locale/en_US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { antdSize, i18next, setToaster, THEME_COLOURS, useSettings, type Language } from '@lighting/shared';

const ANTD_LOCALES = { zh: zhCN, zhtw: zhTW, en: enUS } as const;
export const DEFAULT_PRIMARY = '#1890ff';

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
  const colour = primary ?? THEME_COLOURS[themeClass];
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[lang]}
      // links follow the theme colour too (antd derives them from colorInfo, not colorPrimary)
      theme={{ token: { ...token, colorPrimary: colour, colorLink: colour } }}
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
