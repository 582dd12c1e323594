// One control by its jnpfKey: the value controls of the catalogue, used by the form's items and by
// the sub-table's cells alike (value / onChange, as antd Form.Item passes them). Text boxes,
// read-only values and calculates render at once; every other control's module loads when a form
// first shows it (registry.ts), with a placeholder of the control's height meanwhile, so the form's
// layout does not move when it comes. Form.Item is outside the placeholder: the field takes part in
// validation and submit while its control loads.
import { Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { CalculateControl, ReadonlyValue, TextControl, type ControlProps } from './basic';
import { loadControl, loadedControl } from './registry';
import '../i18n';

export interface FieldControlProps extends ControlProps {
  /** the value's data key ('kind', or 'items.kind' in a sub-table): options through the model */
  fieldKey?: string;
  /** the key of this control's related record in the runtime (relationForm) */
  relationKey?: string;
}

/** The control's module: rendered at once when it is here, else suspends until it is. */
function Loaded({ jnpfKey, props }: { jnpfKey: string; props: FieldControlProps }) {
  const Control = loadedControl(jnpfKey) ?? use(loadControl(jnpfKey)!);
  return <Control {...props} />;
}

/** Where a control is while its module loads: an empty box of a one-line control's height. */
function ControlLoading({ id }: { id?: string }) {
  const { t } = useTranslation('form');
  return (
    <div
      id={id}
      role="status"
      aria-busy="true"
      aria-label={t('loading')}
      data-testid="control-loading"
      style={{ minHeight: 32, borderRadius: 6, background: 'rgba(0,0,0,0.04)' }}
    />
  );
}

export function FieldControl(props: FieldControlProps) {
  const { t } = useTranslation('form');
  const key = props.field.__config__.jnpfKey;
  switch (key) {
    case 'input':
    case 'textarea':
    case 'PsdInput':
      return <TextControl {...props} />;
    case 'calculate':
      return <CalculateControl {...props} />;
    case 'billRule':
    case 'createTime':
    case 'modifyTime':
      return <ReadonlyValue {...props} />;
    case 'relationForm':
      return load(key, { ...props, relationKey: props.relationKey ?? props.field.__vModel__ ?? '' });
    case 'radio':
    case 'checkbox':
    case 'select':
    case 'dicSelect':
    case 'cascader':
    case 'treeSelect':
      return load(key, { ...props, fieldKey: props.fieldKey ?? props.field.__vModel__ });
    default:
      if (loadControl(key)) return load(key, props);
      return <span>{t('unknownControl', { key })}</span>;
  }
}

function load(key: string, props: FieldControlProps) {
  if (loadedControl(key)) return <Loaded jnpfKey={key} props={props} />;
  return (
    <Suspense fallback={<ControlLoading id={props.id} />}>
      <Loaded jnpfKey={key} props={props} />
    </Suspense>
  );
}
