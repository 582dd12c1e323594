// The form of a task as the workflow pages show it (pure): the form JSON text → the renderer's
// form, every field's access at the viewer's node (flowcore's defaults for fields the node does not
// list: the renderer itself treats an unlisted field as writable), and the saved values.
import { normalizeForm, type FieldOperate, type FormData } from '@lighting/shared/formcore';
import { flowFieldsOfForm, type FlowFormField, type FormOperate } from '@lighting/shared/flowcore';
import { operateRows } from './operates';

export type LoadedForm =
  { ok: true; form: FormData; fields: FlowFormField[] } | { ok: false; message: string };

export function loadForm(formData: string | null | undefined): LoadedForm {
  try {
    const form = normalizeForm(JSON.parse(formData || '{"fields":[]}'));
    return { ok: true, form, fields: flowFieldsOfForm(form) };
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
}

/**
 * Every field's operate at the node: the node's own entries, flowcore's defaults for the rest.
 * `required` is only ever added: a writable field the form itself requires stays required (the
 * server validates the submission against the form's own rules too).
 */
export function rendererOperates(
  fields: readonly FlowFormField[],
  operates: readonly FormOperate[],
  isStart: boolean,
): FieldOperate[] {
  return operateRows(fields, operates, isStart).map(({ id, read, write, required }) =>
    required ? { id, read, write, required } : { id, read, write },
  );
}

/** True when the node may change at least one field (the form is then shown editable). */
export const anyWritable = (ops: readonly FieldOperate[]): boolean => ops.some((o) => o.write);

/** A task's saved values (JSON text; anything else is an empty form). */
export function parseValues(data: string | null | undefined): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(data || '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
