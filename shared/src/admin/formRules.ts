/**
 * antd Form rules from a field description: required (message names the field) plus the spec §5
 * validators with their messages (core/validators), and a length cap the server also applies.
 */
import { isEmptyCell, rule, type FormRule, type RuleName } from '../core/validators';

export interface FieldRuleSpec {
  label: string;
  required?: boolean;
  /** §5 rule names checked in order (empty values pass: required is separate). */
  rules?: readonly RuleName[];
  max?: number;
}

export type AntdRule =
  | { required: true; message: string; validator: FormRule['validator'] }
  | { max: number; message: string }
  | FormRule;

/**
 * Required for any kind of value: empty is null, undefined, '', a blank string or []; 0 and false
 * are values. (antd's plain `required` checks a value without a type as a string, so a number
 * field always failed it.) `required: true` keeps the field's required mark.
 */
function requiredRule(message: string): AntdRule {
  return {
    required: true,
    message,
    validator: (_rule: unknown, value: unknown) =>
      (typeof value === 'string' ? value.trim() === '' : isEmptyCell(value))
        ? Promise.reject(new Error(message))
        : Promise.resolve(),
  };
}

export function fieldRules(
  spec: FieldRuleSpec,
  messages: { required: (label: string) => string; max: (label: string, max: number) => string },
): AntdRule[] {
  const out: AntdRule[] = [];
  if (spec.required) out.push(requiredRule(messages.required(spec.label)));
  if (spec.max) out.push({ max: spec.max, message: messages.max(spec.label, spec.max) });
  for (const name of spec.rules ?? []) out.push(rule(name));
  return out;
}
