// The selected control's properties: the common ones (label, field name checked live, placeholder,
// default value, required, regList, span, label width, options) and each control's own.
import { Suspense, lazy, type ReactNode } from 'react';
import { Button, Input, Typography } from 'antd';
import Radio from 'antd/es/radio';
import Divider from 'antd/es/divider';
import Select from 'antd/es/select';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/es/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import {
  SUMMABLE_KEYS,
  controlInfo,
  type CalcToken,
  type FieldConfig,
  type FormData,
  type FormField,
  type JnpfKey,
} from '@lighting/shared/formcore';
import { billRules } from '../api';
import { fieldId, keyOf, listKind, locate } from './designState';
import { useDesign } from './context';
import { controlName } from './names';
import { Choice, NumberInput, Prop, TextInput, Toggle } from './parts';
import { useOnce } from '../useOnce';
import { RegListEditor } from './RegListEditor';
import { problemText, type FieldProblem } from './problems';

// The property editors of some controls only (choices' options, a calculate's expression, the
// relation controls' model pickers) load when such a control is first selected: the designer page
// opens without their antd pickers (TreeSelect). A placeholder of one row keeps the panel still.
const OptionsEditor = lazy(() => import('./OptionsEditor').then((m) => ({ default: m.OptionsEditor })));
const ExpressionEditor = lazy(() =>
  import('./ExpressionEditor').then((m) => ({ default: m.ExpressionEditor })),
);
const RelationFormProps = lazy(() =>
  import('./RelationProps').then((m) => ({ default: m.RelationFormProps })),
);
const RelationAttrProps = lazy(() =>
  import('./RelationProps').then((m) => ({ default: m.RelationAttrProps })),
);
const editorLoading = <div style={{ minHeight: 32 }} data-testid="prop-editor-loading" />;

const PLACEHOLDER_KEYS: ReadonlySet<string> = new Set([
  'input',
  'textarea',
  'inputNumber',
  'JNPFAmount',
  'PsdInput',
  'select',
  'cascader',
  'timePicker',
  'datePicker',
  'editor',
  'organizeSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'dicSelect',
  'treeSelect',
  'areaSelect',
  'relationForm',
]);
const REG_KEYS: ReadonlySet<string> = new Set(['input', 'textarea', 'PsdInput']);
const CHOICE_KEYS: ReadonlySet<string> = new Set([
  'radio',
  'checkbox',
  'select',
  'cascader',
  'treeSelect',
  'dicSelect',
]);
const MULTIPLE_KEYS: ReadonlySet<string> = new Set([
  'select',
  'cascader',
  'treeSelect',
  'dicSelect',
  'organizeSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'areaSelect',
]);
const NO_REQUIRED: ReadonlySet<string> = new Set(['billRule', 'calculate', 'table']);

export function PropertyPanel({ modelId, problems }: { modelId: string; problems: readonly FieldProblem[] }) {
  const { state, dispatch } = useDesign();
  const { t, i18n } = useTranslation('lowcode');
  const id = state.selected;
  const field = id ? findSelected(state.form, id) : null;
  if (!id || !field) {
    return (
      <Typography.Paragraph type="secondary" style={{ padding: 16 }} data-testid="no-selection">
        {t('selectControl')}
      </Typography.Paragraph>
    );
  }
  const key = keyOf(field) as JnpfKey;
  const info = controlInfo(key);
  const cfg = field.__config__;
  const at = locate(state.form, id);
  const inTable = at ? listKind(state.form, at.list) === 'table' : false;
  const mine = problems.filter((p) => p.formId === id);
  const nameProblem = mine.find((p) => p.path.endsWith('__vModel__'));
  const others = mine.filter((p) => p !== nameProblem);

  const setProps = (props: Partial<FormField>, coalesce?: string) =>
    dispatch({ type: 'update', id, props, coalesce });
  const setConfig = (config: Partial<FieldConfig>, coalesce?: string) =>
    dispatch({ type: 'update', id, config, coalesce });
  const str = (k: string) => (typeof field[k] === 'string' ? (field[k] as string) : '');
  const prop = (
    label: ReactNode,
    k: string,
    kind: 'text' | 'number' | 'bool',
    extra?: { min?: number; max?: number; precision?: number },
  ) => (
    <Prop label={label} key={k}>
      {kind === 'text' ? (
        <TextInput value={field[k]} onChange={(v) => setProps({ [k]: v }, k)} testId={`prop-${k}`} />
      ) : kind === 'number' ? (
        <NumberInput
          value={field[k]}
          onChange={(v) => setProps({ [k]: v }, k)}
          testId={`prop-${k}`}
          {...extra}
        />
      ) : (
        <Toggle value={field[k]} onChange={(v) => setProps({ [k]: v })} testId={`prop-${k}`} />
      )}
    </Prop>
  );

  return (
    <div style={{ padding: '8px 12px' }} data-testid="property-panel">
      <Prop label={t('controlType')}>
        <Typography.Text strong data-testid="prop-type">
          {controlName(key, i18n.language)}
        </Typography.Text>
      </Prop>
      {others.length > 0 && (
        <div style={{ marginBottom: 10 }} data-testid="field-problems">
          {others.map((p, i) => (
            <div key={i} style={{ color: '#cf1322', fontSize: 12 }} role="alert">
              {problemText(p, i18n.language)}
            </div>
          ))}
        </div>
      )}
      <Prop label={t('label')}>
        <TextInput
          value={cfg.label}
          onChange={(v) => setConfig({ label: v }, 'label')}
          testId="prop-label"
          maxLength={100}
        />
      </Prop>
      {info?.hasValue && (
        <Prop label={t('fieldName')} error={nameProblem ? problemText(nameProblem, i18n.language) : null}>
          <TextInput
            value={field.__vModel__}
            onChange={(v) => setProps({ __vModel__: v.trim() }, 'vModel')}
            testId="prop-vModel"
            status={nameProblem ? 'error' : undefined}
            maxLength={50}
          />
        </Prop>
      )}
      {info && info.group !== 'layout' && key !== 'divider' && key !== 'groupTitle' && key !== 'text' && (
        <Prop label={t('showLabel')}>
          <Toggle value={cfg.showLabel !== false} onChange={(v) => setConfig({ showLabel: v })} />
        </Prop>
      )}
      {PLACEHOLDER_KEYS.has(key) && prop(t('placeholder'), 'placeholder', 'text')}
      <DefaultValue field={field} onChange={(v) => setConfig({ defaultValue: v }, 'defaultValue')} />
      {info?.hasValue && info.group !== 'system' && !NO_REQUIRED.has(key) && (
        <Prop label={t('required')}>
          <Toggle
            value={cfg.required === true}
            onChange={(v) => setConfig({ required: v })}
            testId="prop-required"
          />
        </Prop>
      )}
      {!inTable && (
        <Prop label={t('span')}>
          <NumberInput
            value={cfg.span ?? 24}
            min={1}
            max={24}
            precision={0}
            onChange={(v) => setConfig({ span: v ?? 24 }, 'span')}
            testId="prop-span"
          />
        </Prop>
      )}
      {info?.hasValue && !inTable && (
        <Prop label={t('labelWidth')}>
          <NumberInput
            value={cfg.labelWidth}
            min={0}
            max={400}
            precision={0}
            placeholder={t('formDefault')}
            onChange={(v) => setConfig({ labelWidth: v }, 'labelWidth')}
            testId="prop-labelWidth"
          />
        </Prop>
      )}
      {REG_KEYS.has(key) && (
        <Prop label={t('regList')}>
          <RegListEditor
            rules={cfg.regList ?? []}
            onChange={(c) => setConfig({ regList: c.rules }, c.coalesce)}
          />
        </Prop>
      )}
      {CHOICE_KEYS.has(key) && (
        <Suspense fallback={editorLoading}>
          <OptionsEditor
            field={field}
            tree={key === 'cascader' || key === 'treeSelect'}
            onProps={setProps}
            onConfig={setConfig}
          />
        </Suspense>
      )}
      {MULTIPLE_KEYS.has(key) && prop(t('multiple'), 'multiple', 'bool')}
      <Divider style={{ margin: '8px 0' }} />
      <OwnProps
        field={field}
        form={state.form}
        modelId={modelId}
        setProps={setProps}
        setConfig={setConfig}
        str={str}
        prop={prop}
      />
    </div>
  );
}

function findSelected(form: FormData, id: string): FormField | null {
  const walk = (fs: readonly FormField[]): FormField | null => {
    for (const f of fs) {
      if (fieldId(f) === id) return f;
      const hit = f.__config__.children ? walk(f.__config__.children) : null;
      if (hit) return hit;
    }
    return null;
  };
  return walk(form.fields);
}

/** The default value, for the controls whose value is simple to type or pick. */
function DefaultValue({ field, onChange }: { field: FormField; onChange: (v: unknown) => void }) {
  const { t } = useTranslation('lowcode');
  const key = field.__config__.jnpfKey;
  const v = field.__config__.defaultValue;
  const options = (field.options ?? []).map((o) => ({ value: o.id, label: o.fullName }));
  const staticOptions = (field.__config__.dataType ?? 'static') === 'static';
  let input: ReactNode = null;
  if (key === 'input' || key === 'textarea' || key === 'colorPicker')
    input = (
      <TextInput value={v} onChange={(s) => onChange(s === '' ? undefined : s)} testId="prop-default" />
    );
  else if (key === 'inputNumber' || key === 'JNPFAmount' || key === 'rate' || key === 'slider')
    input = <NumberInput value={v} onChange={onChange} testId="prop-default" />;
  else if (key === 'switch')
    input = (
      <Toggle
        value={v === (field.activeValue ?? 1)}
        onChange={(on) => onChange(on ? (field.activeValue ?? 1) : (field.inactiveValue ?? 0))}
      />
    );
  else if ((key === 'radio' || (key === 'select' && field.multiple !== true)) && staticOptions)
    input = (
      <Choice
        value={v as string | number | undefined}
        options={options}
        onChange={onChange}
        allowClear
        testId="prop-default"
      />
    );
  else if ((key === 'checkbox' || (key === 'select' && field.multiple === true)) && staticOptions)
    input = (
      <Select
        size="small"
        mode="multiple"
        style={{ width: '100%' }}
        value={Array.isArray(v) ? v : []}
        options={options}
        onChange={onChange}
        data-testid="prop-default"
      />
    );
  return input ? <Prop label={t('defaultValue')}>{input}</Prop> : null;
}

type PropFn = (
  label: ReactNode,
  k: string,
  kind: 'text' | 'number' | 'bool',
  extra?: { min?: number; max?: number; precision?: number },
) => ReactNode;

function OwnProps({
  field,
  form,
  modelId,
  setProps,
  setConfig,
  str,
  prop,
}: {
  field: FormField;
  form: FormData;
  modelId: string;
  setProps: (p: Partial<FormField>, coalesce?: string) => void;
  setConfig: (c: Partial<FieldConfig>, coalesce?: string) => void;
  str: (k: string) => string;
  prop: PropFn;
}) {
  const { t } = useTranslation('lowcode');
  const key = field.__config__.jnpfKey;
  const rules = useOnce(key === 'billRule' ? 'billRules' : null, billRules);
  switch (key) {
    case 'input':
    case 'textarea':
    case 'PsdInput':
      return <>{prop(t('maxlength'), 'maxlength', 'number', { min: 1, max: 100000, precision: 0 })}</>;
    case 'inputNumber':
      return (
        <>
          {prop(t('min'), 'min', 'number')}
          {prop(t('max'), 'max', 'number')}
          {prop(t('step'), 'step', 'number', { min: 0 })}
          {prop(t('precision'), 'precision', 'number', { min: 0, max: 10, precision: 0 })}
        </>
      );
    case 'JNPFAmount':
      return (
        <>
          {prop(t('min'), 'min', 'number')}
          {prop(t('max'), 'max', 'number')}
          {prop(t('precision'), 'precision', 'number', { min: 0, max: 4, precision: 0 })}
          {prop(t('showChinese'), 'showChinese', 'bool')}
        </>
      );
    case 'switch':
      return (
        <>
          {prop(t('activeText'), 'activeText', 'text')}
          {prop(t('inactiveText'), 'inactiveText', 'text')}
        </>
      );
    case 'datePicker':
      return (
        <Prop label={t('format')}>
          <Choice
            value={str('format') || 'YYYY-MM-DD'}
            options={['YYYY', 'YYYY-MM', 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'].map(
              (f) => ({ value: f, label: f }),
            )}
            onChange={(format) =>
              setProps({
                format,
                type: format.includes('HH')
                  ? 'datetime'
                  : format === 'YYYY'
                    ? 'year'
                    : format === 'YYYY-MM'
                      ? 'month'
                      : 'date',
              })
            }
          />
        </Prop>
      );
    case 'timePicker':
    case 'timeRange':
      return (
        <Prop label={t('format')}>
          <Choice
            value={str('format') || 'HH:mm:ss'}
            options={['HH:mm', 'HH:mm:ss'].map((f) => ({ value: f, label: f }))}
            onChange={(format) => setProps({ format })}
          />
        </Prop>
      );
    case 'uploadFile':
    case 'uploadImg':
      return (
        <>
          <Prop label={t('fileSize')}>
            <div style={{ display: 'flex', gap: 4 }}>
              <NumberInput
                value={field.fileSize}
                min={1}
                max={1024}
                precision={0}
                onChange={(v) => setProps({ fileSize: v }, 'fileSize')}
                testId="prop-fileSize"
              />
              <Select
                size="small"
                style={{ width: 80 }}
                value={str('sizeUnit') || 'MB'}
                options={['KB', 'MB', 'GB'].map((u) => ({ value: u, label: u }))}
                onChange={(sizeUnit: string) => setProps({ sizeUnit })}
                data-testid="prop-sizeUnit"
              />
            </div>
          </Prop>
          {prop(t('limit'), 'limit', 'number', { min: 1, max: 50, precision: 0 })}
          {prop(t('accept'), 'accept', 'text')}
          {key === 'uploadFile' && prop(t('buttonText'), 'buttonText', 'text')}
        </>
      );
    case 'rate':
      return (
        <>
          {prop(t('count'), 'count', 'number', { min: 1, max: 10, precision: 0 })}
          {prop(t('allowHalf'), 'allowHalf', 'bool')}
        </>
      );
    case 'slider':
      return (
        <>
          {prop(t('min'), 'min', 'number')}
          {prop(t('max'), 'max', 'number')}
          {prop(t('step'), 'step', 'number', { min: 0 })}
        </>
      );
    case 'divider':
    case 'groupTitle':
      return (
        <>
          {prop(t('content'), 'content', 'text')}
          <Prop label={t('contentPosition')}>
            <Radio.Group
              size="small"
              optionType="button"
              value={str('contentPosition') || (key === 'divider' ? 'center' : 'left')}
              onChange={(e) => setProps({ contentPosition: e.target.value as string })}
              options={[
                { value: 'left', label: t('left') },
                { value: 'center', label: t('center') },
                { value: 'right', label: t('right') },
              ]}
            />
          </Prop>
        </>
      );
    case 'text':
      return (
        <Prop label={t('content')}>
          <Input.TextArea
            size="small"
            value={str('content')}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            onChange={(e) => setProps({ content: e.target.value }, 'content')}
          />
        </Prop>
      );
    case 'editor':
      return <>{prop(t('height'), 'height', 'number', { min: 100, max: 1000, precision: 0 })}</>;
    case 'areaSelect':
      return (
        <Prop label={t('areaLevel')}>
          <Choice
            value={typeof field.level === 'number' ? field.level : 2}
            options={[0, 1, 2, 3].map((l) => ({ value: l, label: t(`areaLevels.${l}`) }))}
            onChange={(level) => setProps({ level })}
          />
        </Prop>
      );
    case 'billRule':
      return (
        <Prop
          label={t('billRule')}
          error={rules.error ? t('loadFailed') : !field.__config__.rule ? t('billRuleMissing') : null}
        >
          <Select
            size="small"
            style={{ width: '100%' }}
            value={field.__config__.rule || undefined}
            placeholder={t('pickBillRule')}
            loading={rules.data === null && !rules.error}
            options={(rules.data ?? []).map((r) => ({
              value: r.enCode ?? r.id,
              label: `${r.fullName} (${r.enCode ?? ''})`,
            }))}
            onChange={(rule: string) => setConfig({ rule })}
            data-testid="pick-bill-rule"
          />
        </Prop>
      );
    case 'table':
      return <TableProps field={field} setProps={setProps} setConfig={setConfig} prop={prop} />;
    case 'relationForm':
      return (
        <Suspense fallback={editorLoading}>
          <RelationFormProps field={field} selfModelId={modelId} onProps={setProps} />
        </Suspense>
      );
    case 'relationFormAttr':
      return (
        <Suspense fallback={editorLoading}>
          <RelationAttrProps form={form} field={field} onProps={setProps} />
        </Suspense>
      );
    case 'calculate':
      return (
        <>
          <Prop label={t('expression')}>
            <Suspense fallback={editorLoading}>
              <ExpressionEditor
                form={form}
                field={field}
                onChange={(expression: CalcToken[]) => setProps({ expression }, 'expression')}
              />
            </Suspense>
          </Prop>
          {prop(t('precision'), 'precision', 'number', { min: 0, max: 10, precision: 0 })}
          <Prop label={t('isStorage')}>
            <Toggle
              value={field.isStorage === 1}
              onChange={(v) => setProps({ isStorage: v ? 1 : 0 })}
              testId="prop-isStorage"
            />
          </Prop>
          {prop(t('thousands'), 'thousands', 'bool')}
        </>
      );
    case 'card':
      return <>{prop(t('cardHeader'), 'header', 'text')}</>;
    case 'row':
      return <>{prop(t('gutter'), 'gutter', 'number', { min: 0, max: 48, precision: 0 })}</>;
    case 'tab':
    case 'collapse':
      return (
        <>
          <PanesEditor field={field} />
          {key === 'collapse' && prop(t('accordion'), 'accordion', 'bool')}
        </>
      );
    default:
      return null;
  }
}

function TableProps({
  field,
  setProps,
  setConfig,
  prop,
}: {
  field: FormField;
  setProps: (p: Partial<FormField>, coalesce?: string) => void;
  setConfig: (c: Partial<FieldConfig>, coalesce?: string) => void;
  prop: PropFn;
}) {
  const { t } = useTranslation('lowcode');
  const summable = (field.__config__.children ?? []).filter(
    (c) => c.__vModel__ && SUMMABLE_KEYS.has(c.__config__.jnpfKey as JnpfKey),
  );
  const chosen = Array.isArray(field.summaryField) ? (field.summaryField as string[]) : [];
  return (
    <>
      <Prop label={t('tableName')}>
        <TextInput
          value={field.__config__.tableName}
          onChange={(v) => setConfig({ tableName: v.trim() }, 'tableName')}
          testId="prop-tableName"
          maxLength={50}
        />
      </Prop>
      <Prop label={t('showTitle')}>
        <Toggle value={field.__config__.showTitle !== false} onChange={(v) => setConfig({ showTitle: v })} />
      </Prop>
      {prop(t('actionText'), 'actionText', 'text')}
      <Prop label={t('showSummary')}>
        <Toggle
          value={field.showSummary === true}
          onChange={(v) => setProps({ showSummary: v })}
          testId="prop-showSummary"
        />
      </Prop>
      {field.showSummary === true && (
        <Prop label={t('summaryField')} error={summable.length === 0 ? t('noSummable') : null}>
          <Select
            size="small"
            mode="multiple"
            style={{ width: '100%' }}
            value={chosen}
            options={summable.map((c) => ({ value: c.__vModel__ as string, label: c.__config__.label }))}
            onChange={(summaryField: string[]) => setProps({ summaryField })}
            data-testid="prop-summaryField"
          />
        </Prop>
      )}
    </>
  );
}

function PanesEditor({ field }: { field: FormField }) {
  const { dispatch } = useDesign();
  const { t } = useTranslation('lowcode');
  const id = fieldId(field);
  const panes = field.__config__.children ?? [];
  return (
    <Prop label={t('panes')}>
      {panes.map((p) => (
        <div key={fieldId(p)} style={{ display: 'flex', gap: 4, marginBottom: 4 }}>
          <Input
            size="small"
            value={p.__config__.label}
            maxLength={50}
            onChange={(e) =>
              dispatch({
                type: 'update',
                id: fieldId(p),
                config: { label: e.target.value },
                props: { title: e.target.value },
                coalesce: 'label',
              })
            }
            data-testid="pane-label"
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<MinusCircleOutlined />}
            disabled={panes.length <= 1}
            aria-label={t('remove')}
            onClick={() => dispatch({ type: 'removePane', id, paneId: fieldId(p) })}
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => dispatch({ type: 'addPane', id, label: `${t('pane')} ${panes.length + 1}` })}
        data-testid="pane-add"
      >
        {t('addPane')}
      </Button>
    </Prop>
  );
}
