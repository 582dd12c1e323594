import { REG_PRESETS, createField, type FieldConfig, type RegRule } from '@lighting/shared/formcore';
import { designReducer, findField, initialDesign, type DesignState } from './designState';
import { editRegList, type RegListEdit } from './regList';

/** What the property panel dispatches for one regList edit of the selected control. */
function apply(s: DesignState, edit: RegListEdit): DesignState {
  const field = findField(s.form.fields, '1');
  const change = editRegList(field?.__config__.regList ?? [], edit);
  const config: Partial<FieldConfig> = { regList: change.rules };
  return designReducer(s, { type: 'update', id: '1', config, coalesce: change.coalesce });
}
const typed = (s: DesignState, kind: 'pattern' | 'message', text: string): DesignState =>
  [...text].reduce((acc, _c, i) => apply(acc, { kind, index: 0, value: text.slice(0, i + 1) }), s);
const rulesOf = (s: DesignState): RegRule[] => findField(s.form.fields, '1')?.__config__.regList ?? [];

describe('regList edits', () => {
  const start = () => {
    const f = createField('input', 1);
    f.__vModel__ = 'pole';
    return initialDesign({ fields: [f] });
  };

  it('undo takes back the last edit (the message typed), not the whole rule', () => {
    let s = apply(start(), { kind: 'custom' });
    s = typed(s, 'pattern', '/^LD\\d+$/');
    s = typed(s, 'message', '杆号格式');
    expect(rulesOf(s)).toEqual([{ pattern: '/^LD\\d+$/', message: '杆号格式' }]);
    s = designReducer(s, { type: 'undo' });
    expect(rulesOf(s)).toEqual([{ pattern: '/^LD\\d+$/', message: '' }]);
    s = designReducer(s, { type: 'undo' });
    expect(rulesOf(s)).toEqual([{ pattern: '', message: '' }]);
    s = designReducer(s, { type: 'undo' });
    expect(rulesOf(s)).toEqual([]);
  });

  it("adds a preset without a message, so its own is said in each reader's language", () => {
    const mobile = REG_PRESETS.find((p) => p.key === 'mobile');
    const s = apply(start(), { kind: 'preset', key: 'mobile' });
    expect(rulesOf(s)).toEqual([{ pattern: mobile?.pattern, message: '' }]);
    // two presets in a row are two steps
    const two = apply(s, { kind: 'preset', key: 'email' });
    expect(rulesOf(designReducer(two, { type: 'undo' }))).toHaveLength(1);
  });

  it('removes a rule as one step of its own', () => {
    let s = apply(start(), { kind: 'custom' });
    s = typed(s, 'pattern', '/a/');
    s = apply(s, { kind: 'remove', index: 0 });
    expect(rulesOf(s)).toEqual([]);
    expect(rulesOf(designReducer(s, { type: 'undo' }))).toEqual([{ pattern: '/a/', message: '' }]);
  });
});
