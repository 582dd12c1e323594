// A field's regList: presets (digits, amount, phone, mobile, e-mail, ID card from formcore) and
// custom '/pattern/flags' rules with their message; a pattern that does not parse is shown at once.
import { Button, Dropdown, Input } from 'antd';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/es/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import { REG_PRESETS, parseRegPattern, type RegRule } from '@lighting/shared/formcore';

export function RegListEditor({
  rules,
  onChange,
}: {
  rules: readonly RegRule[];
  onChange: (r: RegRule[]) => void;
}) {
  const { t, i18n } = useTranslation('lowcode');
  const lang = i18n.language === 'en' ? 'en' : i18n.language === 'zhtw' ? 'zhtw' : 'zh';
  const set = (i: number, patch: Partial<RegRule>) =>
    onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div data-testid="reglist">
      {rules.map((r, i) => {
        const preset = REG_PRESETS.find((p) => p.pattern === r.pattern);
        const bad = parseRegPattern(r.pattern) === null;
        return (
          <div key={i} style={{ border: '1px solid #f0f0f0', borderRadius: 4, padding: 6, marginBottom: 6 }}>
            <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
              <Input
                size="small"
                value={r.pattern}
                placeholder="/^\\d+$/"
                status={bad ? 'error' : undefined}
                onChange={(e) => set(i, { pattern: e.target.value })}
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
                onClick={() => onChange(rules.filter((_, j) => j !== i))}
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
              placeholder={t('regMessage')}
              onChange={(e) => set(i, { message: e.target.value })}
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
            onClick: ({ key }) => {
              const p = REG_PRESETS.find((x) => x.key === key);
              if (p) onChange([...rules, { pattern: p.pattern, message: p.message }]);
            },
          }}
        >
          <Button size="small" icon={<PlusOutlined />} data-testid="reg-preset">
            {t('addPreset')}
          </Button>
        </Dropdown>
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => onChange([...rules, { pattern: '', message: '' }])}
          data-testid="reg-custom"
        >
          {t('addCustomRule')}
        </Button>
      </div>
    </div>
  );
}
