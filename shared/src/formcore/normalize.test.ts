import { createField } from './controls';
import { isDisplayOnly } from './fields';
import inspection from './fixtures/legacy-inspection.json';
import repairOrder from './fixtures/legacy-repair-order.json';
import settlement from './fixtures/legacy-settlement.json';
import { FormShapeError, normalizeForm } from './normalize';
import type { FormField } from './types';

function shapeError(json: unknown): FormShapeError {
  try {
    normalizeForm(json);
  } catch (e) {
    if (e instanceof FormShapeError) return e;
    throw e;
  }
  throw new Error('no error');
}

const byModel = (fields: FormField[], m: string): FormField | undefined => {
  for (const f of fields) {
    if (f.__vModel__ === m) return f;
    const inner = byModel(f.__config__.children ?? [], m);
    if (inner) return inner;
  }
  return undefined;
};

describe('normalizeForm: JNPF 3.x forms', () => {
  it('maps the basic controls of the inspection form', () => {
    const form = normalizeForm(inspection);
    expect(form.size).toBe('middle');
    expect(form.generalWidth).toBe('800px');
    expect(form.idGlobal).toBe(118);
    const keys = form.fields.map((f) => f.__config__.jnpfKey);
    expect(keys).toEqual([
      'input',
      'datePicker',
      'timePicker',
      'radio',
      'checkbox',
      'select',
      'inputNumber',
      'switch',
      'rate',
      'slider',
      'divider',
      'text',
      'uploadImg',
      'uploadFile',
      'colorPicker',
      'textarea',
      'editor',
    ]);
    const pole = byModel(form.fields, 'poleCode');
    expect(pole).toMatchObject({ showWordLimit: false, prefixIcon: '', maxlength: 9 });
    expect(pole?.__config__.labelWidth).toBeUndefined();
    expect(pole?.__config__.tagIcon).toBeUndefined();
    expect(pole?.__slot__).toBeUndefined();
    expect(byModel(form.fields, 'inspectDate')).toMatchObject({
      format: 'YYYY-MM-DD',
      valueFormat: 'timestamp',
    });
    expect(byModel(form.fields, 'lampState')?.options).toEqual([
      { id: '1', fullName: '正常' },
      { id: '2', fullName: '不亮' },
      { id: '3', fullName: '常亮' },
    ]);
    // `{ label, value }` options named by __config__.props
    expect(byModel(form.fields, 'problems')?.options?.[2]).toEqual({ id: 3, fullName: '线缆裸露' });
    expect(byModel(form.fields, 'needRepair')).toMatchObject({
      activeValue: 1,
      inactiveValue: 0,
      __config__: { defaultValue: 0 },
    });
    expect(byModel(form.fields, 'score')).toMatchObject({ count: 5, allowHalf: false });
    expect(byModel(form.fields, 'score')?.max).toBeUndefined();
    expect(form.fields[10]).toMatchObject({ content: '现场记录', contentPosition: 'left' });
    expect(form.fields[11]?.content).toBe('请拍摄灯杆全景及铭牌各一张。');
    expect(byModel(form.fields, 'remark')?.autoSize).toEqual({ minRows: 3, maxRows: 6 });
    expect(byModel(form.fields, 'attachments')).toMatchObject({ fileSize: 500, sizeUnit: 'KB', limit: 2 });
  });

  it('maps advanced controls, containers, sub-tables and system controls of the repair order', () => {
    const form = normalizeForm(repairOrder);
    expect(form).toMatchObject({ size: 'small', labelPosition: 'top', labelWidth: 90, popupType: 'drawer' });
    const card = form.fields[0];
    expect(card?.__config__.jnpfKey).toBe('card');
    expect(card?.__config__.span).toBe(24);
    expect(card?.__config__.children?.map((c) => c.__config__.jnpfKey)).toEqual([
      'organizeSelect',
      'depSelect',
      'posSelect',
      'userSelect',
    ]);
    expect(byModel(form.fields, 'area')?.__config__.jnpfKey).toBe('areaSelect');
    // Element's props.props: option keys and nesting renamed
    expect(byModel(form.fields, 'faultType')?.options).toEqual([
      {
        id: 'E',
        fullName: '电气',
        children: [
          { id: 'E1', fullName: '镇流器' },
          { id: 'E2', fullName: '线路' },
        ],
      },
      { id: 'M', fullName: '机械' },
    ]);
    expect(byModel(form.fields, 'urgency')?.__config__).toMatchObject({
      dataType: 'dictionary',
      dictionaryType: 'urgency',
    });
    const table = byModel(form.fields, 'materials');
    expect(table).toMatchObject({
      showSummary: true,
      summaryField: ['qty', 'price'],
      actionText: '添加材料',
    });
    expect(table?.__config__.tableName).toBe('repair_material');
    expect(table?.__config__.children?.map((c) => c.__config__.jnpfKey)).toEqual([
      'input',
      'inputNumber',
      'inputNumber',
      'select',
    ]);
    expect(byModel(form.fields, 'unit')?.options).toHaveLength(2);
    expect(byModel(form.fields, 'dept')).toMatchObject({ readonly: true, __config__: { noShow: true } });
  });

  it('gives tab and collapse panes their keys and keeps calculate expressions', () => {
    const form = normalizeForm(settlement);
    expect(form).toMatchObject({
      size: 'small',
      popupType: 'fullScreen',
      formBtns: true,
      confirmButtonText: '保 存',
    });
    const tab = form.fields[4];
    expect(tab?.tabPosition).toBe('top');
    expect(
      tab?.__config__.children?.map((p) => [p.__config__.jnpfKey, p.name, p.title, p.__config__.label]),
    ).toEqual([
      ['tabItem', 'fee', '费用', '费用'],
      ['tabItem', 'note', '说明', '说明'],
    ]);
    expect(byModel(form.fields, 'subtotal')).toMatchObject({ isStorage: 1, precision: 2 });
    expect(byModel(form.fields, 'total')?.expression).toHaveLength(7);
    expect(byModel(form.fields, 'orderId')).toMatchObject({ modelId: 'repairOrderModel' });
    // a display control never keeps a data key
    const attr = form.fields[3];
    expect(attr?.__config__.jnpfKey).toBe('relationFormAttr');
    expect(attr?.__vModel__).toBeUndefined();
    expect(byModel(form.fields, 'account')?.__config__.regList).toEqual([
      { pattern: '/^\\d{12,19}$/', message: '' },
    ]);
  });

  it('stores a 3.x calculate, which has no isStorage switch, as 3.x stored it', () => {
    const calc = (extra: Record<string, unknown>) => ({
      __config__: { jnpfKey: 'calculate', label: '合计', tag: 'calculate', layout: 'colFormItem', span: 24 },
      __vModel__: 'total',
      expression: [],
      precision: 2,
      ...extra,
    });
    const stored = normalizeForm({ fields: [calc({})] }).fields[0]!;
    expect(stored.isStorage).toBe(1);
    expect(isDisplayOnly(stored)).toBe(false);
    const shown = normalizeForm({ fields: [calc({ isStorage: 0 })] }).fields[0]!;
    expect(shown.isStorage).toBe(0);
    expect(isDisplayOnly(shown)).toBe(true);
  });

  it('is idempotent and does not change its input', () => {
    const before = JSON.stringify(settlement);
    const once = normalizeForm(settlement);
    expect(JSON.stringify(settlement)).toBe(before);
    expect(normalizeForm(once)).toEqual(once);
    expect(normalizeForm(JSON.stringify(once))).toEqual(once);
  });

  it('keeps a form in our own shape as it is', () => {
    const fields = [
      createField('input', 1),
      createField('table', 2),
      createField('tab', 3),
      createField('calculate', 4),
    ];
    const form = normalizeForm({ fields });
    expect(form.fields).toEqual(JSON.parse(JSON.stringify(fields)));
  });
});

describe('normalizeForm: what cannot be a form', () => {
  it('names the path of the problem', () => {
    expect(shapeError('{').message).toBe('not JSON');
    expect(shapeError([]).message).toBe('a form must be an object');
    expect(shapeError({}).message).toBe('fields: must be an array');
    expect(shapeError({ fields: [1] }).message).toBe('fields[0]: must be an object');
    expect(shapeError({ fields: [{}] }).message).toBe('fields[0].__config__: missing');
    const fields = [
      createField('input', 1),
      createField('input', 2),
      createField('input', 3),
      createField('input', 4),
    ];
    fields[3] = {
      ...createField('input', 4),
      __config__: { ...createField('input', 4).__config__, jnpfKey: 'foo' as never },
    };
    const e = shapeError({ fields });
    expect(e.message).toBe("fields[3].__config__.jnpfKey: unknown control 'foo'");
    expect(e.path).toBe('fields[3].__config__.jnpfKey');
  });

  it('checks children, options, regList, data keys and option sources', () => {
    const row = createField('row', 1);
    row.__config__.children = [{ __config__: { jnpfKey: 'bar' } } as never];
    expect(shapeError({ fields: [row] }).message).toBe(
      "fields[0].__config__.children[0].__config__.jnpfKey: unknown control 'bar'",
    );
    const tabItem = { __config__: { jnpfKey: 'tabItem', label: 'x', children: [] } };
    expect(shapeError({ fields: [tabItem] }).message).toBe(
      "fields[0].__config__.jnpfKey: 'tabItem' outside its container",
    );
    expect(
      shapeError({ fields: [{ ...createField('select', 1), options: [{ fullName: 'x' }] }] }).message,
    ).toBe('fields[0].options[0].id: must be a string or number');
    expect(
      shapeError({
        fields: [{ ...createField('select', 1), options: undefined, __slot__: { options: 'x' } }],
      }).message,
    ).toBe('fields[0].__slot__.options: must be an array');
    const reg = createField('input', 1);
    reg.__config__.regList = [{ pattern: 3 } as never];
    expect(shapeError({ fields: [reg] }).message).toBe(
      'fields[0].__config__.regList[0].pattern: must be a string',
    );
    expect(shapeError({ fields: [{ ...createField('input', 1), __vModel__: 5 }] }).message).toBe(
      'fields[0].__vModel__: must be a string',
    );
    const dyn = createField('select', 1);
    dyn.__config__.dataType = 'sql' as never;
    expect(shapeError({ fields: [dyn] }).message).toBe(
      "fields[0].__config__.dataType: unknown option source 'sql'",
    );
  });
});
