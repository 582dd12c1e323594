// The one form renderer (issue 12) on antd 6 Form: every control of the catalogue, the layout
// containers, read mode and a workflow node's per-field switches. Each value field is its own
// Form.Item, so a change re-renders the fields that show it; calculates rerun 500 ms after a
// field they read changes (compiled once per form, formcore/calculate). The controls' modules load
// when a form shows them (controls/registry.ts), all of a form's at once as it opens.
import {
  cloneElement,
  createContext,
  forwardRef,
  useContext,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  type ReactElement,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Col, Row, type FormInstance } from 'antd';
import Card from 'antd/es/card';
import Divider from 'antd/es/divider';
import Collapse from 'antd/es/collapse';
import Form from 'antd/es/form';
import Tabs from 'antd/es/tabs';
import type { Rule } from 'antd/es/form';
import {
  fieldProblem,
  formLang,
  isPaneKey,
  planCalculations,
  requiredMessage,
  valueFieldMap,
  type FieldOperate,
  type FormData,
  type FormField,
} from '@lighting/shared/formcore';
import { reserveBillNumber } from './api';
import { FieldControl } from './controls/FieldControl';
import { RelationAttrControl } from './controls/relationAttr';
import { preloadControls } from './controls/registry';
import {
  calculationChanges,
  controlKeysOf,
  fieldAccess,
  initialValuesOf,
  textStyleOf,
  validateTriggersOf,
} from './logic';
import { RuntimeContext, createRuntime, useRuntime, type Runtime } from './runtime';
import { SubTable, cellErrorsOf } from './SubTable';
import './i18n';

type Values = Record<string, unknown>;

export interface FormRendererProps {
  /** normalised (formcore's normalizeForm) */
  form: FormData;
  initialValues?: Values;
  /** read = every control read-only (detail view) */
  mode?: 'edit' | 'read';
  /** per-field read / write / required (workflow nodes); ids are data keys ('qty', 'items.qty') */
  operates?: FieldOperate[];
  /** the model the form belongs to */
  modelId?: string;
  /**
   * Where a data-interface choice field's options come from when the form is not a model's own
   * (`GET {optionsUrl}?field=<key>` → `{list}`; a workflow flow's FlowEngine/{id}/Options).
   */
  optionsUrl?: string;
  onValuesChange?(values: Values): void;
}

export interface FormRendererHandle {
  /** Flushes pending calculations, validates every field and sub-table cell; resolves the values. */
  validate(): Promise<Values>;
  reset(): void;
  getValues(): Values;
  /** What a submit button does: validate; on a wrong field, scroll to the first and resolve null. */
  check(): Promise<Values | null>;
}

/** Calculates rerun this long after the last change of a field they read (spec §4, §9). */
export const CALC_DELAY_MS = 500;

/**
 * Between Form.Item and the control: once the field shows a message, every change checks it again
 * (a text box checked on blur too), so a corrected value clears its message as it is typed, the
 * way a required message does; leaving the field checks it whatever its trigger.
 */
function Checked({
  control,
  name,
  recheckOnChange,
  onChange,
  'aria-invalid': invalid,
  ...injected
}: {
  control: ReactElement<Record<string, unknown>>;
  name: string;
  recheckOnChange: boolean;
  onChange?: (v: unknown) => void;
  'aria-invalid'?: string;
  [prop: string]: unknown;
}) {
  const form = Form.useFormInstance();
  return cloneElement(control, {
    ...injected,
    'aria-invalid': invalid,
    onChange: (v: unknown) => {
      onChange?.(v);
      if (recheckOnChange && invalid === 'true') form.validateFields([name]).catch(() => undefined);
    },
  });
}

function useLabelProps(field: FormField): { label?: ReactNode; labelCol?: { flex: string } } {
  const showLabel = field.__config__.showLabel !== false;
  const w = field.__config__.labelWidth;
  if (!showLabel) return { labelCol: { flex: '0 0 0' } };
  return {
    label: field.__config__.label,
    ...(typeof w === 'number' && w > 0 ? { labelCol: { flex: `0 0 ${w}px` } } : {}),
  };
}

/** A bill number: read-only; in edit mode a number is reserved when the form opens. */
function BillRuleItem(props: {
  field: FormField;
  value?: unknown;
  onChange?: (v: unknown) => void;
  reserve: boolean;
  id?: string;
}) {
  const asked = useRef(false);
  const { field, value, onChange, reserve } = props;
  const rule = typeof field.__config__.rule === 'string' ? field.__config__.rule : '';
  useEffect(() => {
    if (!reserve || asked.current || !rule || (typeof value === 'string' && value)) return;
    asked.current = true;
    reserveBillNumber(rule).then(
      (n) => n && onChange?.(n),
      () => undefined, // the HTTP client showed why; the server draws one on save
    );
  }, [reserve, rule, value, onChange]);
  return <FieldControl field={field} value={value} id={props.id} disabled />;
}

/** relationFormAttr outside a sub-table: follows the relationForm's value. */
function RelationAttrItem({ field, id }: { field: FormField; id: string }) {
  const rt = useRuntime();
  const rel = typeof field.relationField === 'string' ? field.relationField : '';
  const value: unknown = Form.useWatch(rel || [], { preserve: true });
  return (
    <RelationAttrControl
      id={id}
      field={field}
      relationField={rt.relationFields.get(rel)}
      relationKey={rel}
      relationValue={value}
    />
  );
}

function ValueItem({ field }: { field: FormField }) {
  const rt = useRuntime();
  const { t } = useTranslation('form');
  const name = field.__vModel__ ?? '';
  const access = fieldAccess(name, field, rt);
  const labelProps = useLabelProps(field);
  const key = field.__config__.jnpfKey;
  const span = field.__config__.span ?? 24;
  const op = rt.operates.get(name);

  const rules: Rule[] = useMemo(() => {
    if (access.disabled) return [];
    if (key === 'table')
      return [
        {
          validator: async (_r, rows: unknown) => {
            if (access.required && (!Array.isArray(rows) || rows.length === 0)) {
              rt.cellErrors.set(name, undefined);
              throw new Error(requiredMessage(field, rt.lang));
            }
            const errors = cellErrorsOf(field, Array.isArray(rows) ? rows : [], rt);
            const count = Object.keys(errors).length;
            rt.cellErrors.set(name, count ? errors : undefined);
            if (count) throw new Error(t('tableInvalid', { count }));
          },
        },
      ];
    return [
      {
        validator: async (_r, v: unknown) => {
          const problem = fieldProblem(field, v, { required: access.required, lang: rt.lang });
          if (problem) throw new Error(problem);
        },
      },
    ];
  }, [access.disabled, access.required, field, key, name, rt, t]);

  if (access.hidden) return null;
  if (key === 'table') {
    return (
      <Col span={24}>
        <Form.Item
          name={name}
          rules={rules}
          validateTrigger={[]}
          required={access.required}
          labelCol={{ flex: '0 0 0' }}
        >
          <SubTable table={field} disabled={access.disabled} />
        </Form.Item>
      </Col>
    );
  }
  const control =
    key === 'billRule' ? (
      <BillRuleItem field={field} reserve={rt.mode === 'edit' && !(op && !op.write)} />
    ) : (
      <FieldControl field={field} disabled={access.disabled} />
    );
  const triggers = validateTriggersOf(field);
  return (
    <Col span={span}>
      <Form.Item
        name={name}
        {...labelProps}
        rules={rules}
        required={access.required}
        validateTrigger={triggers}
        data-testid={`item-${name}`}
      >
        <Checked control={control} name={name} recheckOnChange={!triggers.includes('onChange')} />
      </Form.Item>
    </Col>
  );
}

function FieldList({ fields }: { fields: readonly FormField[] }) {
  return (
    <>
      {fields.map((f, i) => (
        <FieldNode key={String(f.__config__.formId ?? f.__vModel__ ?? i)} field={f} />
      ))}
    </>
  );
}

function FieldNode({ field }: { field: FormField }) {
  const { gutter } = useLayout();
  const key = field.__config__.jnpfKey;
  const span = field.__config__.span ?? 24;
  const children = field.__config__.children ?? [];
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  const placement = (v: unknown): 'left' | 'right' | 'center' =>
    v === 'left' || v === 'right' ? v : 'center';

  switch (key) {
    case 'row':
      return (
        <Col span={24}>
          <Row gutter={gutter}>
            <FieldList fields={children} />
          </Row>
        </Col>
      );
    case 'card':
      return (
        <Col span={span}>
          <Card size="small" title={str(field.header) || undefined} style={{ marginBottom: 16 }}>
            <Row gutter={gutter}>
              <FieldList fields={children} />
            </Row>
          </Card>
        </Col>
      );
    case 'tab': {
      const panes = children.filter((p) => isPaneKey(p.__config__.jnpfKey));
      return (
        <Col span={span}>
          <Tabs
            defaultActiveKey={str(field.active) || (panes[0] ? String(panes[0].name) : undefined)}
            tabPlacement={
              field.tabPosition === 'left'
                ? 'start'
                : field.tabPosition === 'right'
                  ? 'end'
                  : field.tabPosition === 'bottom'
                    ? 'bottom'
                    : 'top'
            }
            items={panes.map((p) => ({
              key: String(p.name),
              label: str(p.title) || p.__config__.label,
              forceRender: true,
              children: (
                <Row gutter={gutter}>
                  <FieldList fields={p.__config__.children ?? []} />
                </Row>
              ),
            }))}
          />
        </Col>
      );
    }
    case 'collapse': {
      const panes = children.filter((p) => isPaneKey(p.__config__.jnpfKey));
      const active = Array.isArray(field.active)
        ? (field.active as unknown[]).map(String)
        : panes.map((p) => String(p.name));
      return (
        <Col span={span}>
          <Collapse
            style={{ marginBottom: 16 }}
            accordion={field.accordion === true}
            defaultActiveKey={active}
            items={panes.map((p) => ({
              key: String(p.name),
              label: str(p.title) || p.__config__.label,
              forceRender: true,
              children: (
                <Row gutter={gutter}>
                  <FieldList fields={p.__config__.children ?? []} />
                </Row>
              ),
            }))}
          />
        </Col>
      );
    }
    case 'groupTitle':
      return (
        <Col span={span}>
          <div
            style={{
              fontSize: 15,
              fontWeight: 500,
              padding: '8px 0',
              marginBottom: 12,
              borderBottom: '1px solid #f0f0f0',
              textAlign: placement(field.contentPosition),
            }}
          >
            {str(field.content) || field.__config__.label}
          </div>
        </Col>
      );
    case 'divider':
      return (
        <Col span={24}>
          <Divider titlePlacement={placement(field.contentPosition)}>{str(field.content) || null}</Divider>
        </Col>
      );
    case 'text':
      return (
        <Col span={span}>
          <div style={{ ...textStyleOf(field.textStyle), marginBottom: 16, whiteSpace: 'pre-wrap' }}>
            {str(field.content)}
          </div>
        </Col>
      );
    case 'relationFormAttr':
      return <RelationAttrNode field={field} />;
    default:
      return field.__vModel__ ? <ValueItem field={field} /> : null;
  }
}

function RelationAttrNode({ field }: { field: FormField }) {
  const labelProps = useLabelProps(field);
  const rt = useRuntime();
  if (fieldAccess(undefined, field, rt).hidden) return null;
  const id = `attr-${String(field.__config__.formId ?? field.relationField)}-${String(field.showField)}`;
  return (
    <Col span={field.__config__.span ?? 24}>
      <Form.Item {...labelProps} htmlFor={id}>
        <RelationAttrItem field={field} id={id} />
      </Form.Item>
    </Col>
  );
}

const GutterContext = createContext(15);
function useLayout(): { gutter: number } {
  return { gutter: useContext(GutterContext) };
}

function relationFieldsOf(form: FormData): Map<string, FormField> {
  const m = new Map<string, FormField>();
  for (const [key, v] of valueFieldMap(form))
    if (v.field.__config__.jnpfKey === 'relationForm') m.set(key, v.field);
  return m;
}

/** Runs calculates 500 ms after the last change of a field they read; flush() runs them now. */
function useCalculations(
  form: FormData,
  antForm: FormInstance,
  onValues: { current: ((v: Values) => void) | undefined },
) {
  const plan = useMemo(() => planCalculations(form), [form]);
  const pending = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const run = (all: boolean): void => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!all && pending.current.size === 0) return;
    const affected = all ? plan.order : plan.affected(pending.current);
    pending.current.clear();
    if (affected.length === 0) return;
    const changes = calculationChanges(plan, antForm.getFieldsValue(true) as Values, affected);
    if (Object.keys(changes).length === 0) return;
    antForm.setFieldsValue(changes);
    onValues.current?.(antForm.getFieldsValue(true) as Values);
  };
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return {
    plan,
    changed(keys: readonly string[]): void {
      let hit = false;
      for (const k of keys) {
        if (!plan.isDependency(k)) continue;
        pending.current.add(k);
        hit = true;
      }
      if (!hit) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => runRef.current(false), CALC_DELAY_MS);
    },
    flush: () => runRef.current(false),
    all: () => runRef.current(true),
  };
}

export const FormRenderer = forwardRef<FormRendererHandle, FormRendererProps>(
  function FormRenderer(props, ref) {
    const { form, initialValues, mode = 'edit', operates, modelId, optionsUrl, onValuesChange } = props;
    const lang = formLang(useTranslation().i18n.language);
    const [antForm] = Form.useForm();
    const onValues = useRef(onValuesChange);
    onValues.current = onValuesChange;

    const operatesKey = JSON.stringify(operates ?? []);
    const runtime: Runtime = useMemo(
      () =>
        createRuntime({
          mode,
          lang,
          operates: new Map((operates ?? []).map((o) => [o.id, o])),
          formDisabled: form.disabled === true,
          modelId,
          optionsUrl,
          relationFields: relationFieldsOf(form),
        }),
      // operatesKey stands for operates (a new array each render must not rebuild the runtime)
      // eslint-disable-next-line react-hooks/exhaustive-deps
      [mode, lang, operatesKey, form, modelId, optionsUrl],
    );
    const initial = useMemo(() => initialValuesOf(form, initialValues), [form, initialValues]);
    // every control the form shows starts loading now, all at once (controls/registry.ts)
    useMemo(() => void preloadControls(controlKeysOf(form)).catch(() => undefined), [form]);
    const calc = useCalculations(form, antForm, onValues);

    // calculates are consistent from the first paint
    useEffect(() => {
      calc.all();
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [calc.plan]);

    useImperativeHandle(ref, () => {
      const validate = async (): Promise<Values> => {
        calc.flush();
        await antForm.validateFields();
        return antForm.getFieldsValue(true) as Values;
      };
      return {
        validate,
        reset() {
          antForm.resetFields();
          runtime.cellErrors.clear();
          calc.all();
        },
        getValues: () => antForm.getFieldsValue(true) as Values,
        async check() {
          try {
            return await validate();
          } catch {
            const first = antForm.getFieldsError().find((e) => e.errors.length > 0);
            if (first) antForm.scrollToField(first.name, { block: 'center' });
            return null;
          }
        },
      };
    }, [antForm, calc, runtime]);

    const labelWidth = typeof form.labelWidth === 'number' && form.labelWidth > 0 ? form.labelWidth : 100;
    const vertical = form.labelPosition === 'top';
    const gutter = typeof form.gutter === 'number' ? form.gutter : 15;

    return (
      <RuntimeContext.Provider value={runtime}>
        <Form
          form={antForm}
          initialValues={initial}
          layout={vertical ? 'vertical' : 'horizontal'}
          labelAlign={form.labelPosition === 'left' ? 'left' : 'right'}
          labelWrap
          size={form.size ?? 'middle'}
          disabled={mode === 'read' || form.disabled === true}
          {...(vertical
            ? {}
            : {
                labelCol: { flex: `0 0 ${labelWidth}px` },
                wrapperCol: { flex: '1 1 0', style: { minWidth: 0 } },
              })}
          onValuesChange={(changed: Values) => {
            calc.changed(Object.keys(changed));
            onValues.current?.(antForm.getFieldsValue(true) as Values);
          }}
          data-testid="form-renderer"
        >
          <GutterContext.Provider value={gutter}>
            <Row gutter={gutter}>
              <FieldList fields={form.fields} />
            </Row>
          </GutterContext.Provider>
        </Form>
      </RuntimeContext.Provider>
    );
  },
);
