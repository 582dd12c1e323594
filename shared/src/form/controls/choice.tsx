// Choice controls: radio, checkbox, select, dictionary select, cascader and tree select, with their
// options from the form (static), the page's dictionary cache or a data interface (formcore's
// optionSource says which; answers are turned into options there too). The widgets are their own
// modules (choiceFlat, choiceSelect, choiceCascader, choiceTree), each loaded when a form shows one
// (registry.ts).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localizeItems } from '@lighting/shared';
import { dictionaries } from '@lighting/shared/dictionary';
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

export const FIELD_NAMES = { label: 'fullName', value: 'id', children: 'children' } as const;

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

export const asIds = (v: unknown): Array<string | number> =>
  Array.isArray(v)
    ? v.filter((x): x is string | number => typeof x === 'string' || typeof x === 'number')
    : [];
export const asId = (v: unknown): string | number | undefined =>
  typeof v === 'string' || typeof v === 'number' ? v : undefined;

export type ChoiceProps = ControlProps & { fieldKey?: string };

/** What every choice widget starts from: its options, whether they load, its placeholder and its flat list. */
export function useChoice({ field, disabled, fieldKey }: ChoiceProps) {
  const { t } = useTranslation('form');
  const { options, loading } = useOptions(field, fieldKey);
  const placeholder = disabled ? undefined : (ownText(field.placeholder) ?? t('select'));
  const flat = useMemo(() => options.map((o) => ({ label: o.fullName, value: o.id })), [options]);
  return { options, loading, placeholder, flat, multiple: field.multiple === true };
}
