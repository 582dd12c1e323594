// relationForm: a record of another model, searched through FieldDataSelect and shown by its
// relationField; the chosen record (DataChange) is kept in the runtime so relationFormAttr shows
// its showField.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from 'antd';
import Select from 'antd/es/select';
import { ownText, type FormField } from '@lighting/shared/formcore';
import { relationOptions, type RelationOption } from '../api';
import { useRelationRecord } from '../runtime';
import type { ControlProps } from './basic';
import '../i18n';

const SEARCH_DELAY_MS = 300;

const show = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

export function RelationFormControl({
  field,
  value,
  onChange,
  disabled,
  id,
  relationKey,
}: ControlProps & { relationKey: string }) {
  const { t } = useTranslation('form');
  const modelId = typeof field.modelId === 'string' ? field.modelId : '';
  const relationField = typeof field.relationField === 'string' ? field.relationField : '';
  const pageSize =
    typeof field.pageSize === 'number' && field.pageSize > 0 ? Math.min(field.pageSize, 100) : 20;
  const [options, setOptions] = useState<RelationOption[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seq = useRef(0);
  const record = useRelationRecord(relationKey, modelId, value);

  const search = (keyword: string): void => {
    if (!modelId || !relationField) return;
    const mine = ++seq.current;
    setLoading(true);
    relationOptions(modelId, relationField, keyword, 1, pageSize).then(
      (r) => mine === seq.current && (setOptions(r.list), setLoading(false)),
      () => mine === seq.current && setLoading(false),
    );
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const current = typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
  const currentLabel = record ? show(record[relationField]) || current : current;
  const list =
    current && !options.some((o) => o.id === current)
      ? [{ id: current, label: currentLabel ?? current }, ...options]
      : options;

  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      value={current}
      disabled={disabled}
      allowClear={field.clearable !== false}
      loading={loading}
      placeholder={disabled ? undefined : (ownText(field.placeholder) ?? t('select'))}
      options={list.map((o) => ({
        value: o.id,
        label: o.id === current ? (currentLabel ?? o.label) : o.label,
      }))}
      showSearch={{
        filterOption: false,
        onSearch: (kw) => {
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => search(kw), SEARCH_DELAY_MS);
        },
      }}
      onOpenChange={(open) => open && options.length === 0 && search('')}
      notFoundContent={loading ? t('loading') : t('noData')}
      onChange={(v: unknown) => onChange?.(v ?? null)}
    />
  );
}

/** Shows `showField` of the record chosen in the relationForm named by `relationField`. */
export function RelationAttrControl({
  field,
  relationField,
  relationKey,
  relationValue,
  id,
}: {
  field: FormField;
  relationField: FormField | undefined;
  relationKey: string;
  relationValue: unknown;
  id?: string;
}) {
  const modelId = typeof relationField?.modelId === 'string' ? relationField.modelId : undefined;
  const record = useRelationRecord(relationKey, modelId, relationValue);
  const showField = typeof field.showField === 'string' ? field.showField : '';
  return <Input id={id} readOnly variant="filled" value={record ? show(record[showField]) : ''} />;
}
