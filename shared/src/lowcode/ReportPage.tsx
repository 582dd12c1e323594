// A published data report (menu type 5, spec §2): the report's filters (its data interface's
// parameters), its chart (bar, line or pie, drawn by the shared echarts runtime) and its table
// with the server's sort and paging, and export (btn_download) of every row as the table shows them.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Input, Typography } from 'antd';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import DatePicker from 'antd/es/date-picker';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Auth, request, usePagedList } from '@lighting/shared';
import { ExportButton, sortQuery } from '@lighting/shared/admin';
import { useEChart, type ChartOption } from '@lighting/shared/ui';
import { normalizeReportConfig, reportSeries, type ReportConfig } from '@lighting/shared/formcore';
import { base, reportData, type ReportQuery } from './reportApi';
import './i18n';

type Row = Record<string, unknown>;

export interface ReportPageProps {
  reportId: string;
  /** a designer's preview (the design menu; every column) */
  preview?: boolean;
}

export function ReportPage({ reportId, preview = false }: ReportPageProps) {
  const { t } = useTranslation('lowcodeRuntime');
  const [loaded, setLoaded] = useState<{ fullName: string; config: ReportConfig } | { error: string } | null>(
    null,
  );
  useEffect(() => {
    let alive = true;
    request<{ fullName: string; config: unknown }>({
      url: `${base(reportId)}/Config`,
      method: 'get',
      data: preview ? { preview: 1 } : {},
    }).then(
      (res) =>
        alive && setLoaded({ fullName: res.data.fullName, config: normalizeReportConfig(res.data.config) }),
      (e: Error) => alive && setLoaded({ error: e.message }),
    );
    return () => {
      alive = false;
    };
  }, [reportId, preview]);
  if (loaded === null) return null;
  if ('error' in loaded) return <Result status="warning" title={t('loadFailed')} subTitle={loaded.error} />;
  return <Report reportId={reportId} preview={preview} title={loaded.fullName} config={loaded.config} />;
}

function Report({
  reportId,
  preview,
  title,
  config,
}: {
  reportId: string;
  preview: boolean;
  title: string;
  config: ReportConfig;
}) {
  const { t } = useTranslation('lowcodeRuntime');
  const fetchPage = useCallback((q: ReportQuery) => reportData(reportId, q, preview), [reportId, preview]);
  const list = usePagedList<Row, ReportQuery>(fetchPage, {});
  const [values, setValues] = useState<Record<string, string | number | null>>({});
  // each filter's label names its control (label for= the control's input)
  const idBase = useId();
  const [dates, setDates] = useState<Record<string, Dayjs | null>>({});
  // the chart draws every row of the filtered answer, in the table's order
  const [chartRows, setChartRows] = useState<Row[]>([]);
  const { queryJson, sidx, sort } = list.query;
  useEffect(() => {
    if (config.chart.type === 'none') return;
    let alive = true;
    reportData(reportId, { currentPage: 1, pageSize: 100, queryJson, sidx, sort }, preview).then(
      (res) => alive && setChartRows(res.data?.list ?? []),
      () => alive && setChartRows([]),
    );
    return () => {
      alive = false;
    };
  }, [reportId, preview, queryJson, sidx, sort, config.chart.type]);

  const chartRef = useRef<HTMLDivElement>(null);
  const option = useMemo<ChartOption | null>(() => {
    if (config.chart.type === 'none') return null;
    const { categories, series } = reportSeries(chartRows, config);
    if (config.chart.type === 'pie')
      return {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['35%', '65%'],
            name: series[0]?.name ?? '',
            data: categories.map((name, i) => ({ name, value: series[0]?.data[i] ?? 0 })),
          },
        ],
      };
    const type = config.chart.type;
    return {
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 36 },
      xAxis: { type: 'category', data: categories },
      yAxis: { type: 'value' },
      series: series.map((s) => ({ type, name: s.name, data: s.data })),
    } as ChartOption;
  }, [chartRows, config]);
  const chartState = useEChart(chartRef, option);

  const search = () => {
    const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== ''));
    list.search({ queryJson: Object.keys(filled).length ? JSON.stringify(filled) : undefined });
  };
  const reset = () => {
    setValues({});
    setDates({});
    list.search({ queryJson: undefined });
  };

  return (
    <Flex vertical gap={12} data-testid="lowcode-report">
      {config.filters.length > 0 && (
        <Flex gap={8} wrap align="center" data-testid="report-filters">
          {config.filters.map((f) => (
            <Flex key={f.param} gap={6} align="center">
              <label htmlFor={`${idBase}${f.param}`} style={{ whiteSpace: 'nowrap' }}>
                {f.label}
              </label>
              {f.kind === 'text' ? (
                <Input
                  id={`${idBase}${f.param}`}
                  allowClear
                  style={{ width: 180 }}
                  value={String(values[f.param] ?? '')}
                  onChange={(e) => setValues((v) => ({ ...v, [f.param]: e.target.value }))}
                />
              ) : f.kind === 'number' ? (
                <InputNumber
                  id={`${idBase}${f.param}`}
                  style={{ width: 140 }}
                  value={typeof values[f.param] === 'number' ? (values[f.param] as number) : null}
                  onChange={(n) => setValues((v) => ({ ...v, [f.param]: typeof n === 'number' ? n : null }))}
                />
              ) : (
                <DatePicker
                  id={`${idBase}${f.param}`}
                  value={dates[f.param] ?? null}
                  onChange={(d: Dayjs | null) => {
                    setDates((x) => ({ ...x, [f.param]: d }));
                    setValues((v) => ({
                      ...v,
                      [f.param]: d
                        ? (f.kind === 'dateFrom' ? d.startOf('day') : d.endOf('day')).valueOf()
                        : null,
                    }));
                  }}
                  data-testid={`report-filter-${f.param}`}
                />
              )}
            </Flex>
          ))}
          <Button type="primary" onClick={search} data-testid="report-search">
            {t('search')}
          </Button>
          <Button onClick={reset}>{t('reset')}</Button>
        </Flex>
      )}
      {option && (
        <Card size="small" title={t('chart')}>
          <div
            ref={chartRef}
            style={{ height: 300, width: '100%' }}
            data-testid="report-chart"
            data-state={chartState}
          />
        </Card>
      )}
      <Card
        size="small"
        title={t('table')}
        extra={
          preview ? (
            <ReportExport reportId={reportId} title={title} config={config} query={list.query} preview />
          ) : (
            <Auth code="btn_download">
              <ReportExport reportId={reportId} title={title} config={config} query={list.query} />
            </Auth>
          )
        }
      >
        <Table<Row>
          {...list.table}
          rowKey={(r) => JSON.stringify(r)}
          size="small"
          scroll={{ x: 'max-content' }}
          columns={config.columns.map((c) => ({
            key: c.prop,
            dataIndex: c.prop,
            title: c.label,
            align: c.align,
            width: c.width,
            sorter: c.sortable ? true : undefined,
            render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
          }))}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action === 'sort')
              list.setQuery((q) => ({ ...q, ...sortQuery(sorter), currentPage: 1 }));
          }}
          data-testid="report-table"
        />
        {list.data.pagination.total === 0 && !list.loading && (
          <Typography.Text type="secondary">{t('reportEmpty')}</Typography.Text>
        )}
      </Card>
    </Flex>
  );
}

function ReportExport({
  reportId,
  title,
  config,
  query,
  preview,
}: {
  reportId: string;
  title: string;
  config: ReportConfig;
  query: ReportQuery;
  preview?: boolean;
}) {
  const fetchPage = useCallback(
    (q: ReportQuery & { currentPage: number; pageSize: number }) => reportData(reportId, q, preview),
    [reportId, preview],
  );
  return (
    <ExportButton<Row, ReportQuery>
      title={title}
      fetchPage={fetchPage}
      filters={query}
      columns={config.columns.map((c) => ({
        title: c.label,
        value: (r: Row) => (r[c.prop] as string | number) ?? '',
      }))}
    />
  );
}
