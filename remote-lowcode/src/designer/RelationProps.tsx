// relationForm: the related model (Base Selector), the field shown in the select and the columns of
// its picker (the model's FormDataFields). relationFormAttr: which relationForm of this form, and
// which field of that model's record it shows.
import { useMemo } from 'react';
import Select from 'antd/es/select';
import TreeSelect from 'antd/es/tree-select';
import { useTranslation } from 'react-i18next';
import { walkFields, type FormData, type FormField } from '@lighting/shared/formcore';
import { modelFields, modelSelector } from '../api';
import { Prop } from './parts';
import { useOnce } from '../useOnce';

interface TreeNode {
  value: string;
  title: string;
  selectable: boolean;
  children?: TreeNode[];
}

/** A category (with its models) or a model, as the Selector answers them. */
interface PickNode {
  id: string;
  fullName: string;
  children?: readonly PickNode[];
}

const toTree = (nodes: readonly PickNode[]): TreeNode[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    // a category holds models; only a model can be chosen
    selectable: !n.children || n.children.length === 0,
    children: n.children && n.children.length ? toTree(n.children) : undefined,
  }));

function useModelFields(modelId: string) {
  return useOnce(modelId ? `fields:${modelId}` : null, () => modelFields(modelId));
}

export function RelationFormProps({
  field,
  selfModelId,
  onProps,
}: {
  field: FormField;
  selfModelId: string;
  onProps: (p: Partial<FormField>) => void;
}) {
  const { t } = useTranslation('lowcode');
  const models = useOnce('modelSelector', modelSelector);
  const modelId = typeof field.modelId === 'string' ? field.modelId : '';
  const fields = useModelFields(modelId);
  const fieldOptions = (fields.data ?? []).map((f) => ({ value: f.vModel, label: f.label }));
  const columns = Array.isArray(field.columnOptions)
    ? (field.columnOptions as Array<{ value: string; label: string }>).map((c) => c.value)
    : [];
  return (
    <>
      <Prop
        label={t('relatedModel')}
        error={models.error ? t('loadFailed') : !modelId ? t('relatedModelMissing') : null}
      >
        <TreeSelect
          size="small"
          style={{ width: '100%' }}
          value={modelId || undefined}
          treeData={toTree(models.data ?? []).filter((n) => n.value !== selfModelId)}
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          placeholder={t('pickModel')}
          loading={models.data === null && !models.error}
          onChange={(v: string) => onProps({ modelId: v, relationField: '', columnOptions: [] })}
          data-testid="pick-model"
        />
      </Prop>
      <Prop label={t('relationField')} error={fields.error ? t('loadFailed') : null}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={
            typeof field.relationField === 'string' && field.relationField ? field.relationField : undefined
          }
          options={fieldOptions}
          disabled={!modelId}
          placeholder={t('pickField')}
          onChange={(v: string) => onProps({ relationField: v })}
          data-testid="pick-relation-field"
        />
      </Prop>
      <Prop label={t('relationColumns')}>
        <Select
          size="small"
          mode="multiple"
          style={{ width: '100%' }}
          value={columns}
          options={fieldOptions}
          disabled={!modelId}
          placeholder={t('pickFields')}
          onChange={(v: string[]) =>
            onProps({
              columnOptions: v.map((value) => ({
                value,
                label: fieldOptions.find((o) => o.value === value)?.label ?? value,
              })),
            })
          }
          data-testid="pick-relation-columns"
        />
      </Prop>
    </>
  );
}

export function RelationAttrProps({
  form,
  field,
  onProps,
}: {
  form: FormData;
  field: FormField;
  onProps: (p: Partial<FormField>) => void;
}) {
  const { t } = useTranslation('lowcode');
  const relations = useMemo(() => {
    const out: FormField[] = [];
    walkFields(form, ({ field: f }) => {
      if (f.__config__.jnpfKey === 'relationForm' && f.__vModel__) out.push(f);
    });
    return out;
  }, [form]);
  const chosen = relations.find((r) => r.__vModel__ === field.relationField);
  const modelId = chosen && typeof chosen.modelId === 'string' ? chosen.modelId : '';
  const fields = useModelFields(modelId);
  return (
    <>
      <Prop label={t('whichRelation')} error={relations.length === 0 ? t('noRelationForm') : null}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={chosen?.__vModel__}
          options={relations.map((r) => ({ value: r.__vModel__ as string, label: r.__config__.label }))}
          placeholder={t('pickRelation')}
          onChange={(v: string) => onProps({ relationField: v, showField: '' })}
          data-testid="pick-attr-relation"
        />
      </Prop>
      <Prop label={t('showField')} error={fields.error ? t('loadFailed') : null}>
        <Select
          size="small"
          style={{ width: '100%' }}
          value={typeof field.showField === 'string' && field.showField ? field.showField : undefined}
          options={(fields.data ?? []).map((f) => ({ value: f.vModel, label: f.label }))}
          disabled={!modelId}
          placeholder={t('pickField')}
          onChange={(v: string) => onProps({ showField: v })}
          data-testid="pick-show-field"
        />
      </Prop>
    </>
  );
}
