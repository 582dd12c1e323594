// The emoji panel: every entry as our own image with its alt code; a click inserts the code.
import SmileOutlined from '@ant-design/icons/es/icons/SmileOutlined';
import { useTranslation } from 'react-i18next';
import { EMOJI } from '../emoji/table';
import { EMOJI_URLS } from '../emoji/urls';
import { NS } from '../i18n';
import { ToolPopover } from './ToolPopover';

export function EmojiPicker({ onPick }: { onPick: (code: string) => void }) {
  const { t } = useTranslation(NS);
  return (
    <ToolPopover
      icon={<SmileOutlined />}
      label={t('emoji')}
      testId="chat-emoji"
      panel={(close) => (
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
                close();
              }}
              style={{ border: 0, background: 'none', padding: 2, cursor: 'pointer', width: 28, height: 28 }}
            >
              <img src={EMOJI_URLS[e.file]} alt={e.code} width={22} height={22} loading="lazy" />
            </button>
          ))}
        </div>
      )}
    />
  );
}
