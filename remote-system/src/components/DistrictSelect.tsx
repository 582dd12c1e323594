// The district an organisation or a station looks after (the 行政区 dictionary): stored by its
// Chinese name, as the map's rows name districts; shown in the reader's language. What data
// permissions' `@district` reads.
import { useEffect, useState } from 'react';
import Select from 'antd/es/select';
import { useTranslation } from 'react-i18next';
import { dictionaries, useDictionary, type DictionaryItem } from '@lighting/shared/admin';
import '../i18n';

export function DistrictSelect({
  value,
  onChange,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const { t } = useTranslation('system');
  const shown = useDictionary('district').items;
  const [raw, setRaw] = useState<DictionaryItem[]>([]);
  useEffect(() => {
    let alive = true;
    dictionaries.items('district').then(
      (items) => alive && setRaw(items),
      () => alive && setRaw([]),
    );
    return () => {
      alive = false;
    };
  }, []);
  return (
    <Select
      allowClear
      placeholder={t('noDistrict')}
      value={value ?? undefined}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
      options={raw.map((d) => ({
        value: d.fullName,
        label: shown.find((s) => s.id === d.id)?.fullName ?? d.fullName,
      }))}
      data-testid="field-district"
    />
  );
}
