import { createField, type FormField } from '@lighting/shared/formcore';
import { importColumns, rowErrors } from './transfer-rules';

const field = (key: 'input' | 'select' | 'inputNumber', name: string, label: string): FormField => {
  const f = createField(key, name);
  f.__vModel__ = name;
  f.__config__.label = label;
  return f;
};

describe('rowErrors', () => {
  const cols = importColumns({
    fields: [
      field('input', 'name', '名称'),
      field('select', 'kind', '类型'),
      field('inputNumber', 'watts', '功率'),
    ],
  });

  it("lists every problem of a row in column order: unread cells and the form's own problems", () => {
    expect(
      rowErrors(
        4,
        [{ key: 'kind', message: '"没有这个" 不在可选项中' }],
        [
          { field: 'watts', message: '不能大于10000' },
          { field: 'name', message: '名称不能为空' },
        ],
        cols,
      ),
    ).toEqual([
      { row: 4, field: '名称', message: '名称不能为空' },
      { row: 4, field: '类型', message: '"没有这个" 不在可选项中' },
      { row: 4, field: '功率', message: '不能大于10000' },
    ]);
  });

  it('does not report an unread cell twice; a path outside the template keeps its own name', () => {
    expect(
      rowErrors(
        2,
        [{ key: 'kind', message: '"x" 不在可选项中' }],
        [
          { field: 'kind', message: '类型不能为空' },
          { field: 'items[0].qty', message: '不能为空' },
        ],
        cols,
      ),
    ).toEqual([
      { row: 2, field: '类型', message: '"x" 不在可选项中' },
      { row: 2, field: 'items[0].qty', message: '不能为空' },
    ]);
  });
});
