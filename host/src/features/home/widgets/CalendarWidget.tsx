import { useCallback, useMemo, useState } from 'react';
import { Button, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { homeApi, type CalendarEvent, type CalendarType } from '../api';
import { dayName, dayOf, monthGrid, monthOf, shiftMonth, weekdayOrder } from '../calendar';
import { NS } from '../i18n';
import { useResource } from '../useResource';
import { Widget } from './Widget';

export const CAL_COLORS: Record<CalendarType, string> = {
  maintenance: '#1890ff',
  inspection: '#13c2c2',
  meeting: '#722ed1',
  holiday: '#f5222d',
};
const colorOf = (type: string) => CAL_COLORS[type as CalendarType] ?? '#8c8c8c';

function MonthGrid({ month, events }: { month: string; events: CalendarEvent[] }) {
  const { t } = useTranslation(NS);
  const today = dayOf(new Date());
  const [selected, setSelected] = useState<string>(today);
  const grid = useMemo(() => monthGrid(month, events, today), [month, events, today]);
  const heads = weekdayOrder(t('weekdays', { returnObjects: true }) as string[]);
  const picked = grid.flat().find((c) => c.date === selected && c.inMonth);
  const upcoming = picked?.events.length
    ? picked.events
    : events.filter((e) => String(e.date).slice(0, 10) >= today).slice(0, 3);
  return (
    <>
      {/* a group of day buttons, each named by its date and events (a grid role would need rows) */}
      <div
        role="group"
        aria-label={month}
        style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 2, fontSize: 12 }}
      >
        {heads.map((h) => (
          <div key={h} aria-hidden style={{ textAlign: 'center', color: '#767676' }}>
            {h}
          </div>
        ))}
        {grid.flat().map((c) => {
          const label = c.events.map((e) => `${t(`calType.${e.type}`)}: ${e.title}`).join('\n');
          const cell = (
            <button
              key={c.date}
              type="button"
              aria-label={dayName(c, c.events.length ? t('dayEvents', { count: c.events.length }) : '')}
              aria-pressed={c.date === selected}
              data-date={c.date}
              data-events={c.events.length}
              onClick={() => setSelected(c.date)}
              style={{
                border: 'none',
                borderRadius: 4,
                padding: '2px 0',
                cursor: 'pointer',
                background: c.date === selected ? 'rgba(24,144,255,0.12)' : 'transparent',
                color: c.inMonth ? (c.isToday ? '#0958d9' : 'inherit') : '#767676',
                fontWeight: c.isToday ? 600 : 400,
                lineHeight: 1.4,
              }}
            >
              {c.day}
              <div style={{ display: 'flex', justifyContent: 'center', gap: 2, height: 5 }}>
                {c.events.slice(0, 3).map((e, i) => (
                  <span
                    key={i}
                    style={{ width: 5, height: 5, borderRadius: '50%', background: colorOf(e.type) }}
                  />
                ))}
              </div>
            </button>
          );
          return label ? (
            <Tooltip key={c.date} title={<span style={{ whiteSpace: 'pre-line' }}>{label}</span>}>
              {cell}
            </Tooltip>
          ) : (
            cell
          );
        })}
      </div>
      <div style={{ marginTop: 8, display: 'grid', gap: 2 }}>
        {upcoming.map((e, i) => (
          <div
            key={`${e.date}-${i}`}
            style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 12 }}
            data-testid="widget-item"
          >
            <span
              style={{ width: 8, height: 8, borderRadius: '50%', background: colorOf(e.type), flex: 'none' }}
            />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {String(e.date).slice(5, 10)}
            </Typography.Text>
            <Typography.Text ellipsis style={{ fontSize: 12, flex: 1 }} title={e.title} data-user-text>
              {e.title}
            </Typography.Text>
            <span style={{ color: colorOf(e.type) }}>{t(`calType.${e.type}`)}</span>
          </div>
        ))}
      </div>
    </>
  );
}

export function CalendarWidget() {
  const { t } = useTranslation(NS);
  const [month, setMonth] = useState(() => monthOf(new Date()));
  const fetcher = useCallback(() => homeApi.calendar(month), [month]);
  const res = useResource(fetcher);
  const switcher = (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <Button
        size="small"
        type="text"
        aria-label={t('prevMonth')}
        onClick={() => setMonth((m) => shiftMonth(m, -1))}
      >
        ‹
      </Button>
      <span data-testid="calendar-month">{month}</span>
      <Button
        size="small"
        type="text"
        aria-label={t('nextMonth')}
        onClick={() => setMonth((m) => shiftMonth(m, 1))}
      >
        ›
      </Button>
    </span>
  );
  return (
    <Widget id="calendar" title={t('calendar')} extra={switcher} resource={res}>
      {(events) => <MonthGrid month={month} events={events} />}
    </Widget>
  );
}
