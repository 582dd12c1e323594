// Radio and checkbox groups (antd Radio, Checkbox), loaded when a form shows one (registry.ts).
import Radio from 'antd/es/radio';
import Checkbox from 'antd/es/checkbox';
import { asId, asIds, useChoice, type ChoiceProps } from './choice';

export function RadioControl(props: ChoiceProps) {
  const { field, value, onChange, disabled, id } = props;
  const { flat } = useChoice(props);
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
}

export function CheckboxControl(props: ChoiceProps) {
  const { value, onChange, disabled, id } = props;
  const { flat } = useChoice(props);
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
}
