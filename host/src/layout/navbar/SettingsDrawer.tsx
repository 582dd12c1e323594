// The settings drawer (spec §2): layout mode, theme colour, switches for tags view, tag icons,
// search and the language select. Every choice goes to the settings store (remembered).
import { Tooltip, Typography } from 'antd';
import Drawer from 'antd/es/drawer';
import Radio from 'antd/es/radio';
import Switch from 'antd/es/switch';
import CheckOutlined from '@ant-design/icons/es/icons/CheckOutlined';
import { useTranslation } from 'react-i18next';
import { LAYOUT_TYPES, THEME_COLOURS, THEME_CLASSES, useSettings } from '@lighting/shared';

const row = {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  margin: '12px 0',
} as const;

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('host');
  const s = useSettings();
  const layoutLabel = {
    classic: t('layoutClassic'),
    functional: t('layoutFunctional'),
    plain: t('layoutPlain'),
  } as const;
  return (
    <Drawer open={open} onClose={onClose} title={t('settings')} size={280} data-testid="settings-drawer">
      <Typography.Title level={5}>{t('layoutMode')}</Typography.Title>
      <Radio.Group
        value={s.layoutType}
        onChange={(e) => s.setLayoutType(String(e.target.value))}
        optionType="button"
        options={LAYOUT_TYPES.map((l) => ({
          value: l,
          label: <span data-testid={`layout-${l}`}>{layoutLabel[l]}</span>,
        }))}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('themeColour')}
      </Typography.Title>
      {/* one row of swatches in the 280 px drawer (spec §9): a wrapped one had its tooltip over the first */}
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 4 }} data-testid="theme-swatches">
        {THEME_CLASSES.map((c) => (
          <Tooltip key={c} title={t(`theme.${c}`)} placement="bottom">
            <button
              type="button"
              aria-label={t(`theme.${c}`)}
              data-testid={`theme-${c}`}
              onClick={() => s.setThemeClass(c)}
              style={{
                width: 24,
                height: 24,
                flexShrink: 0,
                padding: 0,
                border: 0,
                borderRadius: 4,
                cursor: 'pointer',
                color: '#fff',
                background: THEME_COLOURS[c],
              }}
            >
              {s.themeClass === c ? <CheckOutlined /> : null}
            </button>
          </Tooltip>
        ))}
      </div>
      <div style={{ ...row, marginTop: 24 }}>
        <span>{t('showTags')}</span>
        <Switch
          checked={s.tagsView}
          onChange={(v) => s.setSwitch('tagsView', v)}
          data-testid="switch-tagsView"
        />
      </div>
      <div style={row}>
        <span>{t('showTagIcons')}</span>
        <Switch
          checked={s.tagsIcon}
          onChange={(v) => s.setSwitch('tagsIcon', v)}
          data-testid="switch-tagsIcon"
        />
      </div>
      <div style={row}>
        <span>{t('showSearchBox')}</span>
        <Switch
          checked={s.showSearch}
          onChange={(v) => s.setSwitch('showSearch', v)}
          data-testid="switch-showSearch"
        />
      </div>
      <div style={row}>
        <span>{t('showLanguageSelect')}</span>
        <Switch
          checked={s.showLanguage}
          onChange={(v) => s.setSwitch('showLanguage', v)}
          data-testid="switch-showLanguage"
        />
      </div>
      <div style={row}>
        <span>{t('fixedHeader')}</span>
        <Switch
          checked={s.fixedHeader}
          onChange={(v) => s.setSwitch('fixedHeader', v)}
          data-testid="switch-fixedHeader"
        />
      </div>
    </Drawer>
  );
}
