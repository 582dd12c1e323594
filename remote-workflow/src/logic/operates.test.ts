import type { FlowFormField } from '@lighting/shared/flowcore';
import { columnState, operateRows, toOperates, toggleAll, toggleOperate } from './operates';

const fields: FlowFormField[] = [
  { key: 'title', label: '标题', conditionType: 'text' },
  { key: 'cost', label: '金额', conditionType: 'number' },
  { key: 'items', label: '明细', conditionType: null },
  { key: 'items.qty', label: '数量', conditionType: null, table: 'items' },
];

describe('operate rows', () => {
  it('uses flowcore defaults: the start writes, an approver only reads', () => {
    expect(operateRows(fields, [], true).every((r) => r.read && r.write && !r.required)).toBe(true);
    expect(operateRows(fields, [], false).every((r) => r.read && !r.write)).toBe(true);
  });

  it("keeps the node's own entries and a column follows its table's", () => {
    const rows = operateRows(fields, [{ id: 'items', read: true, write: true, required: false }], false);
    expect(rows.find((r) => r.id === 'items.qty')).toMatchObject({ write: true, table: 'items' });
    expect(rows.find((r) => r.id === 'cost')).toMatchObject({ write: false });
  });

  it('keeps a row consistent when a switch changes', () => {
    let rows = operateRows(fields, [], false);
    rows = toggleOperate(rows, 'cost', 'required', true);
    expect(rows.find((r) => r.id === 'cost')).toMatchObject({ read: true, write: true, required: true });
    rows = toggleOperate(rows, 'cost', 'read', false);
    expect(rows.find((r) => r.id === 'cost')).toMatchObject({ read: false, write: false, required: false });
    rows = toggleOperate(rows, 'cost', 'write', true);
    expect(rows.find((r) => r.id === 'cost')).toMatchObject({ read: true, write: true, required: false });
    rows = toggleOperate(rows, 'cost', 'write', false);
    expect(rows.find((r) => r.id === 'cost')).toMatchObject({ read: true, write: false });
  });

  it('sets a whole column and reports its state', () => {
    let rows = operateRows(fields, [], false);
    expect(columnState(rows, 'write')).toBe('none');
    rows = toggleOperate(rows, 'title', 'write', true);
    expect(columnState(rows, 'write')).toBe('some');
    rows = toggleAll(rows, 'write', true);
    expect(columnState(rows, 'write')).toBe('all');
    expect(toOperates(rows)[0]).toEqual({ id: 'title', read: true, write: true, required: false });
  });
});
