// The emoji panel: every entry as our own image with its alt code; a click inserts the code.
import { Button, Tooltip } from 'antd';
import Popover from 'antd/es/popover';
import SmileOutlined from '@ant-design/icons/es/icons/SmileOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMOJI } from '../emoji/table';
import { EMOJI_URLS } from '../emoji/urls';
import { NS } from '../i18n';

export function EmojiPicker({ onPick }: { onPick: (code: string) => void }) {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      content={
        <div
          data-testid="chat-emoji-panel"
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(10, 28px)',
            gap: 2,
            maxHeight: 220,
            overflowY: 'auto',
          }}
        >
          {EMOJI.map((e) => (
            <button
              key={e.code}
              type="button"
              title={e.code}
              aria-label={e.code}
              data-code={e.code}
              onClick={() => {
                onPick(e.code);
                setOpen(false);
              }}
              style={{ border: 0, background: 'none', padding: 2, cursor: 'pointer', width: 28, height: 28 }}
            >
              <img src={EMOJI_URLS[e.file]} alt={e.code} width={22} height={22} loading="lazy" />
            </button>
          ))}
        </div>
      }
    >
      <Tooltip title={t('emoji')}>
        <Button
          type="text"
          size="small"
          icon={<SmileOutlined />}
          aria-label={t('emoji')}
          data-testid="chat-emoji"
        />
      </Tooltip>
    </Popover>
  );
}
