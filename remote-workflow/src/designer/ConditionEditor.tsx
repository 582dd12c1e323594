// A condition branch's predicates: field (the form's comparable fields), comparison (the ones
// its type allows), value of that type, and how it joins the next one (且 / 或). Each row's problem
// is flowcore's predicateProblem, shown under the row.
import { Button, Input } from 'antd';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import {
  FLOW_LIMITS,
  SYMBOLS_BY_TYPE,
  predicateProblem,
  type ConditionFieldType,
  type ConditionPredicate,
  type FlowFormField,
} from '@lighting/shared/flowcore';
import '../i18n';

const emptyValue = (type: ConditionFieldType): ConditionPredicate['filedValue'] =>
  type === 'number' ? 0 : type === 'boolean' ? true : '';

export function ConditionEditor({
  fields,
  value,
  onChange,
}: {
  fields: readonly FlowFormField[];
  value: readonly ConditionPredicate[];
  onChange: (v: ConditionPredicate[]) => void;
}) {
  const { t } = useTranslation('workflow');
  const comparable = fields.filter((f) => f.conditionType !== null && !f.table);
  const set = (i: number, patch: Partial<ConditionPredicate>) =>
    onChange(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  const chooseField = (i: number, key: string) => {
    const f = comparable.find((x) => x.key === key);
    if (!f || !f.conditionType) return;
    const type = f.conditionType;
    const symbols = SYMBOLS_BY_TYPE[type];
    const prev = value[i];
    set(i, {
      field: f.key,
      fieldName: f.label,
      fieldType: type,
      symbol:
        prev && symbols.includes(prev.symbol) && prev.fieldType === type ? prev.symbol : (symbols[0] ?? '=='),
      filedValue: prev && prev.fieldType === type ? prev.filedValue : emptyValue(type),
    });
  };
  const add = () => {
    const f = comparable[0];
    const type: ConditionFieldType = f?.conditionType ?? 'text';
    onChange([
      ...value,
      {
        field: f?.key ?? '',
        fieldName: f?.label,
        fieldType: type,
        symbol: SYMBOLS_BY_TYPE[type][0] ?? '==',
        filedValue: emptyValue(type),
        logic: '&&',
      },
    ]);
  };
  return (
    <Flex vertical gap={8} data-testid="condition-editor">
      {value.map((p, i) => {
        const problem = predicateProblem(p, fields);
        return (
          <div key={i} data-testid={`condition-row-${i}`}>
            <Flex gap={6} align="center">
              <Select
                style={{ width: 150 }}
                value={p.field || undefined}
                placeholder={t('conditionField')}
                options={comparable.map((f) => ({ value: f.key, label: f.label }))}
                onChange={(k: string) => chooseField(i, k)}
                data-testid="condition-field"
              />
              <Select
                style={{ width: 72 }}
                value={p.symbol}
                options={SYMBOLS_BY_TYPE[p.fieldType].map((s) => ({ value: s, label: s }))}
                onChange={(s: ConditionPredicate['symbol']) => set(i, { symbol: s })}
                data-testid="condition-symbol"
              />
              {p.fieldType === 'number' ? (
                <InputNumber
                  style={{ flex: 1 }}
                  value={typeof p.filedValue === 'number' ? p.filedValue : Number(p.filedValue) || 0}
                  onChange={(v) => set(i, { filedValue: typeof v === 'number' ? v : 0 })}
                  data-testid="condition-value"
                />
              ) : p.fieldType === 'boolean' ? (
                <Switch
                  checked={p.filedValue === true || p.filedValue === 'true'}
                  onChange={(on) => set(i, { filedValue: on })}
                  checkedChildren={t('yes')}
                  unCheckedChildren={t('no')}
                  data-testid="condition-value"
                />
              ) : (
                <Input
                  style={{ flex: 1 }}
                  maxLength={200}
                  value={String(p.filedValue ?? '')}
                  onChange={(e) => set(i, { filedValue: e.target.value })}
                  data-testid="condition-value"
                />
              )}
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('remove')}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            </Flex>
            {problem && (
              <div style={{ color: '#f5222d', fontSize: 12 }} data-testid="condition-problem">
                {t(`predicate_${problem}`)}
              </div>
            )}
            {i < value.length - 1 && (
              <Select
                size="small"
                style={{ width: 72, marginTop: 6 }}
                value={p.logic}
                options={[
                  { value: '&&', label: t('and') },
                  { value: '||', label: t('or') },
                ]}
                onChange={(l: '&&' | '||') => set(i, { logic: l })}
                data-testid="condition-logic"
              />
            )}
          </div>
        );
      })}
      {comparable.length === 0 && <div style={{ color: '#999' }}>{t('noComparableFields')}</div>}
      <Button
        icon={<PlusOutlined />}
        onClick={add}
        disabled={comparable.length === 0 || value.length >= FLOW_LIMITS.maxConditions}
        data-testid="condition-add"
      >
        {t('addPredicate')}
      </Button>
    </Flex>
  );
}
