/**
 * The form in and out of the designer (pure): a saved or imported form (ours or a JNPF 3.x one)
 * through formcore's normalizeForm, and the exported JSON and its file name.
 */
import { FormShapeError, normalizeForm, type FormData } from '@lighting/shared/formcore';

export type Parsed = { ok: true; form: FormData } | { ok: false; message: string };

/**
 * A JNPF 3.x online-development export file (`<name>.vdd`: the model as JSON, `modelType` "design",
 * its form as JSON text in `formData`) → that form; anything else as it is.
 */
export function formOfExport(input: unknown): unknown {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return input; // normalizeForm names it: not JSON
    }
  }
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (!('fields' in o) && typeof o.formData === 'string') return o.formData;
  }
  return value;
}

/**
 * Text or an object (a form, ours or JNPF 3.x's, or a 3.x `.vdd` export holding one) → the form, or
 * the problem (with the JSON path normalizeForm names).
 */
export function parseForm(input: unknown): Parsed {
  try {
    return { ok: true, form: normalizeForm(formOfExport(input)) };
  } catch (e) {
    if (e instanceof FormShapeError) return { ok: false, message: e.message };
    throw e;
  }
}

/** A model's saved form; a model never designed starts empty with the defaults. */
export function savedForm(saved: FormData | string | null | undefined): Parsed {
  if (saved === null || saved === undefined || saved === '') return parseForm({ fields: [] });
  return parseForm(saved);
}

/** The exported text: the form as it would be saved, indented. */
export const formJson = (form: FormData): string => `${JSON.stringify(form, null, 2)}\n`;

/** `<enCode>.form.json`, with anything but letters, digits, '.', '_' and '-' replaced. */
export function exportFileName(enCode: string | undefined): string {
  const base = (enCode ?? '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return `${base || 'form'}.form.json`;
}
