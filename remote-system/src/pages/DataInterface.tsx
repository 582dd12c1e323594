// systemData/dataInterface — data interfaces (a read-only parameterised SQL query on our own
// database, or an HTTP endpoint on the allow-list): server paging, create, edit, delete,
// enable/disable, and "test" which runs GET {id}/Actions/Response and shows the answer.
import { useState } from 'react';
import { Button, Input, Tag, Typography, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Form from 'antd/es/form';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { request, toast, usePagedList, type RemotePageProps } from '@lighting/shared';
import { FormModal, ListFrame, StateSwitch, useConfirmDelete } from '@lighting/shared/admin';
import { one, paged, save, urls, type ListQuery, type InterfaceRow, type InterfaceDetail } from '../api';
import { RowActions } from '../components/common';
import { formatTime } from '../logic/format';
import { parameterNames } from '../logic/sqlParams';
import '../i18n';

interface InterfaceForm {
  fullName: string;
  enCode: string;
  dataType: number;
  requestMethod: 'GET' | 'POST';
  query?: string;
  path?: string;
  description?: string;
  sortCode?: number;
  enabledMark?: boolean;
}

const fetchInterfaces = paged<InterfaceRow>(urls.dataInterface);

function TestDialog({ row, onClose }: { row: InterfaceRow; onClose: () => void }) {
  const { t } = useTranslation('system');
  const params = row.dataType === 1 ? parameterNames(row.query ?? '') : [];
  const [values, setValues] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const res = await request<unknown>({
        url: `${urls.dataInterface}/${row.id}/Actions/Response`,
        method: 'get',
        data: values,
        passThrough: true,
      });
      setAnswer(JSON.stringify(res.code === 200 ? res.data : res, null, 2));
    } catch {
      setAnswer(null);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open width={720} title={`${t('test')} — ${row.fullName}`} onCancel={onClose} footer={null}>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        {params.map((p) => (
          <Form.Item key={p} label={p}>
            <Input
              value={values[p] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [p]: e.target.value }))}
              data-testid={`param-${p}`}
            />
          </Form.Item>
        ))}
        <Button type="primary" loading={busy} onClick={run} data-testid="run-test">
          {t('runTest')}
        </Button>
      </Form>
      {answer !== null && (
        <Typography.Paragraph>
          <pre style={{ maxHeight: 400, overflow: 'auto' }} data-testid="test-answer">
            {answer}
          </pre>
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

export default function DataInterface(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const list = usePagedList<InterfaceRow, ListQuery>(fetchInterfaces, { keyword: '' });
  const [editing, setEditing] = useState<{ id?: string; values: Partial<InterfaceForm> } | null>(null);
  const [dataType, setDataType] = useState(1);
  const [testing, setTesting] = useState<InterfaceRow | null>(null);
  const remove = useConfirmDelete();

  const openEdit = async (id?: string) => {
    if (!id) {
      setDataType(1);
      return setEditing({ values: { dataType: 1, requestMethod: 'GET', sortCode: 0, enabledMark: true } });
    }
    const r = await one<InterfaceDetail>(`${urls.dataInterface}/${id}`);
    setDataType(r.dataType);
    setEditing({
      id,
      values: {
        ...r,
        requestMethod: r.requestMethod === 'POST' ? 'POST' : 'GET',
        enabledMark: r.enabledMark === 1,
      },
    });
  };

  const columns: TableColumnsType<InterfaceRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('interfaceName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('enCode') },
    {
      key: 'dataType',
      dataIndex: 'dataType',
      title: t('dataType'),
      render: (v: number) => <Tag>{v === 1 ? t('sqlQuery') : t('httpCall')}</Tag>,
    },
    { key: 'requestMethod', dataIndex: 'requestMethod', title: t('requestMethod') },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number, r) => (
        <StateSwitch value={v} url={`${urls.dataInterface}/${r.id}/Actions/State`} onChanged={list.reload} />
      ),
    },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('creatorTime'), render: formatTime },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.dataInterface}/${r.id}`, list.reload)}
          extra={[{ key: 'test', label: t('test'), onClick: () => setTesting(r), testId: 'row-test' }]}
        />
      ),
    },
  ];

  return (
    <>
      <ListFrame<InterfaceRow, ListQuery>
        list={list}
        columns={columns}
        onAdd={() => void openEdit()}
        filters={
          <Select
            allowClear
            placeholder={t('dataType')}
            aria-label={t('dataType')}
            style={{ width: 140 }}
            options={[
              { value: 1, label: t('sqlQuery') },
              { value: 2, label: t('httpCall') },
            ]}
            onChange={(v: number | undefined) => list.search({ dataType: v ?? '' })}
          />
        }
        testId="interface-list"
      />
      {testing && <TestDialog row={testing} onClose={() => setTesting(null)} />}
      <FormModal<InterfaceForm>
        open={editing !== null}
        title={editing?.id ? t('editInterface') : t('addInterface')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        width={720}
        onValuesChange={(c) => {
          if (c.dataType !== undefined) setDataType(c.dataType);
        }}
        onSubmit={async (v) => {
          const msg = await save(urls.dataInterface, editing?.id, {
            fullName: v.fullName.trim(),
            enCode: v.enCode.trim(),
            dataType: v.dataType,
            requestMethod: v.requestMethod,
            query: v.dataType === 1 ? (v.query ?? '').trim() : '',
            path: v.dataType === 2 ? (v.path ?? '').trim() : '',
            description: (v.description ?? '').trim(),
            sortCode: v.sortCode ?? 0,
            enabledMark: v.enabledMark === false ? 0 : 1,
          });
          toast('success', msg);
          list.reload();
        }}
        fields={[
          { name: 'fullName', label: t('interfaceName'), required: true, max: 50 },
          { name: 'enCode', label: t('enCode'), required: true, rules: ['enCode'], max: 50 },
          {
            name: 'dataType',
            label: t('dataType'),
            required: true,
            input: (
              <Select
                options={[
                  { value: 1, label: t('sqlQuery') },
                  { value: 2, label: t('httpCall') },
                ]}
              />
            ),
          },
          {
            name: 'requestMethod',
            label: t('requestMethod'),
            input: (
              <Select
                options={[{ value: 'GET' }, { value: 'POST' }].map((o) => ({ ...o, label: o.value }))}
              />
            ),
          },
          {
            name: 'query',
            label: t('sqlText'),
            required: dataType === 1,
            hidden: dataType !== 1,
            extra: t('sqlHint'),
            input: <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} />,
          },
          {
            name: 'path',
            label: t('httpPath'),
            required: dataType === 2,
            hidden: dataType !== 2,
            extra: t('httpHint'),
          },
          {
            name: 'sortCode',
            label: t('sortCode'),
            input: <InputNumber min={0} max={999999} precision={0} />,
          },
          { name: 'enabledMark', label: t('state'), valuePropName: 'checked', input: <Switch /> },
          { name: 'description', label: t('description'), max: 500, input: <Input.TextArea rows={2} /> },
        ]}
      />
    </>
  );
}
