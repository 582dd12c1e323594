import { anyWritable, loadForm, parseValues, rendererOperates } from './taskForm';

const FORM = JSON.stringify({
  fields: [
    { __config__: { jnpfKey: 'input', label: '标题', formId: 1 }, __vModel__: 'title' },
    { __config__: { jnpfKey: 'inputNumber', label: '金额', formId: 2 }, __vModel__: 'cost' },
  ],
});

describe('task form', () => {
  it('loads the form and its fields, or says why not', () => {
    const f = loadForm(FORM);
    expect(f.ok && f.fields.map((x) => [x.key, x.conditionType])).toEqual([
      ['title', 'text'],
      ['cost', 'number'],
    ]);
    expect(loadForm('{').ok).toBe(false);
    expect(loadForm(null).ok).toBe(true);
  });

  it('gives every field an operate: unlisted fields read-only at an approver, writable at the start', () => {
    const f = loadForm(FORM);
    if (!f.ok) throw new Error('form');
    const approver = rendererOperates(
      f.fields,
      [{ id: 'cost', read: true, write: true, required: true }],
      false,
    );
    expect(approver).toEqual([
      { id: 'title', read: true, write: false },
      { id: 'cost', read: true, write: true, required: true },
    ]);
    expect(anyWritable(approver)).toBe(true);
    expect(anyWritable(rendererOperates(f.fields, [], false))).toBe(false);
    // the start writes everything; what the form requires is left to the form (no required: false)
    const start = rendererOperates(f.fields, [], true);
    expect(start.every((o) => o.write && !('required' in o))).toBe(true);
  });

  it('reads saved values as an object only', () => {
    expect(parseValues('{"cost":5}')).toEqual({ cost: 5 });
    expect(parseValues('[1]')).toEqual({});
    expect(parseValues('x')).toEqual({});
  });
});
