/**
 * What makes a designed form broken (issue 12: the designer refuses to save it, the server
 * answers 400 naming the field): bad or duplicate field names, unknown controls, calculates that
 * do not parse, refer to themselves, to unknown fields or in a cycle, relation fields without their
 * model or relation, invalid regList patterns, bill numbers without a rule, sub-tables without a
 * table name or holding layout.
 */
import { ExpressionError, compileExpression, planCalculations } from './calculate';
import type { ExpressionProblem } from '../core/expression';
import { controlInfo, isJnpfKey, isPaneKey } from './controls';
import { valueFields, walkFields, type FieldVisit } from './fields';
import { REG_PRESETS, isSlowPattern, parseRegPattern } from './rules';
import { LAYOUT_KEYS, SYSTEM_KEYS, type FormData, type FormField } from './types';

export type DesignProblemCode =
  | 'vModelMissing'
  | 'vModelInvalid'
  | 'vModelDuplicate'
  | 'unknownControl'
  | 'paneMisplaced'
  | 'calcInvalid'
  | 'calcSelf'
  | 'calcUnknownField'
  | 'calcCycle'
  | 'relationNoModel'
  | 'relationNoField'
  | 'relationAttrNoForm'
  | 'relationAttrNoShowField'
  | 'regInvalid'
  | 'regSlow'
  | 'billRuleNoRule'
  | 'tableNoName'
  | 'tableLayoutChild';

export interface DesignProblem {
  /** JSON path in the form: 'fields[2].__config__.children[0].__vModel__' */
  path: string;
  /** the field's `__vModel__` (or label when it has none) */
  field?: string;
  code: DesignProblemCode;
  /** English, starting with the field (the server's 400 message) */
  message: string;
  /** the same in the three languages, for the designer */
  text: { zh: string; zhtw: string; en: string };
}

/** A valid data key: letters, digits and '_', not starting with a digit. */
export const VMODEL_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const isValidVModel = (name: unknown): name is string =>
  typeof name === 'string' && VMODEL_RE.test(name);

import type { Texts } from './texts';

/** Why an expression does not parse, in three languages (`at`: the 1-based item to blame, or ''). */
const CALC_DETAIL: Readonly<Record<ExpressionProblem, (at: string) => Texts>> = {
  empty: () => ({ zh: '公式为空', zhtw: '公式為空', en: 'the expression is empty' }),
  operandExpected: (at) => ({
    zh: `${at ? `第 ${at} 项处` : ''}缺少字段或数字`,
    zhtw: `${at ? `第 ${at} 項處` : ''}缺少字段或數字`,
    en: `a field or number is missing${at ? ` at item ${at}` : ''}`,
  }),
  operatorExpected: (at) => ({
    zh: `${at ? `第 ${at} 项前` : ''}缺少运算符`,
    zhtw: `${at ? `第 ${at} 項前` : ''}缺少運算符`,
    en: `an operator is missing${at ? ` before item ${at}` : ''}`,
  }),
  endsWithOperator: () => ({
    zh: '公式不能以运算符结尾',
    zhtw: '公式不能以運算符結尾',
    en: 'the expression ends with an operator',
  }),
  parentheses: () => ({ zh: '括号不配对', zhtw: '括號不配對', en: 'the parentheses do not match' }),
  badToken: (at) => ({
    zh: `${at ? `第 ${at} 项` : ''}不是字段、数字或运算符`,
    zhtw: `${at ? `第 ${at} 項` : ''}不是字段、數字或運算符`,
    en: `${at ? `item ${at} is` : 'an item is'} not a field, number or operator`,
  }),
};

const TEXTS: Readonly<Record<DesignProblemCode, (p: Record<string, string>) => Texts>> = {
  vModelMissing: () => ({ zh: '缺少字段名', zhtw: '缺少字段名', en: 'field name is required' }),
  vModelInvalid: ({ name = '' }) => ({
    zh: `字段名 '${name}' 只能包含字母、数字和下划线，且不能以数字开头`,
    zhtw: `字段名 '${name}' 只能包含字母、數字和下劃線，且不能以數字開頭`,
    en: `field name '${name}' may contain only letters, digits and _ and may not start with a digit`,
  }),
  vModelDuplicate: ({ name = '', other = '' }) => ({
    zh: `字段名 '${name}' 重复（另见 ${other}）`,
    zhtw: `字段名 '${name}' 重複（另見 ${other}）`,
    en: `duplicate field name '${name}' (also at ${other})`,
  }),
  unknownControl: ({ key = '' }) => ({
    zh: `未知控件 '${key}'`,
    zhtw: `未知控件 '${key}'`,
    en: `unknown control '${key}'`,
  }),
  paneMisplaced: ({ key = '' }) => ({
    zh: `'${key}' 只能放在标签页或折叠面板中`,
    zhtw: `'${key}' 只能放在標籤頁或折疊面板中`,
    en: `'${key}' belongs only in a tab or collapse`,
  }),
  calcInvalid: ({ problem = 'badToken', at = '' }) => {
    const detail = (CALC_DETAIL[problem as ExpressionProblem] ?? CALC_DETAIL.badToken)(at);
    return {
      zh: `计算公式无效：${detail.zh}`,
      zhtw: `計算公式無效：${detail.zhtw}`,
      en: `invalid expression: ${detail.en}`,
    };
  },
  calcSelf: () => ({
    zh: '计算公式引用了自身',
    zhtw: '計算公式引用了自身',
    en: 'the expression refers to itself',
  }),
  calcUnknownField: ({ ref = '' }) => ({
    zh: `计算公式引用了不存在的字段 '${ref}'`,
    zhtw: `計算公式引用了不存在的字段 '${ref}'`,
    en: `the expression refers to an unknown field '${ref}'`,
  }),
  calcCycle: ({ cycle = '' }) => ({
    zh: `计算公式循环引用：${cycle}`,
    zhtw: `計算公式循環引用：${cycle}`,
    en: `calculation cycle: ${cycle}`,
  }),
  relationNoModel: () => ({
    zh: '请选择关联的功能',
    zhtw: '請選擇關聯的功能',
    en: 'choose the related model',
  }),
  relationNoField: () => ({ zh: '请选择显示字段', zhtw: '請選擇顯示字段', en: 'choose the field to show' }),
  relationAttrNoForm: ({ ref = '' }) => ({
    zh: `关联表单属性指向的关联表单 '${ref}' 不存在`,
    zhtw: `關聯表單屬性指向的關聯表單 '${ref}' 不存在`,
    en: `no related form '${ref}' for this related form field`,
  }),
  relationAttrNoShowField: () => ({
    zh: '请选择要显示的属性',
    zhtw: '請選擇要顯示的屬性',
    en: 'choose the field to show',
  }),
  regInvalid: ({ pattern = '' }) => ({
    zh: `无效的正则表达式 '${pattern}'`,
    zhtw: `無效的正則表達式 '${pattern}'`,
    en: `invalid pattern '${pattern}'`,
  }),
  regSlow: ({ pattern = '' }) => ({
    zh: `正则表达式 '${pattern}' 含嵌套重复，校验长文本可能极慢`,
    zhtw: `正則表達式 '${pattern}' 含嵌套重複，校驗長文本可能極慢`,
    en: `pattern '${pattern}' repeats a repeated group and can be very slow on long text`,
  }),
  billRuleNoRule: () => ({ zh: '请选择单据规则', zhtw: '請選擇單據規則', en: 'choose a bill rule' }),
  tableNoName: () => ({
    zh: '请填写子表的表名',
    zhtw: '請填寫子表的表名',
    en: 'the sub-table needs a table name',
  }),
  tableLayoutChild: ({ key = '' }) => ({
    zh: `子表中不能放 '${key}'`,
    zhtw: `子表中不能放 '${key}'`,
    en: `a sub-table cannot hold '${key}'`,
  }),
};

/**
 * Controls a sub-table cannot hold as columns: layout, system values (one per record, not per row),
 * display-only controls, a nested sub-table, and whole-form controls (rich text, bill numbers).
 * The designer's drop targets and the save check both use it.
 */
export const NOT_IN_TABLE: ReadonlySet<string> = new Set<string>([
  ...LAYOUT_KEYS,
  ...SYSTEM_KEYS,
  'table',
  'divider',
  'text',
  'editor',
  'billRule',
]);

const PRESET_PATTERNS: ReadonlySet<string> = new Set(REG_PRESETS.map((p) => p.pattern));

/** Every problem of a designed form, in document order (empty when it can be saved). */
export function validateFormDesign(form: Pick<FormData, 'fields'>): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const add = (
    path: string,
    field: FormField | null,
    code: DesignProblemCode,
    params: Record<string, string> = {},
  ): void => {
    const text = TEXTS[code](params);
    const name = field ? field.__vModel__ || field.__config__.label || undefined : undefined;
    problems.push({
      path,
      ...(name ? { field: name } : {}),
      code,
      message: `${name ?? path}: ${text.en}`,
      text,
    });
  };

  // field names: main fields (and sub-tables) share one scope; each sub-table's columns another
  const firstSeen = new Map<string, string>();
  const visits: FieldVisit[] = [];
  walkFields(form, (v) => visits.push(v));
  for (const v of visits) {
    const { field, path, table } = v;
    const key = field.__config__.jnpfKey;
    if (isPaneKey(key)) continue;
    if (!isJnpfKey(key)) {
      add(`${path}.__config__.jnpfKey`, field, 'unknownControl', { key: String(key) });
      continue;
    }
    const info = controlInfo(key);
    if (table && NOT_IN_TABLE.has(key)) add(path, field, 'tableLayoutChild', { key });
    if (!info?.hasValue) continue;
    const name = field.__vModel__;
    if (name === undefined || name === '') add(`${path}.__vModel__`, field, 'vModelMissing');
    else if (!isValidVModel(name)) add(`${path}.__vModel__`, field, 'vModelInvalid', { name });
    else {
      const scoped = table ? `${String(table.__vModel__)}.${name}` : name;
      const other = firstSeen.get(scoped);
      if (other) add(`${path}.__vModel__`, field, 'vModelDuplicate', { name, other });
      else firstSeen.set(scoped, path);
    }
  }
  // panes outside a tab or collapse
  const checkPanes = (list: readonly FormField[], base: string, parentKey: string | null): void =>
    list.forEach((f, i) => {
      const path = base ? `${base}.__config__.children[${i}]` : `fields[${i}]`;
      const key = f.__config__.jnpfKey;
      const want = parentKey === 'tab' ? 'tabItem' : parentKey === 'collapse' ? 'collapseItem' : null;
      if (isPaneKey(key) && key !== want) add(`${path}.__config__.jnpfKey`, f, 'paneMisplaced', { key });
      if (Array.isArray(f.__config__.children)) checkPanes(f.__config__.children, path, key);
    });
  checkPanes(form.fields, '', null);

  // what refs may name: main value fields and 'table.column'
  const known = new Set<string>();
  const relationForms = new Set<string>();
  for (const v of valueFields(form)) {
    known.add(v.key);
    if (v.field.__config__.jnpfKey === 'relationForm') relationForms.add(v.key);
    for (const c of v.columns ?? []) {
      known.add(c.key);
      if (c.field.__config__.jnpfKey === 'relationForm') relationForms.add(c.key);
    }
  }

  for (const { field, path, table } of visits) {
    const key = field.__config__.jnpfKey;
    const tableName = table?.__vModel__;
    // regList
    (field.__config__.regList ?? []).forEach((r, i) => {
      if (PRESET_PATTERNS.has(r.pattern)) return;
      const at = `${path}.__config__.regList[${i}].pattern`;
      if (parseRegPattern(r.pattern) === null) add(at, field, 'regInvalid', { pattern: String(r.pattern) });
      else if (isSlowPattern(r.pattern)) add(at, field, 'regSlow', { pattern: r.pattern });
    });
    switch (key) {
      case 'calculate': {
        const own = tableName ? `${tableName}.${String(field.__vModel__)}` : String(field.__vModel__);
        try {
          const compiled = compileExpression(Array.isArray(field.expression) ? field.expression : []);
          for (const r of compiled.refs) {
            if (r.key === own) add(`${path}.expression`, field, 'calcSelf');
            else if (!known.has(r.key)) add(`${path}.expression`, field, 'calcUnknownField', { ref: r.key });
          }
        } catch (e) {
          if (!(e instanceof ExpressionError)) throw e;
          add(`${path}.expression`, field, 'calcInvalid', {
            problem: e.problem,
            at: e.at === undefined ? '' : String(e.at + 1),
          });
        }
        break;
      }
      case 'relationForm':
        if (typeof field.modelId !== 'string' || field.modelId === '')
          add(`${path}.modelId`, field, 'relationNoModel');
        if (typeof field.relationField !== 'string' || field.relationField === '')
          add(`${path}.relationField`, field, 'relationNoField');
        break;
      case 'relationFormAttr': {
        const ref = typeof field.relationField === 'string' ? field.relationField : '';
        const scoped = tableName && !ref.includes('.') ? `${tableName}.${ref}` : ref;
        if (!relationForms.has(scoped) && !relationForms.has(ref))
          add(`${path}.relationField`, field, 'relationAttrNoForm', { ref });
        if (typeof field.showField !== 'string' || field.showField === '')
          add(`${path}.showField`, field, 'relationAttrNoShowField');
        break;
      }
      case 'billRule':
        if (typeof field.__config__.rule !== 'string' || field.__config__.rule.trim() === '')
          add(`${path}.__config__.rule`, field, 'billRuleNoRule');
        break;
      case 'table':
        if (typeof field.__config__.tableName !== 'string' || field.__config__.tableName.trim() === '')
          add(`${path}.__config__.tableName`, field, 'tableNoName');
        break;
      default:
        break;
    }
  }

  // cycles (self references are reported above)
  const { cycle } = planCalculations(form);
  if (cycle && cycle.length > 2) {
    const first = cycle[0] ?? '';
    const at = visits.find(
      (v) =>
        v.field.__config__.jnpfKey === 'calculate' &&
        (v.table ? `${String(v.table.__vModel__)}.${String(v.field.__vModel__)}` : v.field.__vModel__) ===
          first,
    );
    add(`${at?.path ?? 'fields'}.expression`, at?.field ?? null, 'calcCycle', { cycle: cycle.join(' → ') });
  }
  return problems;
}
