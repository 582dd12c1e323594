// relationForm: a record of another model, shown by its relationField. Chosen in JNPF's table
// popup: a search over the shown field and the designer's columns (columnOptions), server paging
// (the field's pageSize; hasPage false: one page of 100), a row chosen by a click and OK or by a
// double click. The chosen record (DataChange) is kept in the runtime so relationFormAttr shows its
// showField. Loaded when a form shows one (registry.ts): the picker brings antd's Table and Modal.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'antd';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Flex from 'antd/es/flex';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { ownText, type FormField } from '@lighting/shared/formcore';
import { relationRows, type RelationRow } from '../api';
import { relationPickerColumns } from '../logic';
import { useRelationRecord } from '../runtime';
import type { ControlProps } from './basic';
import { show } from './relationAttr';
import '../i18n';

export function RelationFormControl({
  field,
  value,
  onChange,
  onBlur,
  disabled,
  id,
  relationKey,
}: ControlProps & { relationKey: string }) {
  const { t } = useTranslation('form');
  const modelId = typeof field.modelId === 'string' ? field.modelId : '';
  const relationField = typeof field.relationField === 'string' ? field.relationField : '';
  const [open, setOpen] = useState(false);
  const record = useRelationRecord(relationKey, modelId, value);
  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const shown = current ? (record ? show(record[relationField]) || current : current) : '';
  const pick = () => !disabled && modelId && relationField && setOpen(true);

  return (
    <>
      <Input
        id={id}
        readOnly
        value={shown}
        disabled={disabled}
        placeholder={disabled ? undefined : (ownText(field.placeholder) ?? t('select'))}
        allowClear={field.clearable !== false && !disabled}
        // the clear icon is the only change a read-only box makes
        onChange={(e) => e.target.value === '' && onChange?.(null)}
        onClick={pick}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
            e.preventDefault();
            pick();
          }
        }}
        onBlur={onBlur}
        suffix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.45)' }} onClick={pick} />}
        style={{ cursor: disabled ? undefined : 'pointer' }}
        data-testid="relation-input"
      />
      {open && (
        <RelationPicker
          field={field}
          modelId={modelId}
          relationField={relationField}
          current={current}
          onClose={() => setOpen(false)}
          onPick={(row) => {
            setOpen(false);
            onChange?.(row);
          }}
        />
      )}
    </>
  );
}

/** The table popup: search, paging, the designer's columns; a row chosen answers its id. */
function RelationPicker({
  field,
  modelId,
  relationField,
  current,
  onClose,
  onPick,
}: {
  field: FormField;
  modelId: string;
  relationField: string;
  current: string;
  onClose(): void;
  onPick(id: string): void;
}) {
  const { t } = useTranslation('form');
  const columns = relationPickerColumns(field);
  const paged = field.hasPage !== false;
  const pageSize =
    paged && typeof field.pageSize === 'number' && field.pageSize > 0
      ? Math.min(field.pageSize, 100)
      : paged
        ? 20
        : 100;
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1 });
  const [data, setData] = useState<{ list: RelationRow[]; total: number; loading: boolean }>({
    list: [],
    total: 0,
    loading: true,
  });
  const [chosen, setChosen] = useState<string>(current);
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    setData((d) => ({ ...d, loading: true }));
    relationRows(modelId, relationField, {
      columns: columns.map((c) => c.key).filter((k) => k !== relationField),
      keyword: query.keyword,
      currentPage: query.page,
      pageSize,
    }).then(
      (r) => mine === seq.current && setData({ ...r, loading: false }),
      () => mine === seq.current && setData((d) => ({ ...d, loading: false })),
    );
    // columns follow the field, which does not change while the popup is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modelId, relationField, query, pageSize]);

  const width = typeof field.popupWidth === 'string' && field.popupWidth ? field.popupWidth : 800;
  return (
    <Modal
      open
      title={ownText(field.popupTitle) ?? t('pickRecord')}
      width={width}
      onCancel={onClose}
      okText={t('ok')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !chosen, ...{ 'data-testid': 'relation-pick-ok' } }}
      onOk={() => chosen && onPick(chosen)}
      destroyOnHidden
      data-testid="relation-picker"
    >
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Input
          allowClear
          value={typed}
          placeholder={t('keyword')}
          aria-label={t('keyword')}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => setQuery({ keyword: typed.trim(), page: 1 })}
          data-testid="relation-keyword"
        />
        <Button type="primary" onClick={() => setQuery({ keyword: typed.trim(), page: 1 })}>
          {t('search')}
        </Button>
      </Flex>
      <Table<RelationRow>
        size="small"
        rowKey="id"
        loading={data.loading}
        dataSource={data.list}
        columns={columns.map((c) => ({ key: c.key, dataIndex: c.key, title: c.title, ellipsis: true }))}
        locale={{ emptyText: t('noData') }}
        scroll={{ y: 'calc(100vh - 360px)' }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosen ? [chosen] : [],
          onChange: (keys) => setChosen(String(keys[0] ?? '')),
        }}
        onRow={(r) => ({
          onClick: () => setChosen(r.id),
          onDoubleClick: () => onPick(r.id),
          style: { cursor: 'pointer' },
        })}
        pagination={
          paged
            ? {
                current: query.page,
                pageSize,
                total: data.total,
                showSizeChanger: false,
                onChange: (page) => setQuery((q) => ({ ...q, page })),
              }
            : false
        }
        data-testid="relation-table"
      />
    </Modal>
  );
}
