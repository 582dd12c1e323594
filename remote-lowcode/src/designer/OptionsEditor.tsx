// Where a choice control's options come from: a static list (editable rows; tree controls get
// child rows), a dictionary type (picker) or a data interface (picker, plus which keys of its rows
// are the label, value and children).
import { Button, Input } from 'antd';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import TreeSelect from 'antd/es/tree-select';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import MinusCircleOutlined from '@ant-design/icons/es/icons/MinusCircleOutlined';
import { useTranslation } from 'react-i18next';
import type { FieldConfig, FormField, OptionItem, OptionSource } from '@lighting/shared/formcore';
import { dataInterfaces, dictionaryTypes, type PickItem } from '../api';
import { Prop, TextInput } from './parts';
import { useOnce } from '../useOnce';

interface TreePick extends PickItem {
  children?: TreePick[];
}

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}

const toTree = (list: readonly TreePick[]): TreeNode[] =>
  list.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children ? toTree(n.children) : undefined,
  }));

/** A fresh option id not used in the list (ids are kept as text). */
function nextId(items: readonly OptionItem[]): string {
  const used = new Set<string>();
  const walk = (l: readonly OptionItem[]) =>
    l.forEach((o) => {
      used.add(String(o.id));
      if (o.children) walk(o.children);
    });
  walk(items);
  let n = used.size + 1;
  while (used.has(String(n))) n++;
  return String(n);
}

export function OptionsEditor({
  field,
  tree,
  onProps,
  onConfig,
}: {
  field: FormField;
  /** cascader / treeSelect: options may have children */
  tree: boolean;
  onProps: (p: Partial<FormField>, coalesce?: string) => void;
  onConfig: (c: Partial<FieldConfig>, coalesce?: string) => void;
}) {
  const { t } = useTranslation('lowcode');
  const cfg = field.__config__;
  const dictOnly = cfg.jnpfKey === 'dicSelect';
  const source: OptionSource = dictOnly ? 'dictionary' : (cfg.dataType ?? 'static');
  const dicts = useOnce(source === 'dictionary' ? 'dictionaryTypes' : null, dictionaryTypes);
  const apis = useOnce(source === 'dynamic' ? 'dataInterfaces' : null, dataInterfaces);
  const options = field.options ?? [];

  return (
    <>
      {!dictOnly && (
        <Prop label={t('optionSource')}>
          <Radio.Group
            size="small"
            optionType="button"
            value={source}
            onChange={(e) => onConfig({ dataType: e.target.value as OptionSource })}
            options={[
              { value: 'static', label: t('sourceStatic') },
              { value: 'dictionary', label: t('sourceDictionary') },
              { value: 'dynamic', label: t('sourceDynamic') },
            ]}
            data-testid="option-source"
          />
        </Prop>
      )}
      {source === 'static' && (
        <Prop label={t('options')}>
          <OptionRows items={options} tree={tree} onChange={(o) => onProps({ options: o }, 'options')} />
        </Prop>
      )}
      {source === 'dictionary' && (
        <Prop label={t('dictionary')} error={dicts.error ? t('loadFailed') : null}>
          <TreeSelect
            size="small"
            style={{ width: '100%' }}
            value={cfg.dictionaryType || undefined}
            treeData={toTree((dicts.data as TreePick[] | null) ?? [])}
            treeDefaultExpandAll
            placeholder={t('pickDictionary')}
            onChange={(v: string) => onConfig({ dictionaryType: v })}
            loading={dicts.data === null && !dicts.error}
            showSearch
            treeNodeFilterProp="title"
            data-testid="pick-dictionary"
          />
        </Prop>
      )}
      {source === 'dynamic' && (
        <>
          <Prop label={t('dataInterface')} error={apis.error ? t('loadFailed') : null}>
            <Select
              size="small"
              style={{ width: '100%' }}
              value={cfg.propsUrl || undefined}
              placeholder={t('pickDataInterface')}
              options={(apis.data ?? []).map((a) => ({ value: a.id, label: a.fullName }))}
              onChange={(v: string) => onConfig({ propsUrl: v })}
              loading={apis.data === null && !apis.error}
              showSearch
              optionFilterProp="label"
              data-testid="pick-interface"
            />
          </Prop>
          {(['label', 'value', 'children'] as const)
            .filter((k) => tree || k !== 'children')
            .map((k) => (
              <Prop key={k} label={t(`propsKey.${k}`)}>
                <TextInput
                  value={cfg.props?.[k] ?? (k === 'label' ? 'fullName' : k === 'value' ? 'id' : 'children')}
                  onChange={(v) => onConfig({ props: { ...cfg.props, [k]: v } }, `props.${k}`)}
                  maxLength={50}
                />
              </Prop>
            ))}
        </>
      )}
    </>
  );
}

function OptionRows({
  items,
  tree,
  onChange,
  depth = 0,
  root,
}: {
  items: readonly OptionItem[];
  tree: boolean;
  onChange: (items: OptionItem[]) => void;
  depth?: number;
  /** the whole list (for fresh ids) */
  root?: readonly OptionItem[];
}) {
  const { t } = useTranslation('lowcode');
  const all = root ?? items;
  const set = (i: number, patch: Partial<OptionItem>) =>
    onChange(items.map((o, j) => (j === i ? { ...o, ...patch } : o)));
  return (
    <div style={{ paddingLeft: depth ? 14 : 0 }} data-testid={depth ? undefined : 'option-rows'}>
      {items.map((o, i) => (
        <div key={i}>
          <div style={{ display: 'flex', gap: 4, marginBottom: 4, alignItems: 'center' }}>
            <Input
              size="small"
              value={o.fullName}
              placeholder={t('optionLabel')}
              onChange={(e) => set(i, { fullName: e.target.value })}
              maxLength={100}
              data-testid="option-label"
            />
            <Input
              size="small"
              style={{ width: 80 }}
              value={String(o.id)}
              placeholder={t('optionValue')}
              onChange={(e) => set(i, { id: e.target.value })}
              maxLength={50}
              data-testid="option-value"
            />
            {tree && (
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                title={t('addChild')}
                aria-label={t('addChild')}
                onClick={() =>
                  set(i, { children: [...(o.children ?? []), { id: nextId(all), fullName: '' }] })
                }
              />
            )}
            <Button
              size="small"
              type="text"
              danger
              icon={<MinusCircleOutlined />}
              aria-label={t('remove')}
              onClick={() => onChange(items.filter((_, j) => j !== i))}
              data-testid="option-remove"
            />
          </div>
          {o.children && o.children.length > 0 && (
            <OptionRows
              items={o.children}
              tree={tree}
              depth={depth + 1}
              root={all}
              onChange={(children) => set(i, { children: children.length ? children : undefined })}
            />
          )}
        </div>
      ))}
      {depth === 0 && (
        <Button
          size="small"
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([...items, { id: nextId(all), fullName: `${t('option')}${items.length + 1}` }])
          }
          data-testid="option-add"
        >
          {t('addOption')}
        </Button>
      )}
    </div>
  );
}
