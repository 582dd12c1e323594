// Organisation, department, position and user selectors on the system's selector trees (fetched
// once per page), and the address cascader loading each level of areas when it is opened.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Cascader from 'antd/es/cascader';
import TreeSelect from 'antd/es/tree-select';
import { ownText, type FormField } from '@lighting/shared/formcore';
import { SELECTOR_URLS, areaChildren, selectorTree, type AreaNode, type SelectorNode } from '../api';
import { SYSTEM_VALUE_TREES, restrictToType, systemValueText, treePath } from '../logic';
import { ReadonlyValue, type ControlProps } from './basic';
import '../i18n';

type SelectorKey = keyof typeof SELECTOR_URLS;

/** Which node type each selector may choose (the organisation selector: any unit). */
const CHOOSABLE: Readonly<Record<SelectorKey, string | null>> = {
  organizeSelect: null,
  depSelect: 'department',
  posSelect: 'position',
  userSelect: 'user',
};

function useTree(url: string | null): { tree: SelectorNode[]; loading: boolean } {
  const [tree, setTree] = useState<SelectorNode[] | null>(null);
  useEffect(() => {
    if (url === null) return;
    let alive = true;
    selectorTree(url).then(
      (t) => alive && setTree(t),
      () => alive && setTree([]),
    );
    return () => {
      alive = false;
    };
  }, [url]);
  return { tree: tree ?? [], loading: tree === null };
}

const placeholderOf = (field: FormField, fallback: string): string => ownText(field.placeholder) ?? fallback;

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

/**
 * A system control that stores an id (creator, modifier, their company, department, position): the
 * name the selector trees give it, wherever the form is shown (a record's details, a task's page,
 * the form its initiator resubmits). Empty until the tree has come; an id it lacks shows as itself.
 */
export function SystemValueControl(props: ControlProps) {
  const key = props.field.__config__.jnpfKey;
  const treeKey =
    key in SYSTEM_VALUE_TREES ? SYSTEM_VALUE_TREES[key as keyof typeof SYSTEM_VALUE_TREES] : null;
  const { tree, loading } = useTree(treeKey ? SELECTOR_URLS[treeKey] : null);
  const text = useMemo(
    () => (treeKey && loading ? '' : systemValueText(tree, props.value)),
    [tree, loading, treeKey, props.value],
  );
  return <ReadonlyValue {...props} text={text} />;
}

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

const toOption = (n: AreaNode, depth: number, maxDepth: number): AreaOption => ({
  value: n.id,
  label: n.fullName,
  isLeaf: depth + 1 >= maxDepth || n.isLeaf === true || n.hasChildren === false,
});

function withChildren(options: AreaOption[], path: readonly string[], children: AreaOption[]): AreaOption[] {
  const [head, ...rest] = path;
  return options.map((o) =>
    o.value !== head
      ? o
      : rest.length === 0
        ? { ...o, children }
        : { ...o, children: withChildren(o.children ?? [], rest, children) },
  );
}

/**
 * The address: a cascader whose levels load from Area/{id}/Selector when opened ('-1' is the top
 * level). `level` 0–3 stops at province, city, district or street. The value is the id path; the
 * levels of an existing value are loaded so its names show.
 */
export function AreaControl({ field, value, onChange, disabled, id }: ControlProps) {
  const { t } = useTranslation('form');
  const level = typeof field.level === 'number' && field.level >= 0 && field.level <= 3 ? field.level : 2;
  const maxDepth = level + 1;
  const multiple = field.multiple === true;
  const [options, setOptions] = useState<AreaOption[]>([]);

  const paths: string[][] = useMemo(() => {
    if (!Array.isArray(value)) return [];
    const list = multiple ? value : [value];
    return list.filter((p): p is string[] => Array.isArray(p) && p.every((x) => typeof x === 'string'));
  }, [value, multiple]);
  const pathsKey = JSON.stringify(paths);

  useEffect(() => {
    let alive = true;
    void (async () => {
      let opts = (await areaChildren('-1')).map((n) => toOption(n, 0, maxDepth));
      // load the levels of the current value(s) so the names show
      for (const p of paths) {
        for (let d = 0; d < p.length - 1 && d + 1 < maxDepth; d += 1) {
          const kids = (await areaChildren(p[d] ?? '')).map((n) => toOption(n, d + 1, maxDepth));
          opts = withChildren(opts, p.slice(0, d + 1), kids);
        }
      }
      if (alive) setOptions(opts);
    })().catch(() => undefined);
    return () => {
      alive = false;
    };
    // pathsKey stands for paths
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathsKey, maxDepth]);

  const loadData = (selected: AreaOption[]): void => {
    const target = selected[selected.length - 1];
    if (!target || target.children) return;
    const path = selected.map((o) => o.value);
    areaChildren(target.value).then(
      (kids) =>
        setOptions((prev) =>
          withChildren(
            prev,
            path,
            kids.map((n) => toOption(n, path.length, maxDepth)),
          ),
        ),
      () => setOptions((prev) => withChildren(prev, path, [])),
    );
  };

  return (
    <Cascader
      id={id}
      style={{ width: '100%' }}
      options={options}
      loadData={loadData as never}
      multiple={multiple}
      value={(multiple ? paths : (paths[0] ?? [])) as never}
      disabled={disabled}
      allowClear
      placeholder={disabled ? undefined : placeholderOf(field, t('select'))}
      onChange={(v: unknown) => onChange?.(v ?? [])}
    />
  );
}
