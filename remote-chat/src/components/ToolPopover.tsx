// A button of the chat's input toolbar that opens a panel above it (emoji, cards): the icon with its
// tooltip and label, the panel closing when a pick calls `close`.
import { Button, Tooltip } from 'antd';
import Popover from 'antd/es/popover';
import { useState, type ReactNode } from 'react';

export function ToolPopover({
  icon,
  label,
  testId,
  destroyOnHidden,
  panel,
}: {
  icon: ReactNode;
  label: string;
  testId: string;
  destroyOnHidden?: boolean;
  panel: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      destroyOnHidden={destroyOnHidden}
      content={panel(() => setOpen(false))}
    >
      <Tooltip title={label}>
        <Button type="text" size="small" icon={icon} aria-label={label} data-testid={testId} />
      </Tooltip>
    </Popover>
  );
}
