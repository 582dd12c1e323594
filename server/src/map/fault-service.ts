/**
 * Creating a fault: the one piece of code behind the map's POST faults and a citizen's report (the
 * public domain calls it inside its own transaction, so the report and its fault are one write).
 * `insertFault` writes the fault and marks the asset faulty; `announceFault` then tells every open map.
 */
import { randomUUID } from 'node:crypto';
import { mapAssetChangeMessage, mapFaultChangeMessage, type MapAssetChange } from '../realtime/protocol';
import { restoredStatus } from './city';
import { FAULT_TYPES } from './rules';
import { setAssetStatus, type Tx } from './store';
import type { MapReads } from './reads';

export interface NewFault {
  typeCode: string;
  urgency: number;
  source: string;
  description: string;
  /** Photo URLs (a citizen's report). */
  photos?: readonly string[];
  /** The source's reference (a citizen report's BX number): staff search faults and orders by it. */
  sourceRef?: string;
}

export interface AssetForFault {
  objectid: number;
  district: string;
  kind: string;
  status: string;
}

export interface InsertedFault {
  id: string;
  changed: MapAssetChange[];
  lastEditDate: number;
}

export async function insertFault(
  trx: Tx,
  asset: AssetForFault,
  f: NewFault,
  now: number,
): Promise<InsertedFault> {
  const id = `flt-${randomUUID()}`;
  await trx
    .insertInto('fault')
    .values({
      id,
      assetId: asset.objectid,
      district: asset.district,
      faultType: FAULT_TYPES[f.typeCode] ?? '其他',
      typeCode: f.typeCode,
      urgency: f.urgency,
      source: f.source,
      description: f.description.trim(),
      photos: JSON.stringify(f.photos ?? []),
      sourceRef: f.sourceRef ?? '',
      reportedAt: now,
      closedAt: null,
      restoreStatus: asset.status === 'fault' ? restoredStatus(asset.kind, now) : asset.status,
    })
    .execute();
  const res = await setAssetStatus(trx, [asset.objectid], 'fault', now);
  return { id, ...res };
}

/** After the transaction: the fault as every answer carries it, pushed to every open map. */
export async function announceFault(m: MapReads, created: InsertedFault) {
  const row = await m.faultSelect().where('f.id', '=', created.id).executeTakeFirstOrThrow();
  const fault = m.faultOut(row);
  if (created.changed.length) void m.push(mapAssetChangeMessage(created.changed, created.lastEditDate));
  void m.push(mapFaultChangeMessage('created', fault));
  return fault;
}
