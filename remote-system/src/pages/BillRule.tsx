// system/billRule — bill numbering rules: server paging, create, edit, delete, enable/disable,
// and "issue a number" (GET BillNumber/{enCode}) listing the numbers issued in this dialog.
import { useState } from 'react';
import { Button, Input, Typography, type TableColumnsType } from 'antd';
import Switch from 'antd/es/switch';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import InputNumber from 'antd/es/input-number';
import { useTranslation } from 'react-i18next';
import { request, toast, usePagedList, type RemotePageProps } from '@lighting/shared';
import { FormModal, ListFrame, StateSwitch, useConfirmDelete } from '@lighting/shared/admin';
import { one, paged, save, urls, type ListQuery, type RuleRow, type RuleDetail } from '../api';
import { RowActions } from '../components/common';
import { DATE_FORMATS, previewNumber, type DateFormat } from '../logic/billNumber';
import '../i18n';

interface RuleForm {
  fullName: string;
  enCode: string;
  prefix?: string;
  dateFormat?: DateFormat;
  digit: number;
  startNumber?: number;
  suffix?: string;
  description?: string;
  sortCode?: number;
  enabledMark?: boolean;
}

const fetchRules = paged<RuleRow>(urls.billRule);

function IssueDialog({ rule, onClose }: { rule: RuleRow; onClose: () => void }) {
  const { t } = useTranslation('system');
  const [numbers, setNumbers] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const issue = async () => {
    setBusy(true);
    try {
      const res = await request<string>({
        url: `${urls.billRule}/BillNumber/${encodeURIComponent(rule.enCode)}`,
        method: 'get',
      });
      setNumbers((n) => [...n, res.data]);
    } catch {
      /* shown by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('issueNumber')} — ${rule.fullName}`}
      onCancel={onClose}
      footer={null}
      data-testid="issue-dialog"
    >
      <Button type="primary" loading={busy} onClick={issue} data-testid="issue-next">
        {t('issueNext')}
      </Button>
      <List
        size="small"
        style={{ marginTop: 12 }}
        dataSource={numbers}
        locale={{ emptyText: t('noneIssued') }}
        renderItem={(n, i) => (
          <List.Item data-testid="issued-number">
            <Typography.Text code>{n}</Typography.Text>
            <span>#{i + 1}</span>
          </List.Item>
        )}
      />
    </Modal>
  );
}

function Preview({ values }: { values: Partial<RuleForm> }) {
  const { t } = useTranslation('system');
  if (!values.digit) return null;
  return (
    <Typography.Text type="secondary" data-testid="bill-preview">
      {t('preview')}：
      {previewNumber(
        {
          prefix: values.prefix,
          dateFormat: values.dateFormat ?? '',
          digit: values.digit,
          startNumber: values.startNumber,
          suffix: values.suffix,
        },
        new Date(),
      )}
    </Typography.Text>
  );
}

export default function BillRule(_props: RemotePageProps) {
  const { t } = useTranslation('system');
  const list = usePagedList<RuleRow, ListQuery>(fetchRules, { keyword: '' });
  const [editing, setEditing] = useState<{ id?: string; values: Partial<RuleForm> } | null>(null);
  const [draft, setDraft] = useState<Partial<RuleForm>>({});
  const [issuing, setIssuing] = useState<RuleRow | null>(null);
  const remove = useConfirmDelete();

  const openEdit = async (id?: string) => {
    const values: Partial<RuleForm> = id
      ? await one<RuleDetail>(`${urls.billRule}/${id}`).then((r) => ({
          ...r,
          // the server stores only these (its body's enum)
          dateFormat: r.dateFormat as DateFormat,
          enabledMark: r.enabledMark === 1,
        }))
      : {
          dateFormat: 'yyyyMMdd',
          digit: 4,
          startNumber: 1,
          prefix: '',
          suffix: '',
          sortCode: 0,
          enabledMark: true,
        };
    setDraft(values);
    setEditing({ id, values });
  };

  const columns: TableColumnsType<RuleRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('ruleName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('ruleCode') },
    { key: '_prefix', dataIndex: 'prefix', title: t('prefix') },
    { key: '_dateFormat', dataIndex: 'dateFormat', title: t('dateFormat') },
    { key: '_digit', dataIndex: 'digit', title: t('digit') },
    { key: 'outputNumber', dataIndex: 'outputNumber', title: t('outputNumber') },
    { key: '_description', dataIndex: 'description', title: t('description'), ellipsis: true },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('state'),
      render: (v: number, r) => (
        <StateSwitch value={v} url={`${urls.billRule}/${r.id}/Actions/State`} onChanged={list.reload} />
      ),
    },
    {
      key: '_actions',
      title: t('actions'),
      fixed: 'right',
      render: (_: unknown, r) => (
        <RowActions
          onEdit={() => void openEdit(r.id)}
          onRemove={() => void remove(`${urls.billRule}/${r.id}`, list.reload)}
          extra={[
            {
              key: 'issue',
              label: t('issueNumber'),
              onClick: () => setIssuing(r),
              disabled: r.enabledMark !== 1,
              testId: 'row-issue',
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListFrame<RuleRow, ListQuery>
        list={list}
        columns={columns}
        onAdd={() => void openEdit()}
        testId="billrule-list"
      />
      {issuing && (
        <IssueDialog
          rule={issuing}
          onClose={() => {
            setIssuing(null);
            list.reload();
          }}
        />
      )}
      <FormModal<RuleForm>
        open={editing !== null}
        title={editing?.id ? t('editRule') : t('addRule')}
        initialValues={editing?.values}
        onClose={() => setEditing(null)}
        onValuesChange={(_c, all) => setDraft(all)}
        onSubmit={async (v) => {
          const msg = await save(urls.billRule, editing?.id, {
            fullName: v.fullName.trim(),
            enCode: v.enCode.trim(),
            prefix: (v.prefix ?? '').trim(),
            dateFormat: v.dateFormat ?? '',
            digit: v.digit,
            startNumber: v.startNumber ?? 1,
            suffix: (v.suffix ?? '').trim(),
            description: (v.description ?? '').trim(),
            sortCode: v.sortCode ?? 0,
            enabledMark: v.enabledMark === false ? 0 : 1,
          });
          toast('success', msg);
          list.reload();
        }}
        fields={[
          { name: 'fullName', label: t('ruleName'), required: true, max: 50 },
          { name: 'enCode', label: t('ruleCode'), required: true, rules: ['enCode'], max: 50 },
          { name: 'prefix', label: t('prefix'), max: 20 },
          {
            name: 'dateFormat',
            label: t('dateFormat'),
            input: <Select options={DATE_FORMATS.map((f) => ({ value: f, label: f || t('noDate') }))} />,
          },
          {
            name: 'digit',
            label: t('digit'),
            required: true,
            rules: ['positiveInteger'],
            input: <InputNumber min={1} max={12} precision={0} />,
          },
          { name: 'startNumber', label: t('startNumber'), input: <InputNumber min={0} precision={0} /> },
          { name: 'suffix', label: t('suffix'), max: 20, extra: <Preview values={draft} /> },
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
