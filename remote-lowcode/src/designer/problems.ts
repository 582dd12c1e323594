/**
 * formcore's design problems (`validateFormDesign`: `{ path, field?, message }`) tied to the
 * designer's controls (pure): each problem's JSON path leads to the control it is about, so the
 * list can select it and the property panel can show it beside the property.
 */
import { walkFields, type DesignProblem, type FormData } from '@lighting/shared/formcore';
import { fieldId } from './designState';

export interface FieldProblem extends DesignProblem {
  /** the control the problem is about (the deepest one on its path), or null for the whole form */
  formId: string | null;
}

export function locateProblems(
  form: Pick<FormData, 'fields'>,
  problems: readonly DesignProblem[],
): FieldProblem[] {
  const byPath: Array<{ path: string; id: string }> = [];
  walkFields(form, ({ field, path }) => byPath.push({ path, id: fieldId(field) }));
  // deepest first, so 'fields[1].__config__.children[0]' wins over 'fields[1]'
  byPath.sort((a, b) => b.path.length - a.path.length);
  return problems.map((p) => {
    const hit = byPath.find(
      (f) => p.path === f.path || p.path.startsWith(`${f.path}.`) || p.path.startsWith(`${f.path}[`),
    );
    return { ...p, formId: hit ? hit.id : null };
  });
}

/** A problem's text in the page's language. */
export const problemText = (p: DesignProblem, language: string): string =>
  language === 'en' ? p.text.en : language === 'zhtw' ? p.text.zhtw : p.text.zh;
