// The calculate expression editor: buttons only (the form's numeric fields, digits, + - × ÷ ( )),
// so a field name is never typed. The expression is checked with formcore's compiler as it grows.
import { useMemo } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { compileExpression, type CalcToken, type FormData, type FormField } from '@lighting/shared/formcore';
import { DIGITS, OPERATORS, backspace, candidates, press, tokenText } from './expressionEdit';

export function ExpressionEditor({
  form,
  field,
  onChange,
}: {
  form: FormData;
  field: FormField;
  onChange: (expression: CalcToken[]) => void;
}) {
  const { t } = useTranslation('lowcode');
  const expr = (Array.isArray(field.expression) ? field.expression : []) as CalcToken[];
  const offered = useMemo(() => candidates(form, field), [form, field]);
  const labels = useMemo(() => new Map(offered.map((c) => [c.key, c.label])), [offered]);
  let problem: string | null = null;
  if (expr.length > 0) {
    try {
      compileExpression(expr);
    } catch (e) {
      problem = e instanceof Error ? e.message : String(e);
    }
  }
  const btn = { size: 'small' as const, style: { minWidth: 32 } };
  return (
    <div data-testid="expression-editor">
      <div
        style={{
          minHeight: 40,
          border: `1px solid ${problem ? '#ff4d4f' : '#d9d9d9'}`,
          borderRadius: 4,
          padding: 4,
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
        }}
        data-testid="expression-view"
      >
        {expr.length === 0 && <span style={{ color: '#767676', fontSize: 12 }}>{t('expressionEmpty')}</span>}
        {expr.map((tok, i) =>
          typeof tok === 'object' ? (
            <Tag key={i} color="blue" style={{ margin: 0 }}>
              {tokenText(tok, labels)}
            </Tag>
          ) : (
            <span key={i} style={{ padding: '0 2px' }}>
              {tokenText(tok, labels)}
            </span>
          ),
        )}
      </div>
      {problem && (
        <div style={{ color: '#ff4d4f', fontSize: 12 }} role="alert" data-testid="expression-problem">
          {t('expressionInvalid')}: {problem}
        </div>
      )}
      <div style={{ fontSize: 12, color: '#595959', margin: '6px 0 4px' }}>{t('expressionFields')}</div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {offered.length === 0 && (
          <span style={{ color: '#767676', fontSize: 12 }}>{t('noNumericFields')}</span>
        )}
        {offered.map((c) => (
          <Button
            key={c.key}
            size="small"
            onClick={() => onChange(press(expr, { kind: 'field', key: c.key, label: c.label }))}
            title={c.row === false ? t('columnSum') : c.row ? t('rowCell') : undefined}
            data-testid={`expr-field-${c.key}`}
          >
            {c.label}
            {c.row === false ? ` (${t('sum')})` : ''}
          </Button>
        ))}
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 6 }}>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 4 }}>
          {DIGITS.map((d) => (
            <Button
              key={d}
              {...btn}
              onClick={() => onChange(press(expr, { kind: 'digit', digit: d }))}
              data-testid={`expr-digit-${d}`}
            >
              {d}
            </Button>
          ))}
        </div>
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 4, alignContent: 'start' }}
        >
          {OPERATORS.map((o) => (
            <Button
              key={o}
              {...btn}
              onClick={() => onChange(press(expr, { kind: 'op', op: o }))}
              data-testid={`expr-op-${o}`}
            >
              {o}
            </Button>
          ))}
          <Button {...btn} onClick={() => onChange(backspace(expr))} data-testid="expr-back">
            ←
          </Button>
          <Button {...btn} danger onClick={() => onChange([])} data-testid="expr-clear">
            {t('clear')}
          </Button>
        </div>
      </div>
    </div>
  );
}
