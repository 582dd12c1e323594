// Live map state from the socket (effects): per-asset change counters and the open-fault list.
import { useEffect, useState } from 'react';
import { on } from '@lighting/shared/realtime';
import { mapApi, type Fault } from './api';
import { applyFaultChange, LIVE_FAULTS_LIMIT } from './faultList';
import { parseAssetChanges } from './live';

/** A number that changes whenever the asset (or one of its orders) changes on the server. */
export function useAssetVersion(objectid: number | null): number {
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (objectid === null) return undefined;
    const a = on('mapAssetChange').subscribe((m) => {
      if (parseAssetChanges(m).some((c) => c.objectid === objectid)) setVersion((v) => v + 1);
    });
    const o = on('mapRepairOrderChange').subscribe((m) => {
      const order = m.order as { assetId?: unknown } | undefined;
      if (order?.assetId === objectid) setVersion((v) => v + 1);
    });
    return () => {
      a.unsubscribe();
      o.unsubscribe();
    };
  }, [objectid]);
  return version;
}

/** The newest open faults, kept current by `mapFaultChange` pushes (bounded). */
export function useLiveFaults(district: string | null = null): Fault[] {
  const [list, setList] = useState<Fault[]>([]);
  useEffect(() => {
    let alive = true;
    mapApi.faults({ status: 'open', currentPage: 1, pageSize: LIVE_FAULTS_LIMIT, district }).then(
      (p) => alive && setList(p.list),
      () => undefined,
    );
    const sub = on('mapFaultChange').subscribe((m) => {
      const f = m.fault as Fault | undefined;
      if (district && f && f.district !== district) return;
      setList((l) => applyFaultChange(l, m));
    });
    return () => {
      alive = false;
      sub.unsubscribe();
    };
  }, [district]);
  return list;
}

/** A counter that ticks on any map change (throttled by the caller's use, e.g. statistics reloads). */
export function useMapChangeTick(minIntervalMs = 5000): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const bump = () => {
      const wait = last + minIntervalMs - Date.now();
      if (wait <= 0) {
        last = Date.now();
        setTick((n) => n + 1);
      } else if (!timer) {
        timer = setTimeout(() => {
          timer = null;
          last = Date.now();
          setTick((n) => n + 1);
        }, wait);
      }
    };
    const subs = ['mapAssetChange', 'mapFaultChange', 'mapRepairOrderChange'].map((m) =>
      on(m).subscribe(bump),
    );
    return () => {
      subs.forEach((s) => s.unsubscribe());
      if (timer) clearTimeout(timer);
    };
  }, [minIntervalMs]);
  return tick;
}
