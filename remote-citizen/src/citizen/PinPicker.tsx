// Picking the place without GPS and without the map SDK: an SVG plan of the city (district outlines
// and roads from /api/public/places, a few KB) that zooms where the citizen taps; once close, a tap
// drops the pin and the lights within 150 m of it (/api/public/sites/nearby) appear on the plan and
// in a list to choose from. Loaded on demand (its own chunk): the report page stays light.
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { ApiFailure, api, type NearLight } from './api';
import { useT } from './i18n';
import {
  fitView,
  inRing,
  inView,
  originOf,
  pathD,
  project,
  tapAction,
  tapPoint,
  unproject,
  zoomAt,
  type LngLat,
  type View,
} from './plan';

interface Road {
  name: string;
  cls: string;
  paths: LngLat[][];
}
interface CityPlan {
  districts: Array<{ name: string; rings: LngLat[][] }>;
  roads: Road[];
}

export default function PinPicker({
  onPick,
  onCancel,
}: {
  onPick: (code: string, at: { lat: number; lng: number }) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [city, setCity] = useState<CityPlan | null>(null);
  const [roads, setRoads] = useState<Record<string, Road[]>>({});
  const [view, setView] = useState<View | null>(null);
  const [back, setBack] = useState<View[]>([]);
  const [pin, setPin] = useState<LngLat | null>(null);
  const [near, setNear] = useState<NearLight[] | null>(null);
  const [error, setError] = useState('');
  const asked = useRef(new Set<string>());
  const o = useMemo(() => (city ? originOf(city.districts.flatMap((d) => d.rings)) : null), [city]);

  useEffect(() => {
    let alive = true;
    api<CityPlan>('GET', 'places')
      .then((r) => {
        if (!alive) return;
        setCity(r.data);
        const rings = r.data.districts.flatMap((d) => d.rings);
        setView(fitView(rings.length ? rings : r.data.roads.flatMap((x) => x.paths), originOf(rings), 1));
      })
      .catch(() => alive && setError(t('networkError')));
    return () => {
      alive = false;
    };
  }, [t]);

  const loadDistrict = (name: string) => {
    if (asked.current.has(name)) return;
    asked.current.add(name);
    api<{ roads: Road[] }>('GET', `places?district=${encodeURIComponent(name)}`)
      .then((r) => setRoads((m) => ({ ...m, [name]: r.data.roads })))
      .catch(() => asked.current.delete(name));
  };

  const tap = (e: MouseEvent<SVGSVGElement>) => {
    if (!view || !o || !city) return;
    const [x, y] = tapPoint(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect(), view);
    const at = unproject([x, y], o);
    const d = city.districts.find((x) => x.rings.some((r) => inRing(at, r)));
    if (d) loadDistrict(d.name);
    if (tapAction(view) === 'zoom') {
      setBack((b) => [...b, view]);
      setView(zoomAt(view, x, y));
      return;
    }
    setPin(at);
    setNear(null);
    setError('');
    api<NearLight[]>('GET', `sites/nearby?lat=${at[1]}&lng=${at[0]}`)
      .then((r) => setNear(r.data))
      .catch((err: unknown) =>
        setError(err instanceof ApiFailure && err.code ? err.message : t('networkError')),
      );
  };

  const zoomOut = () => {
    const prev = back[back.length - 1];
    if (!prev) return;
    setBack(back.slice(0, -1));
    setView(prev);
    setPin(null);
    setNear(null);
  };

  const choose = (l: NearLight) => pin && onPick(l.code, { lng: pin[0], lat: pin[1] });

  const drawn =
    view && o && city
      ? [...city.roads, ...Object.values(roads).flat()].filter((r) => r.paths.some((p) => inView(p, o, view)))
      : [];
  const label = view ? view.w / 28 : 0;
  const close = !!view && view.w <= 4000;

  return (
    <div className="cz-card" data-testid="citizen-pin-picker">
      <p className="cz-muted" style={{ marginTop: 0 }}>
        {t('planHint')}
      </p>
      {view && o && city ? (
        <svg
          className="cz-plan"
          viewBox={`${view.x} ${view.y} ${view.w} ${view.h}`}
          preserveAspectRatio="xMidYMid meet"
          onClick={tap}
          role="img"
          aria-label={t('pickPlace')}
          data-testid="citizen-plan"
          data-view-width={Math.round(view.w)}
          data-origin={`${o.lng0} ${o.lat0}`}
        >
          {city.districts.map((d) =>
            d.rings.map((r, i) => (
              <path key={`${d.name}${i}`} d={pathD(r, o, true)} className="cz-plan-district" />
            )),
          )}
          {drawn.map((r, i) =>
            r.paths.map((p, j) => (
              <path
                key={`${r.name}${i}-${j}`}
                d={pathD(p, o)}
                className={r.cls === 'main' ? 'cz-plan-main' : 'cz-plan-side'}
                data-testid="citizen-plan-road"
              />
            )),
          )}
          {!close
            ? city.districts.map((d) => {
                const ring = d.rings[0];
                if (!ring?.length) return null;
                const c = ring.reduce(
                  (a, b) => [a[0] + b[0] / ring.length, a[1] + b[1] / ring.length],
                  [0, 0],
                );
                const [x, y] = project(c as LngLat, o);
                return (
                  <text key={d.name} x={x} y={y} fontSize={label * 1.2} className="cz-plan-label">
                    {d.name}
                  </text>
                );
              })
            : drawn.map((r, i) => {
                const p = r.paths[0];
                const a = p?.[0];
                const b = p?.[p.length - 1];
                if (!a || !b) return null;
                const [x, y] = project([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], o);
                return (
                  <text key={`l${r.name}${i}`} x={x} y={y} fontSize={label * 0.8} className="cz-plan-label">
                    {r.name}
                  </text>
                );
              })}
          {near?.map((l, i) => {
            const [x, y] = project([l.lng, l.lat], o);
            return (
              <g
                key={l.code}
                onClick={(e) => {
                  e.stopPropagation();
                  choose(l);
                }}
                data-testid="citizen-plan-light"
              >
                <circle cx={x} cy={y} r={label * 0.55} className="cz-plan-light" />
                <text x={x} y={y + label * 0.3} fontSize={label * 0.8} className="cz-plan-light-n">
                  {i + 1}
                </text>
              </g>
            );
          })}
          {pin
            ? (() => {
                const [x, y] = project(pin, o);
                return (
                  <circle cx={x} cy={y} r={label * 0.35} className="cz-plan-pin" data-testid="citizen-pin" />
                );
              })()
            : null}
        </svg>
      ) : !error ? (
        <p>{t('loading')}</p>
      ) : null}
      {error ? <div className="cz-err">{error}</div> : null}
      {near ? (
        near.length ? (
          <>
            <p className="cz-muted">{t('nearbyTitle')}</p>
            <ul className="cz-list" data-testid="citizen-pin-nearby">
              {near.map((l, i) => (
                <li key={l.code}>
                  <button type="button" onClick={() => choose(l)}>
                    {i + 1}. <b>{l.code}</b> {l.road} <small>{t('metres', { n: l.distance })}</small>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="cz-muted">{t('planNone')}</p>
        )
      ) : null}
      <div className="cz-row" style={{ marginTop: 10 }}>
        <button type="button" className="cz-btn" disabled={!back.length} onClick={zoomOut}>
          {t('planOut')}
        </button>
        <button type="button" className="cz-btn" onClick={onCancel}>
          {t('planClose')}
        </button>
      </div>
    </div>
  );
}
