// A field's regList: presets (digits, amount, phone, mobile, e-mail, ID card from formcore) and
// custom '/pattern/flags' rules with their message; a pattern that does not parse is shown at once.
// A preset goes in without a message: its own is said in each reader's language (the box shows it
// greyed); a message written here is the designer's and shown as written. Each edit is its own undo
// step (regList.ts).
import { Button, Dropdown, Input } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/es/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import {
  REG_PRESETS,
  formLang,
  parseRegPattern,
  presetOf,
  type RegPresetKey,
  type RegRule,
} from '@lighting/shared/formcore';
import { editRegList, type RegListChange } from './regList';

export function RegListEditor({
  rules,
  onChange,
}: {
  rules: readonly RegRule[];
  onChange: (change: RegListChange) => void;
}) {
  const { t, i18n } = useTranslation('lowcode');
  const lang = formLang(i18n.language);
  return (
    <div data-testid="reglist">
      {rules.map((r, i) => {
        const preset = presetOf(r.pattern);
        const bad = parseRegPattern(r.pattern) === null;
        return (
          <div key={i} style={{ border: '1px solid #f0f0f0', borderRadius: 4, padding: 6, marginBottom: 6 }}>
            <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
              <Input
                size="small"
                value={r.pattern}
                placeholder="/^\\d+$/"
                status={bad ? 'error' : undefined}
                onChange={(e) =>
                  onChange(editRegList(rules, { kind: 'pattern', index: i, value: e.target.value }))
                }
                maxLength={500}
                prefix={preset ? <span style={{ color: '#0958d9' }}>{preset.names[lang]}</span> : undefined}
                data-testid="reg-pattern"
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<MinusCircleOutlined />}
                aria-label={t('remove')}
                onClick={() => onChange(editRegList(rules, { kind: 'remove', index: i }))}
              />
            </div>
            {bad && (
              <div style={{ color: '#cf1322', fontSize: 12 }} role="alert">
                {t('badPattern')}
              </div>
            )}
            <Input
              size="small"
              style={{ marginTop: 4 }}
              value={r.message}
              placeholder={preset ? preset.messages[lang] : t('regMessage')}
              aria-label={t('regMessage')}
              onChange={(e) =>
                onChange(editRegList(rules, { kind: 'message', index: i, value: e.target.value }))
              }
              maxLength={200}
              data-testid="reg-message"
            />
          </div>
        );
      })}
      <div style={{ display: 'flex', gap: 6 }}>
        <Dropdown
          trigger={['click']}
          menu={{
            items: REG_PRESETS.map((p) => ({ key: p.key, label: p.names[lang] })),
            onClick: ({ key }) => onChange(editRegList(rules, { kind: 'preset', key: key as RegPresetKey })),
          }}
        >
          <Button size="small" icon={<PlusOutlined />} data-testid="reg-preset">
            {t('addPreset')}
          </Button>
        </Dropdown>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange(editRegList(rules, { kind: 'custom' }))}
          data-testid="reg-custom"
        >
          {t('addCustomRule')}
        </Button>
      </div>
    </div>
  );
}
