// The data reports (menu type 5) beside the models on onlineDev/webDesign: a report is a data
// interface (SQL or HTTP) shown as a table and a chart — its columns (field, label, alignment,
// sortable), its filters (the interface's parameters, typed as text, number or date), its chart
// (bar, line, pie or none: the category column and the series) and default sort. Saved and
// released (under a menu section, like a model) through /api/visualdev/Report.
import { useState } from 'react';
import { Button, Input, Space, Tag, type TableColumnsType } from 'antd';
import Radio from 'antd/es/radio';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Select from 'antd/es/select';
import Checkbox from 'antd/es/checkbox';
import { useTranslation } from 'react-i18next';
import { request, toast, usePagedList, type Paged } from '@lighting/shared';
import { ListFrame, RowActions, useConfirmDelete } from '@lighting/shared/admin';
import { normalizeReportConfig, type ReportConfig } from '@lighting/shared/formcore';
import { dataInterfaces } from '../api';
import { useOnce } from '../useOnce';
import { ReleaseDialog } from './ReleaseDialog';
import '../i18nList';

interface ReportRow {
  id: string;
  fullName: string;
  enCode: string;
  dataInterfaceId: string;
  dataInterfaceName?: string;
  state: number;
}
interface ReportQuery {
  currentPage: number;
  pageSize: number;
  keyword?: string;
}
const REPORT = '/visualdev/Report';
const listReports = (q: ReportQuery) => request<Paged<ReportRow>>({ url: REPORT, method: 'get', data: q });

interface EditorValues {
  fullName: string;
  enCode: string;
  dataInterfaceId: string;
  columns: Array<{
    prop: string;
    label: string;
    align?: 'left' | 'center' | 'right';
    sortable?: boolean;
    /** how data permissions compare the column (a scheme's "greater than" needs numbers) */
    type?: 'text' | 'number';
  }>;
  filters: Array<{ param: string; label: string; kind: 'text' | 'number' | 'dateFrom' | 'dateTo' }>;
  chartType: ReportConfig['chart']['type'];
  chartX?: string;
  chartY?: string[];
  defaultSidx?: string;
  sort: 'asc' | 'desc';
}

export function ReportDesign() {
  const { t } = useTranslation('lowcodeList');
  const list = usePagedList<ReportRow, ReportQuery>(listReports, { keyword: '' });
  const [editing, setEditing] = useState<{ id?: string; values: Partial<EditorValues> } | null>(null);
  const [releasing, setReleasing] = useState<string | null>(null);
  const remove = useConfirmDelete();

  const open = async (id?: string) => {
    if (!id)
      return setEditing({
        values: { columns: [{ prop: '', label: '' }], filters: [], chartType: 'bar', sort: 'desc' },
      });
    try {
      const r = await request<{ fullName: string; enCode: string; dataInterfaceId: string; config: string }>({
        url: `${REPORT}/${encodeURIComponent(id)}`,
        method: 'get',
      });
      const cfg = normalizeReportConfig(r.data.config);
      setEditing({
        id,
        values: {
          fullName: r.data.fullName,
          enCode: r.data.enCode,
          dataInterfaceId: r.data.dataInterfaceId,
          columns: cfg.columns,
          filters: cfg.filters,
          chartType: cfg.chart.type,
          chartX: cfg.chart.x || undefined,
          chartY: cfg.chart.y,
          defaultSidx: cfg.defaultSidx,
          sort: cfg.sort ?? 'desc',
        },
      });
    } catch {
      /* shown by the HTTP client */
    }
  };

  const columns: TableColumnsType<ReportRow> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('reportName') },
    { key: 'enCode', dataIndex: 'enCode', title: t('reportCode') },
    { key: '_di', dataIndex: 'dataInterfaceName', title: t('dataInterface') },
    {
      key: '_state',
      dataIndex: 'state',
      title: t('reportState'),
      render: (s: number) => (s === 1 ? <Tag color="success">{t('released')}</Tag> : <Tag>{t('draft')}</Tag>),
    },
    {
      key: '_actions',
      title: t('actions'),
      render: (_v, r) => (
        <RowActions
          wrap={false}
          actions={[
            {
              key: 'edit',
              label: t('edit'),
              onClick: () => void open(r.id),
              code: 'btn_edit',
              testId: 'report-edit',
            },
            {
              key: 'release',
              label: t('release'),
              onClick: () => setReleasing(r.id),
              code: 'btn_release',
              testId: 'report-release',
            },
            {
              key: 'remove',
              label: t('remove'),
              onClick: () => void remove(`${REPORT}/${encodeURIComponent(r.id)}`, () => void list.reload()),
              code: 'btn_remove',
              danger: true,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListFrame<ReportRow, ReportQuery>
        list={list}
        columns={columns}
        columnAuth={false}
        onAdd={() => void open()}
        testId="report-list"
      />
      {editing && (
        <ReportEditor
          id={editing.id}
          initial={editing.values}
          onClose={() => setEditing(null)}
          onSaved={() => void list.reload()}
        />
      )}
      {releasing && (
        <ReleaseDialog
          kind="report"
          modelId={releasing}
          onClose={() => setReleasing(null)}
          onReleased={() => void list.reload()}
        />
      )}
    </>
  );
}

function ReportEditor({
  id,
  initial,
  onClose,
  onSaved,
}: {
  id?: string;
  initial: Partial<EditorValues>;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation('lowcodeList');
  const [form] = Form.useForm<EditorValues>();
  const [busy, setBusy] = useState(false);
  const interfaces = useOnce('dataInterfaces', dataInterfaces);
  const cols = Form.useWatch('columns', form) ?? initial.columns ?? [];
  const chartType = Form.useWatch('chartType', form) ?? initial.chartType;
  const colOptions = cols.filter((c) => c?.prop).map((c) => ({ value: c.prop, label: c.label || c.prop }));

  const submit = async () => {
    const v = await form.validateFields();
    const config: ReportConfig = {
      columns: v.columns.map(({ type, ...c }) => ({
        ...c,
        prop: c.prop.trim(),
        label: c.label.trim() || c.prop.trim(),
        // a text column stores no type (formcore/report.ts)
        ...(type === 'number' ? { type } : {}),
      })),
      filters: (v.filters ?? []).map((f) => ({
        ...f,
        param: f.param.trim(),
        label: f.label.trim() || f.param,
      })),
      chart: { type: v.chartType, x: v.chartX ?? '', y: v.chartY ?? [] },
      ...(v.defaultSidx ? { defaultSidx: v.defaultSidx } : {}),
      sort: v.sort,
    };
    setBusy(true);
    try {
      const res = await request<unknown>({
        url: id ? `${REPORT}/${encodeURIComponent(id)}` : REPORT,
        method: id ? 'put' : 'post',
        data: {
          fullName: v.fullName.trim(),
          enCode: v.enCode.trim(),
          dataInterfaceId: v.dataInterfaceId,
          config: JSON.stringify(config),
        },
      });
      toast('success', res.msg);
      onSaved();
      onClose();
    } catch {
      /* shown by the HTTP client; the dialog stays */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      width={860}
      title={id ? t('editReport') : t('addReport')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      data-testid="report-editor"
    >
      <Form form={form} layout="vertical" initialValues={initial}>
        <Space.Compact block>
          <Form.Item
            name="fullName"
            label={t('reportName')}
            rules={[{ required: true, max: 50 }]}
            style={{ flex: 1 }}
          >
            <Input maxLength={50} data-testid="report-name" />
          </Form.Item>
          <Form.Item
            name="enCode"
            label={t('reportCode')}
            rules={[{ required: true, max: 50, pattern: /^[A-Za-z0-9](?:[A-Za-z0-9.]*[A-Za-z0-9])?$/ }]}
            style={{ flex: 1, marginLeft: 12 }}
          >
            <Input maxLength={50} data-testid="report-code" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="dataInterfaceId" label={t('dataInterface')} rules={[{ required: true }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={(interfaces.data ?? []).map((d) => ({ value: d.id, label: d.fullName }))}
            data-testid="report-interface"
          />
        </Form.Item>
        <Form.Item label={t('reportColumns')} required>
          <Form.List name="columns">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item
                      name={[f.name, 'prop']}
                      rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/ }]}
                    >
                      <Input placeholder={t('reportField')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'label']}>
                      <Input placeholder={t('label')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'align']} initialValue="left">
                      <Select
                        style={{ width: 90 }}
                        options={(['left', 'center', 'right'] as const).map((a) => ({
                          value: a,
                          label: t(a),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'type']} initialValue="text">
                      <Select
                        style={{ width: 90 }}
                        aria-label={t('columnType')}
                        options={(['text', 'number'] as const).map((k) => ({
                          value: k,
                          label: t(`filter_${k}`),
                        }))}
                      />
                    </Form.Item>
                    <Form.Item name={[f.name, 'sortable']} valuePropName="checked">
                      <Checkbox>{t('sortable')}</Checkbox>
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {t('remove')}
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ prop: '', label: '', align: 'left' })}>{t('addColumn')}</Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item label={t('reportFilters')}>
          <Form.List name="filters">
            {(fields, { add, remove }) => (
              <>
                {fields.map((f) => (
                  <Space key={f.key} align="baseline" wrap>
                    <Form.Item name={[f.name, 'param']} rules={[{ required: true }]}>
                      <Input placeholder={t('reportParam')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'label']}>
                      <Input placeholder={t('label')} style={{ width: 160 }} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'kind']} initialValue="text">
                      <Select
                        style={{ width: 130 }}
                        options={(['text', 'number', 'dateFrom', 'dateTo'] as const).map((k) => ({
                          value: k,
                          label: t(`filter_${k}`),
                        }))}
                      />
                    </Form.Item>
                    <Button type="link" danger onClick={() => remove(f.name)}>
                      {t('remove')}
                    </Button>
                  </Space>
                ))}
                <Button onClick={() => add({ param: '', label: '', kind: 'text' })}>{t('addFilter')}</Button>
              </>
            )}
          </Form.List>
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="chartType" label={t('chartType')}>
            <Radio.Group
              options={(['bar', 'line', 'pie', 'none'] as const).map((k) => ({
                value: k,
                label: t(`chart_${k}`),
              }))}
            />
          </Form.Item>
          {chartType !== 'none' && (
            <>
              <Form.Item name="chartX" label={t('chartX')}>
                <Select style={{ width: 160 }} options={colOptions} />
              </Form.Item>
              <Form.Item name="chartY" label={t('chartY')}>
                <Select mode="multiple" style={{ width: 220 }} options={colOptions} />
              </Form.Item>
            </>
          )}
          <Form.Item name="defaultSidx" label={t('defaultSort')}>
            <Select allowClear style={{ width: 160 }} options={colOptions} />
          </Form.Item>
          <Form.Item name="sort" label=" ">
            <Select
              style={{ width: 100 }}
              options={[
                { value: 'asc', label: t('asc') },
                { value: 'desc', label: t('desc') },
              ]}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
