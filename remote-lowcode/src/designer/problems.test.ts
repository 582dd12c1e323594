import { validateFormDesign, type DesignProblem, type FormData } from '@lighting/shared/formcore';
import { locateProblems, problemText } from './problems';

const problem = (path: string, message: string, field?: string): DesignProblem => ({
  path,
  message,
  code: 'calcInvalid',
  text: { zh: `中:${message}`, zhtw: `繁:${message}`, en: message },
  ...(field ? { field } : {}),
});

const form: FormData = {
  fields: [
    { __config__: { jnpfKey: 'input', label: 'a', formId: 1 }, __vModel__: 'a' },
    {
      __config__: {
        jnpfKey: 'table',
        label: 't',
        formId: 2,
        children: [{ __config__: { jnpfKey: 'inputNumber', label: 'n', formId: 3 }, __vModel__: 'n' }],
      },
      __vModel__: 't',
    },
  ],
};

describe('locateProblems', () => {
  it('ties each problem to the deepest control on its path', () => {
    const out = locateProblems(form, [
      problem('fields[0].__vModel__', 'duplicate', 'a'),
      problem('fields[1].__config__.children[0].expression', 'cycle'),
      problem('fields[1].summaryField', 'bad summary'),
      problem('popupType', 'unknown popup'),
    ]);
    expect(out.map((p) => p.formId)).toEqual(['1', '3', '2', null]);
    expect(out[0]).toMatchObject({ field: 'a', message: 'duplicate' });
  });

  it('does not take fields[1] for fields[10]', () => {
    const many: FormData = {
      fields: Array.from({ length: 11 }, (_, i) => ({
        __config__: { jnpfKey: 'input' as const, label: String(i), formId: i + 1 },
      })),
    };
    expect(locateProblems(many, [problem('fields[10].__vModel__', 'x')])[0]!.formId).toBe('11');
  });

  it("ties formcore's own problems: a duplicate field name, a sub-table without a table name", () => {
    const dup: FormData = {
      fields: [...form.fields, { __config__: { jnpfKey: 'input', label: 'b', formId: 4 }, __vModel__: 'a' }],
    };
    const out = locateProblems(dup, validateFormDesign(dup));
    expect(out.map((p) => [p.formId, p.code])).toEqual([
      ['4', 'vModelDuplicate'],
      ['2', 'tableNoName'],
    ]);
    expect(problemText(out[0]!, 'zh')).toContain("字段名 'a' 重复");
    expect(problemText(out[0]!, 'en')).toContain("duplicate field name 'a'");
  });
});
