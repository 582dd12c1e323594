// 系统设置: layout (classic / functional / plain) and language, saved on the server and applied here.
import { App } from 'antd';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, useSettings, type Language } from '@lighting/shared';
import { putLanguage, putTheme } from './api';
import { THEMES, type Theme } from './rules';
import { NS } from './i18n';

const LANGUAGE_NAMES: Record<Language, string> = { zh: '简体中文', zhtw: '繁體中文', en: 'English' };

export function SettingsTab() {
  const { t, i18n } = useTranslation(NS);
  const { message } = App.useApp();
  const layoutType = useSettings((s) => s.layoutType);
  const language = (LANGUAGES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Language)
    : 'zh';

  const changeTheme = async (theme: Theme) => {
    try {
      const res = await putTheme(theme);
      useSettings.getState().setLayoutType(theme);
      void message.success(res.msg || t('saved'));
    } catch {
      /* the client showed the server's message */
    }
  };
  const changeLanguage = async (lng: Language) => {
    try {
      const res = await putLanguage(lng);
      setLanguage(lng);
      void message.success(res.msg || t('saved'));
    } catch {
      /* the client showed the server's message */
    }
  };

  return (
    <Form labelCol={{ span: 4 }} wrapperCol={{ span: 12 }} data-testid="profile-settings">
      <Form.Item label={t('theme')}>
        <Radio.Group
          value={layoutType}
          onChange={(e) => void changeTheme(e.target.value as Theme)}
          options={THEMES.map((v) => ({ value: v, label: t(v) }))}
          optionType="button"
          data-testid="profile-theme"
        />
      </Form.Item>
      <Form.Item label={t('language')}>
        <Select<Language>
          value={language}
          onChange={(v) => void changeLanguage(v)}
          style={{ width: 200 }}
          options={LANGUAGES.map((v) => ({ value: v, label: LANGUAGE_NAMES[v] }))}
          data-testid="profile-language"
        />
      </Form.Item>
    </Form>
  );
}
