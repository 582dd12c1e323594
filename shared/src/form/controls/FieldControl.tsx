// One control by its jnpfKey: the value controls of the catalogue, used by the form's items and by
// the sub-table's cells alike (value / onChange, as antd Form.Item passes them).
import { useTranslation } from 'react-i18next';
import { RichTextEditor } from '@lighting/shared/admin';
import { useSanitizedHtml } from '@lighting/shared/ui';
import {
  AmountControl,
  CalculateControl,
  ColorControl,
  DateControl,
  DateRangeControl,
  NumberControl,
  RateControl,
  ReadonlyValue,
  SliderControl,
  SwitchControl,
  TextControl,
  TimeControl,
  TimeRangeControl,
  type ControlProps,
} from './basic';
import { ChoiceControl } from './choice';
import { RelationFormControl } from './relation';
import { AreaControl, SelectorControl, SystemValueControl } from './selectors';
import { UploadControl } from './upload';
import '../i18n';

/**
 * The rich text: shared/admin's editor, which loads tiptap only when a form shows one. Read-only
 * (a detail view, a field a workflow node may not write) it is the text itself, sanitised, without
 * an editor's toolbar.
 */
function EditorControl({ value, onChange, disabled, field, id }: ControlProps) {
  const height = typeof field.height === 'number' ? field.height : 240;
  if (disabled) return <RichTextView id={id} html={typeof value === 'string' ? value : ''} />;
  return (
    <RichTextEditor
      value={typeof value === 'string' ? value : ''}
      onChange={(html) => onChange?.(html)}
      disabled={disabled}
      minHeight={height}
    />
  );
}

function RichTextView({ html, id }: { html: string; id?: string }) {
  const clean = useSanitizedHtml(html) ?? '';
  return (
    <div
      id={id}
      className="form-rich-text"
      data-testid="rich-text-view"
      style={{ minHeight: 32, padding: '4px 11px', background: 'rgba(0,0,0,0.04)', borderRadius: 6 }}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}

export interface FieldControlProps extends ControlProps {
  /** the value's data key ('kind', or 'items.kind' in a sub-table): options through the model */
  fieldKey?: string;
  /** the key of this control's related record in the runtime (relationForm) */
  relationKey?: string;
}

export function FieldControl(props: FieldControlProps) {
  const { t } = useTranslation('form');
  const key = props.field.__config__.jnpfKey;
  switch (key) {
    case 'input':
    case 'textarea':
    case 'PsdInput':
      return <TextControl {...props} />;
    case 'inputNumber':
      return <NumberControl {...props} />;
    case 'JNPFAmount':
      return <AmountControl {...props} />;
    case 'switch':
      return <SwitchControl {...props} />;
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'dicSelect':
    case 'cascader':
    case 'treeSelect':
      return <ChoiceControl {...props} fieldKey={props.fieldKey ?? props.field.__vModel__} />;
    case 'timePicker':
      return <TimeControl {...props} />;
    case 'datePicker':
      return <DateControl {...props} />;
    case 'timeRange':
      return <TimeRangeControl {...props} />;
    case 'dateRange':
      return <DateRangeControl {...props} />;
    case 'uploadFile':
    case 'uploadImg':
      return <UploadControl {...props} />;
    case 'colorPicker':
      return <ColorControl {...props} />;
    case 'rate':
      return <RateControl {...props} />;
    case 'slider':
      return <SliderControl {...props} />;
    case 'editor':
      return <EditorControl {...props} />;
    case 'organizeSelect':
    case 'depSelect':
    case 'posSelect':
    case 'userSelect':
      return <SelectorControl {...props} />;
    case 'areaSelect':
      return <AreaControl {...props} />;
    case 'relationForm':
      return (
        <RelationFormControl {...props} relationKey={props.relationKey ?? props.field.__vModel__ ?? ''} />
      );
    case 'calculate':
      return <CalculateControl {...props} />;
    case 'billRule':
    case 'createTime':
    case 'modifyTime':
      return <ReadonlyValue {...props} />;
    case 'createUser':
    case 'modifyUser':
    case 'currOrganize':
    case 'currDept':
    case 'currPosition':
      return <SystemValueControl {...props} />;
    default:
      return <span>{t('unknownControl', { key })}</span>;
  }
}
