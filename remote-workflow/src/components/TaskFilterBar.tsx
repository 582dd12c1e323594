// The filters of the workflow lists beside ListFrame's keyword box: a date range with presets,
// the flow (grouped by category), and, where the list has them, status and urgency. The chosen
// values become the list query through logic/filters' taskQuery.
import { useEffect, useState } from 'react';
import Select from 'antd/es/select';
import DatePicker from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TASK_STATUSES, URGENCIES } from '@lighting/shared/flowcore';
import { flowSelector, type FlowSelectorGroup } from '../api';
import { RANGE_PRESETS, presetRange, taskQuery, type TaskFilters } from '../logic/filters';
import '../i18n';

let selectorLoad: Promise<FlowSelectorGroup[]> | null = null;
const loadSelector = (): Promise<FlowSelectorGroup[]> => {
  if (!selectorLoad) {
    selectorLoad = flowSelector();
    selectorLoad.catch(() => (selectorLoad = null));
  }
  return selectorLoad;
};

export function TaskFilterBar({
  value,
  onChange,
  status,
  urgency = true,
}: {
  value: TaskFilters;
  onChange: (f: TaskFilters, query: Record<string, string | number>) => void;
  /** which statuses the list may be filtered by (none: no status filter) */
  status?: readonly number[];
  urgency?: boolean;
}) {
  const { t } = useTranslation('workflow');
  const [groups, setGroups] = useState<FlowSelectorGroup[]>([]);
  useEffect(() => {
    loadSelector().then(setGroups, () => undefined);
  }, []);
  const set = (patch: Partial<TaskFilters>) => {
    const next = { ...value, ...patch };
    onChange(next, taskQuery(next));
  };
  const now = Date.now();
  const range: [Dayjs, Dayjs] | null = value.range ? [dayjs(value.range[0]), dayjs(value.range[1])] : null;
  return (
    <>
      <DatePicker.RangePicker
        value={range}
        onChange={(r) => set({ range: r && r[0] && r[1] ? [r[0].valueOf(), r[1].valueOf()] : null })}
        presets={RANGE_PRESETS.map((p) => {
          const [a, b] = presetRange(p.days, now);
          return { label: t(p.key), value: [dayjs(a), dayjs(b)] as [Dayjs, Dayjs] };
        })}
        style={{ width: 250 }}
        data-testid="filter-range"
      />
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('filterFlow')}
        aria-label={t('filterFlow')}
        style={{ width: 180 }}
        value={value.flowId || undefined}
        onChange={(v?: string) => set({ flowId: v ?? '' })}
        options={groups.map((g) => ({
          label: g.fullName || t('uncategorised'),
          title: g.fullName,
          options: g.children.map((c) => ({ value: c.id, label: c.fullName })),
        }))}
        data-testid="filter-flow"
      />
      {status && (
        <Select
          allowClear
          placeholder={t('filterStatus')}
          aria-label={t('filterStatus')}
          style={{ width: 130 }}
          value={typeof value.status === 'number' ? value.status : undefined}
          onChange={(v?: number) => set({ status: v ?? '' })}
          options={TASK_STATUSES.filter((s) => status.includes(s)).map((s) => ({
            value: s,
            label: t(`status_${s}`),
          }))}
          data-testid="filter-status"
        />
      )}
      {urgency && (
        <Select
          allowClear
          placeholder={t('filterUrgency')}
          aria-label={t('filterUrgency')}
          style={{ width: 120 }}
          value={typeof value.flowUrgent === 'number' ? value.flowUrgent : undefined}
          onChange={(v?: number) => set({ flowUrgent: v ?? '' })}
          options={URGENCIES.map((u) => ({ value: u, label: t(`urgent_${u}`) }))}
          data-testid="filter-urgency"
        />
      )}
    </>
  );
}
