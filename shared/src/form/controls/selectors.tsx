// Organisation, department, position and user selectors on the system's selector trees (antd
// TreeSelect), loaded when a form shows one (registry.ts).
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import TreeSelect from 'antd/es/tree-select';
import { SELECTOR_URLS } from '../api';
import { restrictToType, treePath } from '../logic';
import { placeholderOf, type ControlProps } from './basic';
import { useTree } from './systemValue';
import '../i18n';

type SelectorKey = keyof typeof SELECTOR_URLS;

/** Which node type each selector may choose (the organisation selector: any unit). */
const CHOOSABLE: Readonly<Record<SelectorKey, string | null>> = {
  organizeSelect: null,
  depSelect: 'department',
  posSelect: 'position',
  userSelect: 'user',
};

/**
 * organizeSelect stores the path of ids from the root to the chosen unit (JNPF's shape; multiple:
 * a list of paths); the other selectors store the chosen id (multiple: ids).
 */
export function SelectorControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const key = field.__config__.jnpfKey as SelectorKey;
  const { tree, loading } = useTree(SELECTOR_URLS[key]);
  const data = useMemo(() => restrictToType(tree, CHOOSABLE[key]), [tree, key]);
  const multiple = field.multiple === true;
  const isPath = key === 'organizeSelect';

  const shown: unknown = (() => {
    if (!isPath) return multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined);
    const last = (p: unknown) => (Array.isArray(p) ? p[p.length - 1] : undefined);
    if (multiple) return Array.isArray(value) ? value.map(last).filter((x) => x !== undefined) : [];
    return last(value);
  })();

  const change = (v: unknown): void => {
    if (!isPath) return onChange?.(v ?? (multiple ? [] : null));
    const toPath = (leaf: unknown) => (typeof leaf === 'string' ? treePath(tree, leaf) : []);
    if (multiple) onChange?.(Array.isArray(v) ? v.map(toPath).filter((p) => p.length > 0) : []);
    else onChange?.(v === undefined || v === null ? [] : toPath(v));
  };

  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={data}
      fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
      multiple={multiple}
      treeDefaultExpandAll
      loading={loading}
      value={shown as never}
      disabled={disabled}
      allowClear
      showSearch={{ treeNodeFilterProp: 'fullName' }}
      placeholder={disabled ? undefined : placeholderOf(field, t('select'))}
      onChange={change}
      data-testid={`selector-${key}`}
    />
  );
}
