// The city wall display (dv/view/screen-city; menu type 6 城市照明大屏): full screen, no console
// chrome and no antd, for a control room's wall. Lights-on by district against targets, live faults
// on a small drawing of the districts, repair orders by state and against their time targets, and
// energy. Live over the socket: a pushed fault is drawn at once; any map change re-reads the wall
// (at most every 5 s), as does a reconnect and every minute (due times pass by themselves).
// Everything scales with the viewport (1 unit = 1 px at 1920 × 1080; 2 px at 3840 × 2160).
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatDate,
  formatDateTime,
  platformTitleIn,
  useDictionaryName,
  type RemotePageProps,
} from '@lighting/shared';
import { connected$, on } from '@lighting/shared/realtime';
import { mapApi, ORDER_STATES, type DistrictStat, type WallData } from '../map/api';
import { useMapChangeTick } from '../map/useLive';
import {
  applyFaultPush,
  barShare,
  monthOnMonth,
  mwhText,
  projection,
  rateText,
  relativeHeights,
  ringCentre,
  ringPath,
} from './model';
import '../i18n';

const RELOAD_MS = 60_000;
const LATEST = 5;

const CSS = `
.lw{--u:min(calc(100vw / 1920),calc(100vh / 1080));position:fixed;inset:0;overflow:hidden;box-sizing:border-box;
  background:#050d1a;color:#fff;font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei','Noto Sans CJK SC',sans-serif;
  padding:calc(var(--u)*20) calc(var(--u)*24);display:grid;gap:calc(var(--u)*14);
  grid-template-rows:calc(var(--u)*64) calc(var(--u)*150) minmax(0,1fr);font-size:calc(var(--u)*22);line-height:1.25}
.lw *{box-sizing:border-box}
.lw-head{display:flex;align-items:center;justify-content:space-between;gap:calc(var(--u)*24);min-width:0}
.lw-title{font-size:calc(var(--u)*40);font-weight:700;letter-spacing:.04em;white-space:nowrap}
.lw-meta{display:flex;align-items:center;gap:calc(var(--u)*24);font-size:calc(var(--u)*24);color:#c8d6ea;white-space:nowrap}
.lw-dot{display:inline-block;width:calc(var(--u)*14);height:calc(var(--u)*14);border-radius:50%;margin-right:calc(var(--u)*8);vertical-align:middle}
.lw-clock{font-size:calc(var(--u)*30);color:#fff;font-variant-numeric:tabular-nums}
.lw-kpis{display:grid;grid-template-columns:repeat(5,minmax(0,1fr));gap:calc(var(--u)*14)}
.lw-card{background:#0b1a30;border:calc(var(--u)*2) solid #24436e;border-radius:calc(var(--u)*10);padding:calc(var(--u)*12) calc(var(--u)*18);
  display:flex;flex-direction:column;justify-content:space-between;min-width:0;min-height:0}
.lw-label{font-size:calc(var(--u)*22);color:#c8d6ea;white-space:nowrap}
.lw-value{font-size:calc(var(--u)*56);font-weight:700;line-height:1.15;white-space:nowrap;font-variant-numeric:tabular-nums}
.lw-unit{font-size:calc(var(--u)*26);font-weight:400;line-height:1;margin-left:calc(var(--u)*6);color:#c8d6ea}
.lw-sub{font-size:calc(var(--u)*20);color:#c8d6ea;white-space:nowrap}
.lw-main{display:grid;grid-template-columns:calc(var(--u)*560) minmax(0,1fr) calc(var(--u)*560);gap:calc(var(--u)*14);min-height:0}
.lw-col{display:grid;gap:calc(var(--u)*14);min-height:0}
.lw-panel{background:#0b1a30;border:calc(var(--u)*2) solid #24436e;border-radius:calc(var(--u)*10);padding:calc(var(--u)*12) calc(var(--u)*18);
  display:flex;flex-direction:column;min-height:0;min-width:0}
.lw-h{font-size:calc(var(--u)*26);font-weight:700;margin:0 0 calc(var(--u)*8);white-space:nowrap;display:flex;justify-content:space-between;gap:calc(var(--u)*12)}
.lw-h small{font-size:calc(var(--u)*20);font-weight:400;color:#c8d6ea}
.lw-body{flex:1;min-height:0;display:grid;gap:calc(var(--u)*8)}
.lw-row{display:grid;align-items:center;gap:calc(var(--u)*10);min-width:0;white-space:nowrap}
.lw-num{font-variant-numeric:tabular-nums;text-align:right}
.lw-bar{position:relative;height:calc(var(--u)*22)}
.lw-bar::before{content:'';position:absolute;left:0;right:0;top:calc(var(--u)*4);bottom:calc(var(--u)*4);background:#1a2f4f;border-radius:calc(var(--u)*7)}
.lw-bar>i{position:absolute;left:0;top:calc(var(--u)*4);bottom:calc(var(--u)*4);border-radius:calc(var(--u)*7)}
.lw-bar>b{position:absolute;top:0;bottom:0;width:calc(var(--u)*3);background:#fff}
.lw-ok{color:#4ade80}.lw-bad{color:#ff6b6b}.lw-warn{color:#fbbf24}
.lw-map{flex:1;min-height:0;width:100%;overflow:hidden}
.lw-list{display:grid;gap:calc(var(--u)*4);font-size:calc(var(--u)*22)}
.lw-error{position:fixed;inset:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:24px;
  background:#050d1a;color:#fff;font-size:28px;text-align:center;padding:24px}
.lw-error button{font-size:24px;padding:8px 32px;min-height:48px;background:#1677ff;color:#fff;border:0;border-radius:8px;cursor:pointer}
`;

const GOOD = '#4ade80';
const BAD = '#ff6b6b';
const ORDER_COLOURS: Record<string, string> = {
  pending: '#fbbf24',
  dispatched: '#5cc8ff',
  inProgress: '#c084fc',
  completed: '#4ade80',
  verified: '#9fb3cc',
};
// faults are the wall's only reds: the more urgent, the deeper and larger
const URGENCY_COLOURS: Record<number, string> = { 1: '#ff8a80', 2: '#ff5a3c', 3: '#ff1f3d' };

const hhmm = (t: number) => formatDate(t, 'HH:mm');

function RateBar({ rate, target }: { rate: number; target: number }) {
  return (
    <div className="lw-bar">
      <i style={{ width: `${barShare(rate) * 100}%`, background: rate >= target ? GOOD : BAD }} />
      <b style={{ left: `${barShare(target) * 100}%` }} />
    </div>
  );
}

function District({ d, name }: { d: DistrictStat; name: string }) {
  const { t } = useTranslation('map');
  const line = (label: string, rate: number, target: number, lamps: number, id: string) =>
    lamps > 0 ? (
      <div className="lw-row" style={{ gridTemplateColumns: '4.2em 1fr 4.2em' }}>
        <span className="lw-sub">{label}</span>
        <RateBar rate={rate} target={target} />
        <span
          className={`lw-num ${rate >= target ? 'lw-ok' : 'lw-bad'}`}
          data-testid={`wall-${id}-${d.district}`}
        >
          {rateText(rate)}%
        </span>
      </div>
    ) : null;
  return (
    <div
      data-testid={`wall-district-${d.district}`}
      style={{ display: 'grid', gap: 'calc(var(--u)*4)', minWidth: 0 }}
    >
      <div className="lw-row" style={{ gridTemplateColumns: '1fr auto auto' }}>
        <strong style={{ fontSize: 'calc(var(--u)*24)' }}>{name}</strong>
        <span className="lw-sub">{t('wall.faultCount', { count: d.openFaults })}</span>
        <span
          className="lw-num"
          style={{ fontSize: 'calc(var(--u)*26)', fontWeight: 700 }}
          data-testid={`wall-rate-${d.district}`}
        >
          {rateText(d.lightsOnRate)}%
        </span>
      </div>
      {line(t('wall.main'), d.mainRate, d.mainTarget, d.mainLamps, 'main')}
      {line(t('wall.other'), d.otherRate, d.otherTarget, d.otherLamps, 'other')}
    </div>
  );
}

/** The size of an element in CSS pixels, kept current. */
function useBoxSize() {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [size, setSize] = useState({ w: 0, h: 0 });
  useEffect(() => {
    if (!el) return undefined;
    const measure = () => setSize({ w: el.clientWidth, h: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return { ref: setEl, ...size };
}

/** The wall's unit in CSS pixels (as --u: 1 at 1920 × 1080). */
const unitNow = () => Math.min(window.innerWidth / 1920, window.innerHeight / 1080);

function FaultMap({ data, districtName }: { data: WallData; districtName: (v: string) => string }) {
  const box = useBoxSize();
  const p = useMemo(
    () => (data.extent && box.w > 0 && box.h > 0 ? projection(data.extent, box.w, box.h) : null),
    [data.extent, box.w, box.h],
  );
  const u = unitNow();
  const byName = new Map(data.statistics.byDistrict.map((d) => [d.district, d]));
  return (
    <div ref={box.ref} className="lw-map">
      {p ? (
        <svg
          viewBox={`0 0 ${p.width} ${p.height}`}
          width={p.width}
          height={p.height}
          role="img"
          style={{ display: 'block' }}
          data-testid="wall-map"
        >
          {data.districts.map((d) => (
            <path key={d.name} d={ringPath(d.rings, p)} fill="#10284a" stroke="#5c86c0" strokeWidth={2 * u} />
          ))}
          {data.faults.list.map((f) => (
            <circle
              key={f.id}
              cx={p.x(f.x)}
              cy={p.y(f.y)}
              r={(f.urgency === 3 ? 7 : f.urgency === 2 ? 5.5 : 4.5) * u}
              fill={URGENCY_COLOURS[f.urgency] ?? BAD}
              stroke={f.urgency === 3 ? '#fff' : '#050d1a'}
              strokeWidth={u}
              data-fault={f.id}
            />
          ))}
          {data.districts.map((d) => {
            const c = ringCentre(d.rings);
            if (!c) return null;
            const s = byName.get(d.name);
            const label = {
              textAnchor: 'middle',
              stroke: '#050d1a',
              strokeWidth: 6 * u,
              paintOrder: 'stroke',
            } as const;
            return (
              <g key={d.name} style={{ pointerEvents: 'none' }}>
                <text
                  x={p.x(c[0])}
                  y={p.y(c[1]) - 4 * u}
                  fill="#fff"
                  fontSize={26 * u}
                  fontWeight={700}
                  {...label}
                >
                  {districtName(d.name)}
                </text>
                {s ? (
                  <text x={p.x(c[0])} y={p.y(c[1]) + 26 * u} fill="#ffd0d0" fontSize={24 * u} {...label}>
                    {s.openFaults}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
      ) : null}
    </div>
  );
}

function EnergyBars({ data }: { data: WallData }) {
  const trend = data.energy.trend;
  const h = relativeHeights(trend.map((m) => m.kwh));
  const W = 1000;
  const H = 260;
  const bw = W / Math.max(1, trend.length);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="none"
      style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    >
      {trend.map((m, i) => {
        const bh = (h[i] ?? 0) * (H - 40);
        return (
          <g key={m.month}>
            <rect
              x={i * bw + bw * 0.15}
              y={H - 32 - bh}
              width={bw * 0.7}
              height={bh}
              fill={i === trend.length - 1 ? '#5cc8ff' : '#2f5c94'}
            />
          </g>
        );
      })}
    </svg>
  );
}

function Wall({ data, live }: { data: WallData; live: boolean }) {
  const { t, i18n } = useTranslation('map');
  // districts by their dictionary's name in the language shown (东城区, Dongcheng District)
  const districtName = useDictionaryName('district');
  // the latest faults' district column: two to three characters, or a name and 'District'
  const districtCol = i18n.language === 'en' ? '10em' : '6em';
  const [clock, setClock] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setClock(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const s = data.statistics;
  const mom = monthOnMonth(data.energy.monthKwh, data.energy.lastMonthKwh);
  const latest = data.faults.list.slice(0, LATEST);
  const maxState = Math.max(1, ...ORDER_STATES.map((k) => data.orders.byState[k] ?? 0));
  const compliance = [
    ['general', s.repairCompliance.general],
    ['severe', s.repairCompliance.severe],
    ['emergency', s.repairCompliance.emergency],
  ] as const;
  const urgencyOf = { general: 1, severe: 2, emergency: 3 } as const;
  return (
    <div className="lw" data-testid="wall" data-live={live ? 'true' : 'false'}>
      <header className="lw-head">
        <div className="lw-title">{t('wall.title')}</div>
        <div className="lw-meta">
          <span data-testid="wall-live">
            <span className="lw-dot" style={{ background: live ? GOOD : BAD }} />
            {live ? t('wall.live') : t('wall.reconnecting')}
          </span>
          <span>{t('wall.updated', { time: formatDate(data.now, 'HH:mm:ss') })}</span>
          <span className="lw-clock">{formatDateTime(clock)}</span>
        </div>
      </header>

      <section className="lw-kpis">
        <div className="lw-card">
          <span className="lw-label">{t('wall.lightsOn')}</span>
          <span className="lw-value" data-testid="wall-kpi-lightsOn">
            {rateText(s.lightsOn.rate)}
            <span className="lw-unit">%</span>
          </span>
          <span className="lw-sub">
            {t('wall.targetMainOther', { main: s.lightsOn.main.target, other: s.lightsOn.other.target })}
          </span>
        </div>
        <div className="lw-card">
          <span className="lw-label">{t('wall.faultsOpen')}</span>
          <span className="lw-value lw-bad" data-testid="wall-kpi-faults">
            {data.faults.open}
          </span>
          <span className="lw-sub">
            {t('integrity')} {rateText(s.integrity.rate)}%
          </span>
        </div>
        <div className="lw-card">
          <span className="lw-label">{t('wall.ordersOpen')}</span>
          <span className="lw-value" data-testid="wall-kpi-orders">
            {data.orders.open}
          </span>
          <span className={`lw-sub ${data.orders.overdue ? 'lw-warn' : ''}`} data-testid="wall-kpi-overdue">
            {t('wall.overdue', { count: data.orders.overdue })}
          </span>
        </div>
        <div className="lw-card">
          <span className="lw-label">{t('compliance')}</span>
          <span
            className={`lw-value ${s.repairCompliance.overall.rate >= 90 ? 'lw-ok' : 'lw-warn'}`}
            data-testid="wall-kpi-compliance"
          >
            {rateText(s.repairCompliance.overall.rate)}
            <span className="lw-unit">%</span>
          </span>
          <span className="lw-sub">
            {s.repairCompliance.overall.onTime}/{s.repairCompliance.overall.total}
          </span>
        </div>
        <div className="lw-card">
          <span className="lw-label">{t('wall.energyMonth')}</span>
          <span className="lw-value" data-testid="wall-kpi-energy">
            {mwhText(data.energy.monthKwh)}
            <span className="lw-unit">{t('wall.mwh')}</span>
          </span>
          <span className="lw-sub">
            {mom === null ? '' : t('wall.vsLastMonth', { value: `${mom > 0 ? '+' : ''}${mom}` })}
          </span>
        </div>
      </section>

      <main className="lw-main">
        <section className="lw-panel" data-testid="wall-districts">
          <h2 className="lw-h">
            {t('wall.districts')}
            <small>
              {t('wall.target', { value: `${s.lightsOn.main.target} / ${s.lightsOn.other.target}` })}
            </small>
          </h2>
          <div
            className="lw-body"
            style={{ gridTemplateRows: `repeat(${Math.max(1, s.byDistrict.length)}, minmax(0, 1fr))` }}
          >
            {s.byDistrict.map((d) => (
              <District key={d.district} d={d} name={districtName(d.district)} />
            ))}
          </div>
        </section>

        <section className="lw-panel" data-testid="wall-faults">
          <h2 className="lw-h">
            {t('wall.faultsMap')}
            <small>
              {(['1', '2', '3'] as const).map((u) => (
                <span key={u} style={{ marginLeft: 'calc(var(--u)*16)' }}>
                  <span className="lw-dot" style={{ background: URGENCY_COLOURS[Number(u)] }} />
                  {t(`urgencyLevel.${u}`)}
                </span>
              ))}
            </small>
          </h2>
          <FaultMap data={data} districtName={districtName} />
          <h2 className="lw-h" style={{ marginTop: 'calc(var(--u)*8)' }}>
            {t('wall.latestFaults')}
          </h2>
          <div
            className="lw-list"
            data-testid="wall-latest"
            style={{ height: `calc(var(--u)*${LATEST * 34})` }}
          >
            {latest.length === 0 ? <span className="lw-sub">{t('wall.noFaults')}</span> : null}
            {latest.map((f) => (
              <div
                key={f.id}
                className="lw-row"
                style={{ gridTemplateColumns: `4em ${districtCol} minmax(0,1fr) 4em` }}
                data-testid="wall-latest-fault"
                data-fault={f.id}
              >
                <span className="lw-num">{hhmm(f.reportedAt)}</span>
                <span>{districtName(f.district)}</span>
                <span>{t(`wall.faultType.${f.typeCode}`, { defaultValue: f.typeCode })}</span>
                <span style={{ color: URGENCY_COLOURS[f.urgency] ?? BAD }}>
                  {t(`urgencyLevel.${f.urgency}`)}
                </span>
              </div>
            ))}
          </div>
        </section>

        <div className="lw-col" style={{ gridTemplateRows: 'minmax(0,1.25fr) minmax(0,1fr)' }}>
          <section className="lw-panel" data-testid="wall-orders">
            <h2 className="lw-h">{t('wall.orders')}</h2>
            <div className="lw-body" style={{ flex: '5 1 0', gridTemplateRows: 'repeat(5, minmax(0,1fr))' }}>
              {ORDER_STATES.map((k) => {
                const n = data.orders.byState[k] ?? 0;
                return (
                  <div key={k} className="lw-row" style={{ gridTemplateColumns: '5.5em 1fr 4em' }}>
                    <span>{t(`orderState.${k}`)}</span>
                    <div className="lw-bar">
                      <i style={{ width: `${(n / maxState) * 100}%`, background: ORDER_COLOURS[k] }} />
                    </div>
                    <span className="lw-num" style={{ fontWeight: 700 }} data-testid={`wall-orders-${k}`}>
                      {n}
                    </span>
                  </div>
                );
              })}
            </div>
            <h2 className="lw-h" style={{ marginTop: 'calc(var(--u)*8)' }}>
              {t('wall.timeTargets')}
              <small>{t('wall.openOverdue')}</small>
            </h2>
            <div className="lw-body" style={{ flex: '3 1 0', gridTemplateRows: 'repeat(3, minmax(0,1fr))' }}>
              {compliance.map(([k, c]) => {
                const open = data.orders.byUrgency.find((u) => u.urgency === urgencyOf[k]);
                return (
                  <div key={k} className="lw-row" style={{ gridTemplateColumns: '1fr auto 3.5em' }}>
                    <span>{t(k)}</span>
                    <span
                      className={`lw-num ${c.rate >= 90 ? 'lw-ok' : 'lw-warn'}`}
                      style={{ fontWeight: 700 }}
                      data-testid={`wall-compliance-${k}`}
                    >
                      {rateText(c.rate)}%
                    </span>
                    <span className={`lw-num ${open?.overdue ? 'lw-warn' : ''}`}>{open?.overdue ?? 0}</span>
                  </div>
                );
              })}
            </div>
          </section>

          <section className="lw-panel" data-testid="wall-energy">
            <h2 className="lw-h">
              {t('wall.energy')}
              <small>
                {t('wall.lastMonth')} {mwhText(data.energy.lastMonthKwh)} · {t('wall.year')}{' '}
                {mwhText(data.energy.yearKwh)} {t('wall.mwh')}
              </small>
            </h2>
            <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
              <EnergyBars data={data} />
            </div>
            <div
              className="lw-row lw-sub"
              style={{
                gridTemplateColumns: `repeat(${Math.max(1, data.energy.trend.length)}, minmax(0,1fr))`,
              }}
            >
              {data.energy.trend.map((m, i) => (
                <span key={m.month} style={{ textAlign: 'center', fontSize: 'calc(var(--u)*16)' }}>
                  {i % 2 === data.energy.trend.length % 2 ? '' : m.month.slice(5)}
                </span>
              ))}
            </div>
          </section>
        </div>
      </main>
    </div>
  );
}

export default function WallPage(_props: RemotePageProps) {
  const { t, i18n } = useTranslation('map');
  const [data, setData] = useState<WallData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const tick = useMapChangeTick(5000);
  const [beat, setBeat] = useState(0);

  const load = useCallback(async () => {
    try {
      const next = await mapApi.wall();
      setData(next);
      setError(null);
    } catch (e: unknown) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);

  // the first read, every map change (throttled), a reconnect and once a minute
  useEffect(() => {
    void load();
  }, [load, tick, beat]);
  useEffect(() => {
    const id = setInterval(() => setBeat((b) => b + 1), RELOAD_MS);
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    let was = false;
    const sub = connected$.subscribe((c) => {
      setLive(c);
      if (c && !was) setBeat((b) => b + 1);
      was = c;
    });
    return () => sub.unsubscribe();
  }, []);
  // a pushed fault shows at once
  useEffect(() => {
    const sub = on('mapFaultChange').subscribe((m) => setData((d) => (d ? applyFaultPush(d, m) : d)));
    return () => sub.unsubscribe();
  }, []);
  useEffect(() => {
    document.title = `${t('wall.title')} - ${platformTitleIn(i18n.language)}`;
  }, [t, i18n.language]);

  return (
    <>
      <style>{CSS}</style>
      {data ? <Wall data={data} live={live} /> : null}
      {!data && error ? (
        <div className="lw-error" role="alert" data-testid="wall-error">
          <p>{t('wall.loadFailed', { error })}</p>
          <button type="button" onClick={() => void load()}>
            {t('wall.retry')}
          </button>
        </div>
      ) : null}
      {!data && !error ? <div className="lw-error" aria-busy="true" /> : null}
    </>
  );
}
