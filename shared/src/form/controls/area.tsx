// The address: a cascader (antd Cascader) loading each level of areas when it is opened, loaded
// when a form shows one (registry.ts).
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Cascader from 'antd/es/cascader';
import { areaChildren, type AreaNode } from '../api';
import { placeholderOf, type ControlProps } from './basic';
import '../i18n';

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
