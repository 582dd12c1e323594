// Drops an asset, a repair order or a fault into the conversation as a card: search, pick, sent.
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import EnvironmentOutlined from '@ant-design/icons/es/icons/EnvironmentOutlined';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasMenuPage, useSession } from '@lighting/shared';
import { type ChatCard } from '@lighting/shared/core';
import { searchCards } from '../cards';
import { NS } from '../i18n';
import { ToolPopover } from './ToolPopover';

const KINDS: readonly ChatCard['kind'][] = ['asset', 'order', 'fault'];
const LABEL = { asset: 'cardAsset', order: 'cardOrder', fault: 'cardFault' } as const;
/** The map page whose menu the server's search and card lookup need (the sender's own permission). */
const NEEDS = { asset: 'bt/map/assets', order: 'bt/map/fault', fault: 'bt/map/fault' } as const;

export function CardPicker({ onPick }: { onPick: (kind: ChatCard['kind'], id: string) => void }) {
  const { t } = useTranslation(NS);
  const menus = useSession((s) => s.menuList);
  const kinds = useMemo(() => KINDS.filter((k) => hasMenuPage(menus, NEEDS[k])), [menus]);
  const [picked, setKind] = useState<ChatCard['kind']>('asset');
  const kind = kinds.includes(picked) ? picked : (kinds[0] ?? picked);
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const search = (text: string) => {
    const n = ++asked.current;
    setLoading(true);
    void searchCards(kind, text)
      .then((rows) => n === asked.current && setOptions(rows.map((r) => ({ value: r.id, label: r.label }))))
      .finally(() => n === asked.current && setLoading(false));
  };
  if (kinds.length === 0) return null; // nothing on the map this user may share
  return (
    <ToolPopover
      icon={<EnvironmentOutlined />}
      label={t('card')}
      testId="chat-card-button"
      destroyOnHidden
      panel={(close) => (
        <div style={{ width: 260 }} data-testid="chat-card-picker">
          <Segmented
            block
            aria-label={t('cardKind')}
            value={kind}
            onChange={(v) => {
              setKind(v as ChatCard['kind']);
              setOptions([]);
            }}
            options={kinds.map((k) => ({ value: k, label: t(LABEL[k]) }))}
            data-testid="chat-card-kind"
          />
          <Select
            showSearch={{ filterOption: false, onSearch: search }}
            style={{ width: '100%', marginTop: 8 }}
            placeholder={t(`${LABEL[kind]}Search`)}
            aria-label={t(`${LABEL[kind]}Search`)}
            options={options}
            loading={loading}
            notFoundContent={null}
            onChange={(v: string) => {
              onPick(kind, v);
              close();
            }}
            data-testid="chat-card-search"
          />
        </div>
      )}
    />
  );
}
