// A compact list of titled, dated items, each linking somewhere (notices, party, safety, messages).
import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, Link } from '@lighting/shared';
import { relativeWhen } from '../when';
import type { Time } from '../api';

export interface ListRow {
  id: string;
  title: string;
  time: Time;
  to?: string;
  /** instead of a link: called when the title is clicked */
  onOpen?: () => void;
  tag?: ReactNode;
  sub?: ReactNode;
}

export function ItemList({ rows, max = 6 }: { rows: ListRow[]; max?: number }) {
  const { i18n } = useTranslation();
  return (
    // a plain list: antd's List brings Pagination and Select, which nothing else on /home needs
    // before its first paint (architecture.md, JavaScript budgets)
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {rows.slice(0, max).map((r) => (
        <li key={r.id} style={{ padding: '4px 0' }} data-testid="widget-item">
          <div style={{ display: 'flex', gap: 8, width: '100%', alignItems: 'baseline' }}>
            {r.tag}
            {r.onOpen ? (
              <Typography.Link
                onClick={r.onOpen}
                ellipsis
                style={{ flex: 1, minWidth: 0 }}
                title={r.title}
                data-user-text
              >
                {r.title}
              </Typography.Link>
            ) : r.to ? (
              <Link to={r.to} style={{ flex: 1, minWidth: 0 }} title={r.title} data-user-text>
                <Typography.Text ellipsis style={{ maxWidth: '100%', color: 'inherit' }}>
                  {r.title}
                </Typography.Text>
              </Link>
            ) : (
              <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }} title={r.title} data-user-text>
                {r.title}
              </Typography.Text>
            )}
            {r.sub}
            <Typography.Text
              type="secondary"
              style={{ fontSize: 12, whiteSpace: 'nowrap' }}
              title={formatDate(r.time)}
            >
              {relativeWhen(r.time, i18n.language)}
            </Typography.Text>
          </div>
        </li>
      ))}
    </ul>
  );
}
