import { CONTROLS, controlInfo, controlsOf, createField, fieldValueType, isJnpfKey } from './controls';
import { CONTROL_GROUPS, DISPLAY_KEYS, LAYOUT_KEYS, type JnpfKey } from './types';

const ALL = Object.values(CONTROL_GROUPS).flat() as JnpfKey[];

describe('control catalogue', () => {
  it('describes every key of CONTROL_GROUPS once, in palette order', () => {
    expect([...CONTROLS.keys()]).toEqual(ALL);
    for (const key of ALL) {
      const info = controlInfo(key);
      expect(info?.names.zh).toBeTruthy();
      expect(info?.names.zhtw).toBeTruthy();
      expect(info?.names.en).toBeTruthy();
      expect(info?.icon).toMatch(/^[A-Z]\w+(Outlined|Filled|TwoTone)$/);
    }
    expect(controlsOf('function').map((c) => c.key)).toEqual([
      'relationForm',
      'relationFormAttr',
      'calculate',
    ]);
  });

  it('says which controls hold a value, consistent with the layout and display sets', () => {
    for (const key of ALL) {
      const info = controlInfo(key);
      const valueless = LAYOUT_KEYS.has(key) || DISPLAY_KEYS.has(key);
      expect(info?.hasValue).toBe(!valueless);
      expect(info?.valueType === 'none').toBe(valueless);
    }
    expect(controlInfo('table')?.valueType).toBe('rows');
    expect(controlInfo('uploadImg')?.valueType).toBe('file[]');
    expect(isJnpfKey('comInput')).toBe(false);
    expect(controlInfo('tabItem')).toBeUndefined();
  });

  it('applies multiple to the value type', () => {
    const select = createField('select', 1);
    expect(fieldValueType(select)).toBe('option');
    expect(fieldValueType({ ...select, multiple: true })).toBe('option[]');
    expect(fieldValueType({ ...createField('areaSelect', 2), multiple: true })).toBe('path[]');
    expect(fieldValueType({ ...createField('userSelect', 3), multiple: true })).toBe('string[]');
    // not multiple-capable: `multiple` is ignored
    expect(fieldValueType({ ...createField('input', 4), multiple: true })).toBe('string');
  });
});

describe('createField', () => {
  it('gives every control a config and a valid data key when it holds a value', () => {
    for (const key of ALL) {
      const f = createField(key, 101);
      expect(f.__config__.jnpfKey).toBe(key);
      expect(f.__config__.formId).toBe(101);
      if (controlInfo(key)?.hasValue) expect(f.__vModel__).toBe(`${key}Field101`);
      else expect(f.__vModel__).toBeUndefined();
    }
  });

  it('fills the control props the renderer and server read', () => {
    expect(createField('inputNumber', 1)).toMatchObject({ step: 1 });
    expect(createField('JNPFAmount', 1)).toMatchObject({ precision: 2, showChinese: true });
    expect(createField('select', 1)).toMatchObject({
      __config__: { dataType: 'static' },
      options: [
        { id: '1', fullName: '选项一' },
        { id: '2', fullName: '选项二' },
      ],
    });
    expect(createField('dicSelect', 1).__config__.dataType).toBe('dictionary');
    expect(createField('uploadImg', 1)).toMatchObject({
      fileSize: 2,
      sizeUnit: 'MB',
      limit: 9,
      accept: 'image/*',
    });
    expect(createField('billRule', 1).__config__.rule).toBe('');
    expect(createField('relationForm', 1)).toMatchObject({ modelId: '', relationField: '' });
    expect(createField('relationFormAttr', 1)).toMatchObject({ relationField: '', showField: '' });
    expect(createField('calculate', 1)).toMatchObject({ expression: [], precision: 2, isStorage: 0 });
    expect(createField('table', 1).__config__).toMatchObject({
      tableName: '',
      children: [],
      layout: 'rowFormItem',
    });
    expect(createField('checkbox', 1).__config__.defaultValue).toEqual([]);
    expect(createField('switch', 1)).toMatchObject({
      activeValue: 1,
      inactiveValue: 0,
      __config__: { defaultValue: 0 },
    });
  });

  it('gives tabs and collapses a first pane', () => {
    const tab = createField('tab', 7);
    expect(tab.__config__.children).toEqual([
      { __config__: { jnpfKey: 'tabItem', label: '标签1', children: [] }, name: '7_1', title: '标签1' },
    ]);
    expect(tab.active).toBe('7_1');
    expect(createField('collapse', 8).__config__.children?.[0]?.__config__.jnpfKey).toBe('collapseItem');
  });

  it("writes a new control's label and starter texts in the designer's language, and no generic placeholders", () => {
    const en = createField('select', 1, 'en');
    expect(en.__config__.label).toBe('Select');
    expect(en.options?.map((o) => o.fullName)).toEqual(['Option 1', 'Option 2']);
    expect(createField('input', 1, 'zhtw').__config__.label).toBe('單行輸入');
    expect(createField('card', 1, 'en').header).toBe('Card');
    expect(createField('tab', 1, 'en').__config__.children?.[0]?.__config__.label).toBe('Tab 1');
    // said in the reader's language by the renderer, never stored in the designer's
    for (const key of ['input', 'select', 'datePicker', 'billRule', 'createUser', 'userSelect'] as const)
      expect(createField(key, 1, 'en').placeholder).toBeUndefined();
    expect(createField('uploadFile', 1).buttonText).toBeUndefined();
    expect(createField('table', 1).actionText).toBeUndefined();
    expect(createField('timeRange', 1).startPlaceholder).toBeUndefined();
  });

  it('returns fresh objects (no shared options between fields)', () => {
    const a = createField('radio', 1);
    const b = createField('radio', 2);
    expect(a.options).not.toBe(b.options);
    expect(a.options?.[0]).not.toBe(b.options?.[0]);
  });
});
