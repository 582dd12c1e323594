// A published list's search fields (the list JSON's searchList): text typed, the form's own
// picker for choices and people (FieldControl in a ControlScope), number and date ranges; 查询
// sends them as the list call's queryJson, 重置 clears them.
import { useId, useState } from 'react';
import { Button, Input } from 'antd';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import DatePicker from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ControlScope, FieldControl } from '@lighting/shared/form';
import type { SearchItem, SearchValue } from './listLogic';
import './i18n';

export interface SearchBarProps {
  modelId: string;
  items: readonly SearchItem[];
  onSearch(values: Record<string, SearchValue>): void;
}

type Range = [number | null, number | null];

const dayStart = (d: Dayjs) => d.startOf('day');
const dayEnd = (d: Dayjs) => d.endOf('day');

export function SearchBar({ modelId, items, onSearch }: SearchBarProps) {
  const { t } = useTranslation('lowcodeRuntime');
  // each field's label names its control (label for= the control's input)
  const idBase = useId();
  const [values, setValues] = useState<Record<string, SearchValue>>({});
  const [dates, setDates] = useState<Record<string, [Dayjs | null, Dayjs | null] | null>>({});
  const set = (prop: string, v: SearchValue) => setValues((x) => ({ ...x, [prop]: v }));
  if (!items.length) return null;

  const setDates2 = (
    prop: string,
    input: SearchItem['input'],
    range: [Dayjs | null, Dayjs | null] | null,
  ) => {
    setDates((x) => ({ ...x, [prop]: range }));
    const [a, b] = range ?? [null, null];
    if (input === 'timeTextRange')
      set(prop, [
        a ? dayStart(a).format('YYYY-MM-DD HH:mm:ss') : null,
        b ? dayEnd(b).format('YYYY-MM-DD HH:mm:ss') : null,
      ]);
    else set(prop, [a ? dayStart(a).valueOf() : null, b ? dayEnd(b).valueOf() : null]);
  };

  return (
    <ControlScope modelId={modelId}>
      <Flex gap={8} wrap align="center" data-testid="lowcode-search">
        {items.map(({ item, field, input }) => {
          const label = item.label || item.prop;
          const id = `${idBase}${item.prop}`;
          const box = { width: input === 'control' || input === 'text' ? 180 : 260 };
          let control;
          switch (input) {
            case 'text':
              control = (
                <Input
                  id={id}
                  allowClear
                  placeholder={t('inputHint')}
                  value={typeof values[item.prop] === 'string' ? (values[item.prop] as string) : ''}
                  onChange={(e) => set(item.prop, e.target.value)}
                  onPressEnter={() => onSearch(values)}
                  data-testid={`search-${item.prop}`}
                />
              );
              break;
            case 'numberRange': {
              const [lo, hi] = (Array.isArray(values[item.prop]) ? values[item.prop] : [null, null]) as Range;
              control = (
                <Flex gap={4} align="center" data-testid={`search-${item.prop}`}>
                  <InputNumber
                    id={id}
                    placeholder={t('from')}
                    value={lo}
                    onChange={(v) => set(item.prop, [typeof v === 'number' ? v : null, hi])}
                    style={{ width: 110 }}
                  />
                  –
                  <InputNumber
                    placeholder={t('to')}
                    value={hi}
                    onChange={(v) => set(item.prop, [lo, typeof v === 'number' ? v : null])}
                    style={{ width: 110 }}
                  />
                </Flex>
              );
              break;
            }
            case 'dateRange':
            case 'timeTextRange':
              control = (
                <DatePicker.RangePicker
                  id={{ start: id }}
                  allowEmpty={[true, true]}
                  placeholder={[t('startDate'), t('endDate')]}
                  value={dates[item.prop] ?? null}
                  onChange={(r) => setDates2(item.prop, input, r as [Dayjs | null, Dayjs | null] | null)}
                  data-testid={`search-${item.prop}`}
                />
              );
              break;
            default:
              control = (
                <div data-testid={`search-${item.prop}`} style={box}>
                  <FieldControl
                    id={id}
                    // the filter's label is beside it: the control's generic placeholder, in the page's language
                    field={{ ...field, placeholder: undefined }}
                    value={values[item.prop] ?? undefined}
                    onChange={(v) => set(item.prop, v as SearchValue)}
                  />
                </div>
              );
          }
          return (
            <Flex key={item.prop} gap={6} align="center">
              <label htmlFor={id} style={{ whiteSpace: 'nowrap' }}>
                {label}
              </label>
              <div style={box}>{control}</div>
            </Flex>
          );
        })}
        <Button type="primary" onClick={() => onSearch(values)} data-testid="lowcode-search-go">
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            setValues({});
            setDates({});
            onSearch({});
          }}
          data-testid="lowcode-search-reset"
        >
          {t('reset')}
        </Button>
      </Flex>
    </ControlScope>
  );
}
