// The tooltip of a navbar entry that opens a drawer or a dialog (messages, chat, settings,
// feedback): shown on hover, and never while what it opened is open — antd keeps a hovered tooltip
// up after the click, above the drawer it opened (the chat's tooltip stayed over the drawer's
// search box).
import { useEffect, useState, type ReactNode } from 'react';
import { Tooltip } from 'antd';

export function EntryTooltip({
  title,
  opened,
  children,
}: {
  title: string;
  /** the entry's drawer or dialog is open */
  opened: boolean;
  children: ReactNode;
}) {
  const [hovered, setHovered] = useState(false);
  // opening it ends the hover: the mouse leaves while the tooltip is held closed, which antd does not
  // report, and the tooltip would come back when the drawer closes with the mouse elsewhere
  useEffect(() => {
    if (opened) setHovered(false);
  }, [opened]);
  return (
    <Tooltip title={title} open={hovered && !opened} onOpenChange={setHovered}>
      {children}
    </Tooltip>
  );
}
