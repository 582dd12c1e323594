// relationFormAttr: a field of the record chosen in a relationForm (relation.tsx), read-only on the
// console's own Input, so a form showing one does not load the relationForm's picker.
import { Input } from 'antd';
import type { FormField } from '@lighting/shared/formcore';
import { useRelationRecord } from '../runtime';

/** A record's value as text. */
export const show = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

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
