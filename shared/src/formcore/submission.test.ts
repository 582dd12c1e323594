import { createField } from './controls';
import repairOrder from './fixtures/legacy-repair-order.json';
import { normalizeForm } from './normalize';
import { fieldProblem, serverFilledFields, stripSystemAndDisplay, validateSubmission } from './submission';
import type { FormField, JnpfKey } from './types';

function f(key: JnpfKey, name: string, extra: Partial<FormField> = {}, required = false): FormField {
  const x = createField(key, name);
  x.__vModel__ = name;
  x.__config__.required = required;
  x.__config__.label = name.toUpperCase();
  return { ...x, ...extra };
}
function table(name: string, columns: FormField[], required = false): FormField {
  const t = f('table', name, {}, required);
  t.__config__.tableName = name;
  t.__config__.children = columns;
  return t;
}
const check = (fields: FormField[], data: Record<string, unknown>, ctx = {}) =>
  validateSubmission({ fields }, data, ctx);

describe('validateSubmission', () => {
  it('reports required fields and cells with their messages and paths', () => {
    const fields = [
      f('input', 'name', {}, true),
      f('checkbox', 'tags', {}, true),
      table('items', [f('inputNumber', 'qty', {}, true), f('input', 'note')], true),
    ];
    expect(check(fields, {})).toEqual([
      { field: 'name', message: 'NAME不能为空' },
      { field: 'tags', message: 'TAGS不能为空' },
      { field: 'items', message: 'ITEMS不能为空' },
    ]);
    expect(
      check(fields, { name: 'a', tags: ['1'], items: [{ qty: 1 }, { qty: '' }, { note: 'x' }] }),
    ).toEqual([
      { field: 'items[1].qty', message: '不能为空' },
      { field: 'items[2].qty', message: '不能为空' },
    ]);
  });

  it('checks types, ranges and sizes per control', () => {
    const fields = [
      f('input', 'text', { maxlength: 3 }),
      f('inputNumber', 'n', { min: 0, max: 10, precision: 1 }),
      f('rate', 'stars'),
      f('switch', 'on'),
      f('datePicker', 'day'),
      f('dateRange', 'span'),
      f('timePicker', 't'),
      f('colorPicker', 'c'),
    ];
    const problems = check(fields, {
      text: 'abcd',
      n: 1.25,
      stars: 6,
      on: true,
      day: '2024-01-01',
      span: [5, 1],
      t: '25:00',
      c: 'url(x)',
    });
    expect(problems).toEqual([
      { field: 'text', message: '最多3个字符' },
      { field: 'n', message: '最多1位小数' },
      { field: 'stars', message: '不能大于5' },
      { field: 'on', message: '取值无效' },
      { field: 'day', message: '必须是数字' },
      { field: 'span', message: '开始日期不能晚于结束日期' },
      { field: 't', message: '时间格式不正确' },
      { field: 'c', message: '颜色格式不正确' },
    ]);
    expect(check(fields, { text: 'abc', n: -1 })).toEqual([{ field: 'n', message: '不能小于0' }]);
    expect(
      check(fields, {
        text: 5,
        n: 10,
        stars: 5,
        on: 1,
        day: 1700000000000,
        span: [1, 5],
        t: '08:30:00',
        c: '#fff',
      }),
    ).toEqual([{ field: 'text', message: '必须是文本' }]);
  });

  it('checks option membership: static from the form, others from the context', () => {
    const dic = f('select', 'urgency');
    dic.__config__.dataType = 'dictionary';
    dic.__config__.dictionaryType = 'urgency';
    const fields = [
      f('radio', 'r'),
      f('checkbox', 'cb'),
      f('select', 'many', { multiple: true }),
      dic,
      f('cascader', 'path'),
    ];
    expect(check(fields, { r: '3', cb: ['1', 'x'], many: ['2'], urgency: 'u9', path: ['1', '2'] })).toEqual([
      { field: 'r', message: '不在可选项中' },
      { field: 'cb', message: '不在可选项中' },
    ]);
    const ctx = { options: () => [{ id: 'u1', fullName: '急' }] };
    expect(check(fields, { urgency: 'u9', path: ['2'] }, ctx)).toEqual([
      { field: 'urgency', message: '不在可选项中' },
      { field: 'path', message: '不在可选项中' },
    ]);
    expect(check(fields, { r: 1, urgency: 'u1' }, ctx)).toEqual([]);
  });

  it('checks regList after the type, and uploads', () => {
    const code = f('input', 'code');
    code.__config__.regList = [{ pattern: '/^LD-\\d+$/', message: '编号格式不对' }];
    const photos = f('uploadImg', 'photos', { limit: 1 });
    expect(
      check([code, photos], {
        code: 'X',
        photos: [
          { name: 'a', url: '/api/file/a' },
          { name: 'b', url: '/b' },
        ],
      }),
    ).toEqual([
      { field: 'code', message: '编号格式不对' },
      { field: 'photos', message: '当前限制最多可以上传1张图片' },
    ]);
    expect(check([photos], { photos: [{ name: 'a', url: 'javascript:alert(1)' }] })).toEqual([
      { field: 'photos', message: '文件地址无效' },
    ]);
    expect(check([photos], { photos: [{ name: 'a' }] })).toEqual([
      { field: 'photos', message: '文件信息不完整' },
    ]);
  });

  it('follows a workflow node: read-only fields are skipped, required overridden', () => {
    const fields = [f('input', 'a', {}, true), f('input', 'b'), table('items', [f('input', 'x')])];
    const operates = [
      { id: 'a', read: true, write: false },
      { id: 'b', read: true, write: true, required: true },
      { id: 'items.x', read: true, write: true, required: true },
    ];
    expect(check(fields, { items: [{}] }, { operates })).toEqual([
      { field: 'b', message: 'B不能为空' },
      { field: 'items[0].x', message: '不能为空' },
    ]);
  });

  it('does not check what the server fills and refuses bad rows', () => {
    const fields = [
      f('createUser', 'creator', {}, true),
      f('billRule', 'no', {}, true),
      f('calculate', 'c'),
      table('items', [f('input', 'x')]),
    ];
    expect(check(fields, { creator: 5, no: 7, c: 'x', items: [1] })).toEqual([
      { field: 'items[0]', message: '取值无效' },
    ]);
    expect(check(fields, { items: 'x' })).toEqual([{ field: 'items', message: '取值无效' }]);
    expect(check(fields, { items: Array.from({ length: 1001 }, () => ({})) })).toEqual([
      { field: 'items', message: '最多1000行' },
    ]);
  });
});

describe('what the server fills', () => {
  const form = normalizeForm(repairOrder);

  it('lists system fields, bill numbers and calculates', () => {
    const withCalc = { fields: [...form.fields, f('billRule', 'no'), table('t', [f('calculate', 'c')])] };
    expect(serverFilledFields(withCalc).map((x) => [x.key, x.kind])).toEqual([
      ['creator', 'system'],
      ['createdAt', 'system'],
      ['dept', 'system'],
      ['no', 'billRule'],
      ['t.c', 'calculate'],
    ]);
  });

  it('strips unknown keys, system values, display-only calculates and unknown row keys', () => {
    const fields = [
      f('input', 'a'),
      f('createUser', 'creator'),
      f('billRule', 'no'),
      f('calculate', 'shown'),
      f('calculate', 'kept', { isStorage: 1 }),
      table('items', [f('input', 'x'), f('calculate', 'sub')]),
    ];
    const data = {
      a: 1,
      creator: 'me',
      no: 'B001',
      shown: 3,
      kept: 4,
      items: [{ x: 'y', sub: 2, evil: 1 }],
      extra: true,
    };
    expect(stripSystemAndDisplay({ fields }, data)).toEqual({
      a: 1,
      no: 'B001',
      kept: 4,
      items: [{ x: 'y' }],
    });
  });
});

describe('fieldProblem', () => {
  it('is the one check of a value the renderer and the server share', () => {
    const name = f('input', 'name', {}, true);
    expect(fieldProblem(name, '')).toBe('NAME不能为空');
    expect(fieldProblem(name, '', { required: false })).toBeNull();
    expect(fieldProblem(name, '', { inTable: true })).toBe('不能为空');
    expect(fieldProblem(f('radio', 'r'), '9')).toBe('不在可选项中');
    expect(fieldProblem(f('radio', 'r'), '9', { options: null })).toBeNull();
    expect(fieldProblem(f('radio', 'r'), '9', { options: [{ id: '9', fullName: 'x' }] })).toBeNull();
    expect(fieldProblem(f('calculate', 'c', {}, true), undefined)).toBeNull();
  });
});
