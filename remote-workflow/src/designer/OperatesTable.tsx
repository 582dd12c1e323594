// A node's per-field permissions: one row per form field with read / write / required switches;
// the header boxes set a whole column. Rules in logic/operates.ts.
import { useMemo } from 'react';
import Checkbox from 'antd/es/checkbox';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FlowFormField, FormOperate } from '@lighting/shared/flowcore';
import {
  columnState,
  operateRows,
  toOperates,
  toggleAll,
  toggleOperate,
  type OperateKey,
  type OperateRow,
} from '../logic/operates';
import '../i18n';

export function OperatesTable({
  fields,
  value,
  isStart,
  onChange,
}: {
  fields: readonly FlowFormField[];
  value: readonly FormOperate[];
  isStart: boolean;
  onChange: (v: FormOperate[]) => void;
}) {
  const { t } = useTranslation('workflow');
  const rows = useMemo(() => operateRows(fields, value, isStart), [fields, value, isStart]);
  const column = (key: OperateKey, title: string) => {
    const state = columnState(rows, key);
    return {
      key,
      width: 90,
      title: (
        <Checkbox
          checked={state === 'all'}
          indeterminate={state === 'some'}
          onChange={(e) => onChange(toOperates(toggleAll(rows, key, e.target.checked)))}
          data-testid={`operates-all-${key}`}
        >
          {title}
        </Checkbox>
      ),
      render: (_: unknown, r: OperateRow) => (
        <Checkbox
          checked={r[key]}
          onChange={(e) => onChange(toOperates(toggleOperate(rows, r.id, key, e.target.checked)))}
          data-testid={`operate-${r.id}-${key}`}
        />
      ),
    };
  };
  return (
    <Table<OperateRow>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('noFormFields') }}
      data-testid="operates-table"
      columns={[
        {
          key: 'label',
          title: t('formField'),
          render: (_: unknown, r) => (
            <span data-user-text style={r.table ? { paddingLeft: 16, color: '#666' } : undefined}>
              {r.label}
            </span>
          ),
        },
        column('read', t('opRead')),
        column('write', t('opWrite')),
        column('required', t('opRequired')),
      ]}
    />
  );
}
