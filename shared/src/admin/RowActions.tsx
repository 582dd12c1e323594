// The action links of a list row (edit, remove, release…): small link buttons side by side, each
// behind its button permission when it names one. Falsy entries are skipped, so a page writes
// `cond && { … }` for an action that only some rows have.
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { Auth } from '@lighting/shared';

export interface RowAction {
  /** React key, unique within the row. */
  key: string;
  label: ReactNode;
  onClick: () => void;
  /** Button permission code (btn_edit, btn_remove…): the link shows only when the route grants it. */
  code?: string;
  /** Red link (remove, cancel…). */
  danger?: boolean;
  /** data-testid of the button. */
  testId?: string;
  disabled?: boolean;
}

export type MaybeRowAction = RowAction | false | null | undefined;

export function RowActions({
  actions,
  wrap = true,
}: {
  actions: readonly MaybeRowAction[];
  /** Let the links wrap onto a second line in a narrow column (default true). */
  wrap?: boolean;
}) {
  return (
    <Space size={0} wrap={wrap}>
      {actions.map((a) => {
        if (!a) return null;
        const button = (
          <Button
            key={a.key}
            type="link"
            size="small"
            danger={a.danger}
            disabled={a.disabled}
            onClick={a.onClick}
            data-testid={a.testId}
          >
            {a.label}
          </Button>
        );
        return a.code ? (
          <Auth key={a.key} code={a.code}>
            {button}
          </Auth>
        ) : (
          button
        );
      })}
    </Space>
  );
}
