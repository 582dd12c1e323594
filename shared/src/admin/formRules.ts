/**
 * antd Form rules from a field description: required (message names the field) plus the spec §5
 * validators with their messages (core/validators), and a length cap the server also applies.
 */
import { rule, type FormRule, type RuleName } from '@lighting/shared';

export interface FieldRuleSpec {
  label: string;
  required?: boolean;
  /** §5 rule names checked in order (empty values pass: required is separate). */
  rules?: readonly RuleName[];
  max?: number;
}

export type AntdRule =
  { required: true; whitespace: boolean; message: string } | { max: number; message: string } | FormRule;

export function fieldRules(
  spec: FieldRuleSpec,
  messages: { required: (label: string) => string; max: (label: string, max: number) => string },
): AntdRule[] {
  const out: AntdRule[] = [];
  if (spec.required) out.push({ required: true, whitespace: true, message: messages.required(spec.label) });
  if (spec.max) out.push({ max: spec.max, message: messages.max(spec.label, spec.max) });
  for (const name of spec.rules ?? []) out.push(rule(name));
  return out;
}
