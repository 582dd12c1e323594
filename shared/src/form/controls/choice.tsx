// Choice controls: radio, checkbox, select, dictionary select, cascader and tree select, with their
// options from the form (static), the page's dictionary cache or a data interface (formcore's
// optionSource says which; answers are turned into options there too).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Radio from 'antd/es/radio';
import Checkbox from 'antd/es/checkbox';
import Select from 'antd/es/select';
import Cascader from 'antd/es/cascader';
import TreeSelect from 'antd/es/tree-select';
import { localizeItems } from '@lighting/shared';
import { dictionaries } from '@lighting/shared/admin';
import {
  dictionaryOptions,
  interfaceOptions,
  optionSource,
  optionSourceKey,
  ownText,
  type FormField,
  type OptionItem,
} from '@lighting/shared/formcore';
import { dataInterfaceAnswer, fieldOptions, modelOptionsUrl } from '../api';
import { useRuntime } from '../runtime';
import type { ControlProps } from './basic';
import '../i18n';

const FIELD_NAMES = { label: 'fullName', value: 'id', children: 'children' } as const;

/**
 * A choice control's options and whether they are still loading. A data interface's options come
 * through the form's model when there is one (`fieldKey`: 'kind' or 'items.kind'), else from the
 * interface itself (the designer's preview of a form not saved yet).
 */
export function useOptions(field: FormField, fieldKey?: string): { options: OptionItem[]; loading: boolean } {
  const { modelId, optionsUrl } = useRuntime();
  const lang = useTranslation().i18n.language;
  const source = useMemo(() => optionSource(field), [field]);
  const ownerUrl = optionsUrl ?? (modelId ? modelOptionsUrl(modelId) : undefined);
  const viaModel = source?.kind === 'dynamic' && ownerUrl && fieldKey ? { url: ownerUrl, fieldKey } : null;
  const key = source
    ? `${optionSourceKey(source)}|${viaModel ? `${viaModel.url}:${viaModel.fieldKey}` : ''}|${lang}`
    : 'none';
  const [state, setState] = useState<{ key: string; options: OptionItem[] } | null>(null);
  const [generation, setGeneration] = useState(0);
  useEffect(() => dictionaries.subscribe(() => setGeneration((g) => g + 1)), []);
  useEffect(() => {
    if (!source || source.kind === 'static' || source.kind === 'unset') return;
    let alive = true;
    const load =
      source.kind === 'dictionary'
        ? dictionaries.items(source.type).then((items) =>
            // labels in the language shown (never when the label is what the form stores)
            dictionaryOptions(
              source.props.value === 'fullName' ? items : localizeItems(items, lang),
              source.props,
            ),
          )
        : viaModel
          ? fieldOptions(viaModel.url, viaModel.fieldKey)
          : dataInterfaceAnswer(source.interfaceId).then((answer) => interfaceOptions(answer, source.props));
    load.then(
      (options) => alive && setState({ key, options }),
      () => alive && setState({ key, options: [] }),
    );
    return () => {
      alive = false;
    };
    // `source` is derived from `key`'s field: the key names what is fetched
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, generation]);
  if (!source || source.kind === 'unset') return { options: [], loading: false };
  if (source.kind === 'static') return { options: source.options, loading: false };
  return state && state.key === key
    ? { options: state.options, loading: false }
    : { options: [], loading: true };
}

const asIds = (v: unknown): Array<string | number> =>
  Array.isArray(v)
    ? v.filter((x): x is string | number => typeof x === 'string' || typeof x === 'number')
    : [];
const asId = (v: unknown): string | number | undefined =>
  typeof v === 'string' || typeof v === 'number' ? v : undefined;

export function ChoiceControl({
  field,
  value,
  onChange,
  disabled,
  id,
  fieldKey,
}: ControlProps & { fieldKey?: string }) {
  const { t } = useTranslation('form');
  const { options, loading } = useOptions(field, fieldKey);
  const key = field.__config__.jnpfKey;
  const multiple = field.multiple === true;
  const placeholder = disabled ? undefined : (ownText(field.placeholder) ?? t('select'));
  const flat = useMemo(() => options.map((o) => ({ label: o.fullName, value: o.id })), [options]);

  switch (key) {
    case 'radio':
      return (
        <Radio.Group
          id={id}
          value={asId(value)}
          disabled={disabled}
          options={flat}
          optionType={field.optionType === 'button' ? 'button' : 'default'}
          onChange={(e) => onChange?.(e.target.value as unknown)}
        />
      );
    case 'checkbox':
      return (
        <div id={id}>
          <Checkbox.Group
            value={asIds(value)}
            disabled={disabled}
            options={flat}
            onChange={(v) => onChange?.(v)}
          />
        </div>
      );
    case 'cascader':
      return (
        <Cascader
          id={id}
          style={{ width: '100%' }}
          options={options}
          fieldNames={FIELD_NAMES}
          multiple={multiple}
          value={(Array.isArray(value) ? value : []) as never}
          disabled={disabled}
          loading={loading}
          placeholder={placeholder}
          allowClear={field.clearable !== false}
          showSearch={field.filterable === true}
          changeOnSelect={field.changeOnSelect === true}
          onChange={(v: unknown) => onChange?.(v ?? [])}
        />
      );
    case 'treeSelect':
      return (
        <TreeSelect
          id={id}
          style={{ width: '100%' }}
          treeData={options}
          fieldNames={FIELD_NAMES}
          multiple={multiple}
          treeDefaultExpandAll
          value={(multiple ? asIds(value) : asId(value)) as never}
          disabled={disabled}
          loading={loading}
          placeholder={placeholder}
          allowClear={field.clearable !== false}
          showSearch={field.filterable === true ? { treeNodeFilterProp: 'fullName' } : false}
          onChange={(v: unknown) => onChange?.(v ?? (multiple ? [] : null))}
        />
      );
    default:
      return (
        <Select
          id={id}
          style={{ width: '100%' }}
          options={flat}
          mode={multiple ? 'multiple' : undefined}
          value={(multiple ? asIds(value) : asId(value)) as never}
          disabled={disabled}
          loading={loading}
          placeholder={placeholder}
          allowClear={field.clearable !== false}
          showSearch={field.filterable === true ? { optionFilterProp: 'label' } : false}
          onChange={(v: unknown) => onChange?.(v ?? (multiple ? [] : null))}
        />
      );
  }
}
