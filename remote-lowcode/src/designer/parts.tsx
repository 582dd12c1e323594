// Small pieces the property panel and the form settings share: a labelled row and inputs that
// dispatch as you type (one undo step per property).
import type { ReactNode } from 'react';
import { Input } from 'antd';
import Switch from 'antd/es/switch';
import Select from 'antd/es/select';
import InputNumber from 'antd/es/input-number';

export function Prop({
  label,
  children,
  error,
  extra,
}: {
  label: ReactNode;
  children: ReactNode;
  error?: string | null;
  extra?: ReactNode;
}) {
  return (
    <div style={{ marginBottom: 10 }}>
      <div
        style={{
          fontSize: 12,
          color: '#595959',
          marginBottom: 4,
          display: 'flex',
          justifyContent: 'space-between',
        }}
      >
        <span>{label}</span>
        {extra}
      </div>
      {children}
      {error && (
        <div style={{ color: '#ff4d4f', fontSize: 12, marginTop: 2 }} role="alert" data-testid="prop-error">
          {error}
        </div>
      )}
    </div>
  );
}

export function TextInput({
  value,
  onChange,
  testId,
  placeholder,
  status,
  maxLength = 200,
}: {
  value: unknown;
  onChange: (v: string) => void;
  testId?: string;
  placeholder?: string;
  status?: 'error';
  maxLength?: number;
}) {
  return (
    <Input
      size="small"
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
      onChange={(e) => onChange(e.target.value)}
      data-testid={testId}
      placeholder={placeholder}
      status={status}
      maxLength={maxLength}
    />
  );
}

export function NumberInput({
  value,
  onChange,
  min,
  max,
  precision,
  testId,
  placeholder,
}: {
  value: unknown;
  onChange: (v: number | undefined) => void;
  min?: number;
  max?: number;
  precision?: number;
  testId?: string;
  placeholder?: string;
}) {
  return (
    <InputNumber
      size="small"
      style={{ width: '100%' }}
      value={typeof value === 'number' && Number.isFinite(value) ? value : null}
      min={min}
      max={max}
      precision={precision}
      placeholder={placeholder}
      onChange={(v) => onChange(typeof v === 'number' ? v : undefined)}
      data-testid={testId}
    />
  );
}

export function Toggle({
  value,
  onChange,
  testId,
}: {
  value: unknown;
  onChange: (v: boolean) => void;
  testId?: string;
}) {
  return <Switch size="small" checked={value === true} onChange={onChange} data-testid={testId} />;
}

export function Choice<T extends string | number>({
  value,
  options,
  onChange,
  testId,
  allowClear,
  placeholder,
}: {
  value: T | undefined;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onChange: (v: T) => void;
  testId?: string;
  allowClear?: boolean;
  placeholder?: string;
}) {
  return (
    <Select<T>
      size="small"
      style={{ width: '100%' }}
      value={value}
      options={options as Array<{ value: T; label: ReactNode }>}
      onChange={onChange}
      allowClear={allowClear}
      placeholder={placeholder}
      data-testid={testId}
    />
  );
}
