/**
 * Branch conditions: typed predicates over form values, evaluated when the token reaches the group.
 * Values are compared as what the predicate says they are (numbers as numbers, text as text);
 * nothing is ever concatenated into an expression string (JNPF built one for DataTable.Compute).
 */
import { valueFields } from '../formcore/fields';
import { controlInfo } from '../formcore/controls';
import type { FormData } from '../formcore/types';
import type { ConditionFieldType, ConditionPredicate, ConditionSymbol, FlowFormField } from './types';
import { CONDITION_SYMBOLS } from './types';

/**
 * Which symbols a condition may use, and the designer offers, for each type: numbers and text every
 * one (JNPF 3.x's designer offered every symbol on any field; text is ordered as numbers when both
 * sides are numbers, docs/jnpf3-flows.md), switches equal or not. The first is a new condition's.
 */
export const SYMBOLS_BY_TYPE: Readonly<Record<ConditionFieldType, readonly ConditionSymbol[]>> = {
  number: CONDITION_SYMBOLS,
  text: ['==', '<>', '>', '>=', '<', '<='],
  boolean: ['==', '<>'],
};

const isEmpty = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** A form value or predicate operand as a number, or null when it is not one. */
export function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function asBoolean(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return null;
}

function compareNumbers(a: number, symbol: ConditionSymbol, b: number): boolean {
  switch (symbol) {
    case '>=':
      return a >= b;
    case '>':
      return a > b;
    case '==':
      return a === b;
    case '<=':
      return a <= b;
    case '<':
      return a < b;
    case '<>':
      return a !== b;
  }
}

/**
 * One predicate against the form's values. An empty value satisfies only '<>'; a value that is not
 * of the predicate's type satisfies nothing. A text field holding a list (multiple choice) is
 * equal when any of its entries is.
 *
 * Text with `>` `>=` `<` `<=` (JNPF 3.x): both sides are compared as numbers when both are numbers
 * written as text, else the predicate does not hold. 3.x did the same: its Java engine wrapped both
 * sides in `parseFloat` for these symbols (NaN compares false), its .NET engine handed the unquoted
 * text to `DataTable.Compute` (non-numbers threw, read as false). Whole numbers only: '12abc' is
 * not 12 (parseFloat's prefix reading was an accident of JavaScript the .NET engine did not share).
 */
export function evaluatePredicate(p: ConditionPredicate, values: Readonly<Record<string, unknown>>): boolean {
  const raw = values[p.field];
  if (isEmpty(raw)) return p.symbol === '<>';
  switch (p.fieldType) {
    case 'number': {
      const a = asNumber(raw);
      const b = asNumber(p.filedValue);
      return a !== null && b !== null && compareNumbers(a, p.symbol, b);
    }
    case 'boolean': {
      const a = asBoolean(raw);
      const b = asBoolean(p.filedValue);
      if (a === null || b === null) return false;
      return p.symbol === '==' ? a === b : p.symbol === '<>' ? a !== b : false;
    }
    case 'text': {
      const list = Array.isArray(raw) ? raw : [raw];
      if (p.symbol !== '==' && p.symbol !== '<>') {
        const b = asNumber(p.filedValue);
        if (b === null) return false;
        return list.some((x) => {
          const a = asNumber(x);
          return a !== null && compareNumbers(a, p.symbol, b);
        });
      }
      const want = String(p.filedValue);
      const texts = list.filter((x) => typeof x === 'string' || typeof x === 'number').map(String);
      if (texts.length === 0) return false;
      const eq = texts.includes(want);
      return p.symbol === '==' ? eq : p.symbol === '<>' ? !eq : false;
    }
  }
}

/**
 * A branch's predicates: each predicate's `logic` joins it to the next (the last one's is
 * ignored); && binds tighter than ||. No predicates: false (only the default branch has none).
 */
export function evaluateConditions(
  predicates: readonly ConditionPredicate[],
  values: Readonly<Record<string, unknown>>,
): boolean {
  if (predicates.length === 0) return false;
  // split into || groups of && chains
  let groupTrue = true;
  for (let i = 0; i < predicates.length; i++) {
    const p = predicates[i] as ConditionPredicate;
    groupTrue = groupTrue && evaluatePredicate(p, values);
    const last = i === predicates.length - 1;
    if (last || p.logic === '||') {
      if (groupTrue) return true;
      groupTrue = true;
    }
  }
  return false;
}

/** The predicate's problem, or null: the symbol fits the type and the value is of the type. */
export function predicateProblem(
  p: ConditionPredicate,
  fields?: readonly FlowFormField[],
): 'field' | 'type' | 'symbol' | 'value' | 'logic' | null {
  if (!p || typeof p.field !== 'string' || p.field === '') return 'field';
  if (fields) {
    const f = fields.find((x) => x.key === p.field && !x.table);
    if (!f || f.conditionType === null) return 'field';
    if (f.conditionType !== p.fieldType) return 'type';
  }
  if (!['number', 'text', 'boolean'].includes(p.fieldType)) return 'type';
  if (!SYMBOLS_BY_TYPE[p.fieldType].includes(p.symbol)) return 'symbol';
  if (p.logic !== '&&' && p.logic !== '||') return 'logic';
  const v = p.filedValue;
  if (p.fieldType === 'number' && asNumber(v) === null) return 'value';
  if (p.fieldType === 'boolean' && asBoolean(v) === null) return 'value';
  if (p.fieldType === 'text' && typeof v !== 'string' && typeof v !== 'number') return 'value';
  return null;
}

/** What a condition compares a form control's value as, or null when it cannot be compared. */
export function conditionTypeOfValue(valueType: string): ConditionFieldType | null {
  switch (valueType) {
    case 'number':
      return 'number';
    case 'string':
    case 'option':
    case 'option[]':
    case 'string[]':
      return 'text';
    case 'switch':
      return 'boolean';
    default:
      return null;
  }
}

/**
 * The fields of a designed form a flow can name: main fields (conditions and operates) and
 * sub-table columns (operates only), with what conditions compare them as.
 */
export function flowFieldsOfForm(form: Pick<FormData, 'fields'>): FlowFormField[] {
  const out: FlowFormField[] = [];
  for (const v of valueFields(form)) {
    const info = controlInfo(v.field.__config__.jnpfKey);
    const multiple = v.field.multiple === true;
    let vt: string = info?.valueType ?? 'none';
    if (multiple && info?.multipleCapable) vt = `${vt}[]`;
    out.push({
      key: v.key,
      label: String(v.field.__config__.label ?? v.key),
      conditionType: conditionTypeOfValue(vt),
      table: null,
    });
    for (const c of v.columns ?? []) {
      out.push({
        key: c.key,
        label: String(c.field.__config__.label ?? c.key),
        conditionType: null,
        table: v.key,
      });
    }
  }
  return out;
}
