/**
 * Edits of a field's regList as the designer makes them (pure): each returns the new list and the
 * undo step it belongs to. Typing in one rule's pattern, or in its message, is one step; adding a
 * rule, removing one, or moving to the other box starts a new step, so undo takes back the last
 * edit, not the whole rule.
 */
import { REG_PRESETS, type RegPresetKey, type RegRule } from '@lighting/shared/formcore';

export type RegListEdit =
  | { kind: 'preset'; key: RegPresetKey }
  | { kind: 'custom' }
  | { kind: 'remove'; index: number }
  | { kind: 'pattern'; index: number; value: string }
  | { kind: 'message'; index: number; value: string };

export interface RegListChange {
  rules: RegRule[];
  /** the undo-step key (consecutive changes with the same key make one step); undefined: a step of its own */
  coalesce?: string;
}

export function editRegList(rules: readonly RegRule[], edit: RegListEdit): RegListChange {
  switch (edit.kind) {
    case 'preset': {
      const p = REG_PRESETS.find((x) => x.key === edit.key);
      // no message: the preset's own is said in each reader's language (formcore compileRegRule)
      return { rules: p ? [...rules, { pattern: p.pattern, message: '' }] : [...rules] };
    }
    case 'custom':
      return { rules: [...rules, { pattern: '', message: '' }] };
    case 'remove':
      return { rules: rules.filter((_, j) => j !== edit.index) };
    case 'pattern':
    case 'message':
      return {
        rules: rules.map((r, j) => (j === edit.index ? { ...r, [edit.kind]: edit.value } : r)),
        coalesce: `regList.${edit.index}.${edit.kind}`,
      };
  }
}
