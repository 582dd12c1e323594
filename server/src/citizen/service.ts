/**
 * The citizens' service: sessions, places (a pole, its lamp, its road and maintainer), reports that
 * become map faults (through the map's own fault service), "me too" supports, and what a citizen may
 * see of a report. Built once per app (routes.ts) and shared by the citizens' routes, Open311 and the
 * console's routes.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Selectable } from 'kysely';
import type { CitizenReportTable } from './schema';
import {
  citizenCategory,
  citizenState,
  citizenSteps,
  maskPhone,
  type CitizenCategory,
  type CitizenState,
  type CitizenStep,
} from '@lighting/shared/core';
import type { Db } from '../database';
import { priorAnswer, rememberAnswer, type RequestKey } from '../kernel';
import { ApiError, Code, badRequest, notFound } from '../http/envelope';
import {
  isLampKind,
  LAMP_KINDS,
  announceFault,
  insertFault,
  type InsertedFault,
  envelopeCondition,
  mercatorToLonLat,
  lonLatToMercator,
  layerById,
  mapReads,
  type MapReads,
  dueAtFor,
} from '../map';
import type { Tx } from '../map';
import { allocateBillNumber } from '../system';
import { smsSender, wechatOAuth, type SmsSender, type WechatOAuth } from './identity';
import { PhotoStore, photoUrl } from './photos';
import { verifyQrToken } from './qr';
import type { RoadName } from './unplaced';
import { insertUnplaced, markPlaced, unplacedById, type UnplacedRow } from './unplaced-store';

export const CITIZEN_TOKEN_HEADER = 'x-citizen-token';
export const DEVICE_HEADER = 'x-device-id';
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
export const SESSION_TTL_MS = 180 * 24 * 3_600_000;
export const REPORT_RULE = 'CitizenReport';
/** How far a GPS point or a pin may be from the light it names. */
export const NEAR_METRES = 150;
/** An uploaded photo no report, note or feedback claimed within this long is deleted. */
export const UNUSED_PHOTO_MS = 24 * 3_600_000;

export const sha256 = (s: string): string => createHash('sha256').update(s).digest('hex');

export interface CitizenSession {
  citizenId: string;
  kind: string;
  subject: string;
}

interface AssetRow {
  objectid: number;
  code: string;
  kind: string;
  status: string;
  district: string;
  road: string;
  x: number;
  y: number;
}

/** The place a citizen points at: the asset they named and the pole and lamp standing there. */
export interface Site {
  asset: AssetRow;
  pole: AssetRow | null;
  lamp: AssetRow | null;
}

/** A report as read: its table's row. */
export type ReportRow = Selectable<CitizenReportTable>;

export interface NewReport {
  idemKey: string;
  deviceId: string;
  citizenId: string | null;
  channel: 'gzh' | 'nowx' | 'open311';
  open311KeyId?: string | null;
  category: string;
  site: Site;
  locationSource: string;
  lat: number | null;
  lng: number | null;
  description: string;
  photos: string[];
  mediaUrl?: string;
  contactName: string;
  contactPhone: string;
}

const ASSET_COLUMNS = ['objectid', 'code', 'kind', 'status', 'district', 'road', 'x', 'y'] as const;
const SITE_KINDS = [...LAMP_KINDS, 'pole'];

// the coordinates as numbers, whatever type the database driver answers them in
const toAsset = (a: AssetRow): AssetRow => ({ ...a, x: Number(a.x), y: Number(a.y) });

export function parsePhotoNames(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export class CitizenService {
  readonly db: Db;
  readonly clock: () => number;
  readonly map: MapReads;
  readonly sms: SmsSender;
  readonly wechat: WechatOAuth;
  readonly photos: PhotoStore;
  private secretValue: Promise<string> | null = null;
  private ruleReady: Promise<void> | null = null;
  /** A request's session, looked up once (the throttles and the handler both ask). */
  private readonly sessions = new WeakMap<FastifyRequest, Promise<CitizenSession | null>>();

  constructor(readonly app: FastifyInstance) {
    this.db = app.ctx.db;
    this.clock = app.ctx.clock;
    this.map = mapReads(app);
    this.sms = smsSender(app.ctx.config.citizen, app.log);
    this.wechat = wechatOAuth(app.ctx.config.citizen, app.log);
    this.photos = new PhotoStore(app.ctx.db, app.ctx.files.blobs);
  }

  /* ---------------- secrets ---------------- */

  /** The QR signing key: created once (random, 256 bits) and shared by every instance. */
  qrSecret(): Promise<string> {
    this.secretValue ??= (async () => {
      const read = () =>
        this.db.selectFrom('public_secret').select('value').where('name', '=', 'qr').executeTakeFirst();
      const have = await read();
      if (have) return have.value;
      await this.db
        .insertInto('public_secret')
        .values({ name: 'qr', value: randomBytes(32).toString('hex') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await read())?.value ?? '';
    })();
    return this.secretValue;
  }

  /* ---------------- sessions ---------------- */

  async openSession(
    kind: 'phone' | 'openid',
    subject: string,
  ): Promise<{ token: string; citizenId: string }> {
    const now = this.clock();
    await this.db
      .insertInto('citizen')
      .values({ id: `cz-${randomUUID()}`, kind, subject, createdAt: now, lastSeenAt: now })
      .onConflict((oc) => oc.columns(['kind', 'subject']).doUpdateSet({ lastSeenAt: now }))
      .execute();
    const c = await this.db
      .selectFrom('citizen')
      .select('id')
      .where('kind', '=', kind)
      .where('subject', '=', subject)
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('base64url');
    await this.db
      .insertInto('citizen_session')
      .values({ tokenHash: sha256(token), citizenId: c.id, createdAt: now, expiresAt: now + SESSION_TTL_MS })
      .execute();
    return { token, citizenId: c.id };
  }

  session(req: FastifyRequest): Promise<CitizenSession | null> {
    let s = this.sessions.get(req);
    if (!s) {
      s = this.lookupSession(req);
      this.sessions.set(req, s);
    }
    return s;
  }

  private async lookupSession(req: FastifyRequest): Promise<CitizenSession | null> {
    const raw = req.headers[CITIZEN_TOKEN_HEADER];
    const token = typeof raw === 'string' ? raw : '';
    if (!token || token.length > 100) return null;
    const row = await this.db
      .selectFrom('citizen_session as s')
      .innerJoin('citizen as c', 'c.id', 's.citizenId')
      .select(['c.id', 'c.kind', 'c.subject', 's.expiresAt'])
      .where('s.tokenHash', '=', sha256(token))
      .executeTakeFirst();
    if (!row || row.expiresAt < this.clock()) return null;
    return { citizenId: row.id, kind: row.kind, subject: row.subject };
  }

  async requireSession(req: FastifyRequest): Promise<CitizenSession> {
    const s = await this.session(req);
    if (!s) throw new ApiError(Code.FORBIDDEN, 'session: 请先验证身份');
    return s;
  }

  async closeSession(req: FastifyRequest): Promise<void> {
    const raw = req.headers[CITIZEN_TOKEN_HEADER];
    if (typeof raw === 'string' && raw)
      await this.db.deleteFrom('citizen_session').where('tokenHash', '=', sha256(raw)).execute();
  }

  /* ---------------- places ---------------- */

  private async assetByCode(code: string): Promise<AssetRow | null> {
    const a = await this.db
      .selectFrom('map_asset')
      .select(ASSET_COLUMNS)
      .where('code', '=', code.trim().toUpperCase())
      .executeTakeFirst();
    return a && SITE_KINDS.includes(a.kind) ? toAsset(a) : null;
  }

  private async siteOf(asset: AssetRow): Promise<Site> {
    const there = (
      await this.db
        .selectFrom('map_asset')
        .select(ASSET_COLUMNS)
        .where('x', '=', asset.x)
        .where('y', '=', asset.y)
        .where('kind', 'in', SITE_KINDS)
        .execute()
    ).map(toAsset);
    return {
      asset,
      pole: asset.kind === 'pole' ? asset : (there.find((a) => a.kind === 'pole') ?? null),
      lamp: isLampKind(asset.kind) ? asset : (there.find((a) => isLampKind(a.kind)) ?? null),
    };
  }

  async siteByCode(code: string, field = 'assetCode'): Promise<Site> {
    const site = await this.findSite(code);
    if (!site) throw badRequest(`${field}: 没有这个编号的路灯或灯杆`);
    return site;
  }

  /** The site of the lamp or pole with this number, or null. */
  async findSite(code: string): Promise<Site | null> {
    const a = await this.assetByCode(code);
    return a ? this.siteOf(a) : null;
  }

  async siteByQr(token: string): Promise<Site> {
    const code = verifyQrToken(token, await this.qrSecret());
    if (!code) throw badRequest('qr: 二维码无效或已被篡改');
    return this.siteByCode(code, 'qr');
  }

  /** Lights and poles within `radius` metres of a WGS84 point, nearest first. */
  async nearby(
    lat: number,
    lng: number,
    radius = NEAR_METRES,
    limit = 10,
  ): Promise<Array<AssetRow & { distance: number }>> {
    const [x, y] = lonLatToMercator(lng, lat);
    // Web Mercator stretches distances by 1/cos(lat): widen the box accordingly
    const k = 1 / Math.cos((lat * Math.PI) / 180);
    const r = radius * k;
    const layer = layerById(0);
    if (!layer) return [];
    const rows = await this.db
      .selectFrom('map_asset')
      .select(ASSET_COLUMNS)
      .where(
        envelopeCondition(
          layer,
          { xmin: x - r, ymin: y - r, xmax: x + r, ymax: y + r },
          this.app.ctx.dialect === 'postgres',
        ) as never,
      )
      .where('kind', 'in', SITE_KINDS)
      .execute();
    return rows
      .map(toAsset)
      .map((a) => ({ ...a, distance: Math.round(Math.hypot(a.x - x, a.y - y) / k) }))
      .filter((a) => a.distance <= radius)
      .sort((a, b) => a.distance - b.distance || a.objectid - b.objectid)
      .slice(0, limit);
  }

  /** The asset a category's fault belongs to at a site: the lamp (light faults) or the pole. */
  faultAsset(site: Site, cat: CitizenCategory): AssetRow {
    return (cat.target === 'pole' ? (site.pole ?? site.lamp) : (site.lamp ?? site.pole)) ?? site.asset;
  }

  private siteIds(site: Site): number[] {
    return [
      ...new Set(
        [site.asset.objectid, site.pole?.objectid, site.lamp?.objectid].filter((x): x is number => !!x),
      ),
    ];
  }

  async maintainer(district: string): Promise<string> {
    const crew = await this.db
      .selectFrom('map_crew')
      .select('name')
      .where('district', '=', district)
      .orderBy('id')
      .executeTakeFirst();
    return crew?.name ?? '';
  }

  /** What a citizen sees of a place: never a contact, never another citizen's text or photos. */
  async siteView(site: Site) {
    const a = site.asset;
    const [lng, lat] = mercatorToLonLat(a.x, a.y);
    const open = await this.db
      .selectFrom('citizen_report as r')
      .innerJoin('fault as f', 'f.id', 'r.faultId')
      // what "already reported?" needs: no reference, words, photos or contact of another citizen
      .select(['r.id', 'r.category', 'r.createdAt', 'r.supportCount'])
      .where('r.assetId', 'in', this.siteIds(site))
      .where('f.closedAt', 'is', null)
      .orderBy('r.createdAt', 'desc')
      .limit(10)
      .execute();
    return {
      code: a.code,
      kind: a.kind,
      poleCode: site.pole?.code ?? null,
      lampCode: site.lamp?.code ?? null,
      road: a.road,
      district: a.district,
      maintainer: await this.maintainer(a.district),
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      openReports: open.map((r) => ({ ...r, supportCount: Number(r.supportCount) })),
    };
  }

  /* ---------------- reports ---------------- */

  private ensureRule(): Promise<void> {
    this.ruleReady ??= (async () => {
      await this.db
        .insertInto('bill_rule')
        .values({
          id: 'bill-citizen-report',
          fullName: '市民报修',
          enCode: REPORT_RULE,
          prefix: 'BX',
          dateFormat: 'yyyyMMdd',
          digit: 4,
          startNumber: 1,
          suffix: '',
          description: '市民报修参考编号',
          currentDate: '',
          periodKey: 0,
          currentSeq: 0,
          issued: 0,
          sortCode: 60,
          enabledMark: 1,
          createdAt: this.clock(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    })().catch((e: unknown) => {
      this.ruleReady = null;
      throw e;
    });
    return this.ruleReady;
  }

  async reportById(id: string): Promise<ReportRow | undefined> {
    return this.db.selectFrom('citizen_report').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Adds a "me too" (once per citizen or device); returns whether it counted. */
  async support(trx: Tx, reportId: string, supporterKey: string, now: number): Promise<boolean> {
    const r = await trx
      .insertInto('citizen_report_support')
      .values({ reportId, supporterKey, createdAt: now })
      .onConflict((oc) => oc.columns(['reportId', 'supporterKey']).doNothing())
      .executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await trx
      .updateTable('citizen_report')
      .set({ supportCount: sql<number>`"supportCount" + 1`, updatedAt: now })
      .where('id', '=', reportId)
      .execute();
    return true;
  }

  supporterKey(citizenId: string | null, deviceId: string): string {
    return citizenId ? `c:${citizenId}` : `d:${deviceId}`;
  }

  async hasSupported(reportId: string, keys: readonly string[]): Promise<boolean> {
    if (!keys.length) return false;
    const row = await this.db
      .selectFrom('citizen_report_support')
      .select('reportId')
      .where('reportId', '=', reportId)
      .where('supporterKey', 'in', [...keys])
      .executeTakeFirst();
    return !!row;
  }

  /** The keys this citizen's "me too"s were counted under: theirs, and this phone's anonymous ones. */
  supporterKeys(session: CitizenSession | null, deviceId: string): string[] {
    return [...(session ? [`c:${session.citizenId}`] : []), ...(deviceId ? [`d:${deviceId}`] : [])];
  }

  /**
   * Files a report: a retry with the same idempotency key returns the first answer. An open report of
   * the same citizen category on the same asset, whose fault is at least as urgent, gets a "me too"
   * instead of a duplicate, and what this submit said (words, photos, contact) is kept as a note on
   * it. A more urgent category is never folded into a less urgent fault: it is filed as its own fault
   * with its own target (docs/api/public.md). Otherwise the report and its map fault are written in
   * one transaction, then every open map is told.
   */
  async fileReport(n: NewReport): Promise<{ report: ReportRow; folded: boolean }> {
    const cat = citizenCategory(n.category);
    if (!cat) throw badRequest('category: 未知的故障类型');
    // the phone's (or Open311 client's) key in the kernel's one store: a repeat answers the first answer
    const rk: RequestKey = {
      owner: `d:${n.deviceId}`,
      key: n.idemKey,
      kind: 'citizen.report',
      exclusive: true,
    };
    const replay = async (): Promise<{ id: string; folded: boolean } | null> =>
      (await priorAnswer<{ id: string; folded: boolean }>(this.db, rk)) ?? null;
    const first = await replay();
    if (first) return this.answer(first);
    await this.ensureRule();
    const now = this.clock();
    let created: InsertedFault | null = null;
    const result = await this.db
      .transaction()
      .execute(async (trx) => {
        const filed = await this.fileIn(trx, n, cat, now, null);
        created = filed.created;
        const answer = { id: filed.id, folded: filed.folded };
        await rememberAnswer(trx as Db, rk, answer, now);
        return answer;
      })
      .catch(async (e: unknown) => {
        // a concurrent retry with the same key won the race: answer with its report (this
        // transaction's fault was rolled back with it)
        created = null;
        const won = await replay();
        if (won) return won;
        throw e;
      });
    if (created) await announceFault(this.map, created);
    return this.answer(result);
  }

  /**
   * The report's writes in a transaction: folded into the open report of the same category on the
   * same asset whose fault is at least as urgent (a "me too" and a note), or a new report with its
   * fault. `placed`: an unplaced report staff place now (its reference and the time it was made).
   */
  private async fileIn(
    trx: Tx,
    n: NewReport,
    cat: CitizenCategory,
    now: number,
    placed: { refNo: string; createdAt: number } | null,
  ): Promise<{ id: string; folded: boolean; created: InsertedFault | null }> {
    const target = this.faultAsset(n.site, cat);
    const open = await trx
      .selectFrom('citizen_report as r')
      .innerJoin('fault as f', 'f.id', 'r.faultId')
      .select('r.id')
      .where('r.assetId', '=', target.objectid)
      .where('r.category', '=', cat.code)
      .where('f.closedAt', 'is', null)
      .where('f.urgency', '>=', cat.urgency)
      .orderBy('r.createdAt')
      .executeTakeFirst();
    if (open) {
      await this.support(trx, open.id, this.supporterKey(n.citizenId, n.deviceId), now);
      const photos = await this.claimPhotos(trx, n.photos, n.deviceId, n.idemKey);
      const noteId = `cn-${randomUUID()}`;
      await trx
        .insertInto('citizen_report_note')
        .values({
          id: noteId,
          reportId: open.id,
          // the legacy key column (unique, not null) holds the row's own id: keys live in request_key
          idemKey: noteId,
          citizenId: n.citizenId,
          deviceId: n.deviceId,
          channel: n.channel,
          description: n.description.trim(),
          photos: JSON.stringify(photos),
          contactName: n.contactName.trim(),
          contactPhone: n.contactPhone.trim(),
          createdAt: now,
        })
        .execute();
      return { id: open.id, folded: true, created: null };
    }
    const photos = await this.claimPhotos(trx, n.photos, n.deviceId, n.idemKey);
    const refNo = placed?.refNo ?? (await allocateBillNumber(trx as Db, REPORT_RULE, now));
    const created = await insertFault(
      trx,
      target,
      {
        typeCode: cat.typeCode,
        urgency: cat.urgency,
        source: 'citizen',
        description: faultDescription(cat, n.description),
        photos: photos.map(photoUrl),
        sourceRef: refNo,
      },
      now,
    );
    const id = `cr-${randomUUID()}`;
    await trx
      .insertInto('citizen_report')
      .values({
        id,
        refNo,
        // the legacy key column (unique, not null) holds the row's own id: keys live in request_key
        idemKey: id,
        citizenId: n.citizenId,
        deviceId: n.deviceId,
        channel: n.channel,
        open311KeyId: n.open311KeyId ?? null,
        category: cat.code,
        faultId: created.id,
        assetId: target.objectid,
        siteAssetId: n.site.asset.objectid,
        locationSource: n.locationSource,
        lat: n.lat,
        lng: n.lng,
        description: n.description.trim(),
        photos: JSON.stringify(photos),
        mediaUrl: n.mediaUrl ?? '',
        contactName: n.contactName.trim(),
        contactPhone: n.contactPhone.trim(),
        supportCount: 1,
        createdAt: placed?.createdAt ?? now,
        updatedAt: now,
        fixedConfirmed: null,
        confirmedAt: null,
      })
      .execute();
    await trx
      .insertInto('citizen_report_support')
      .values({ reportId: id, supporterKey: this.supporterKey(n.citizenId, n.deviceId), createdAt: now })
      .execute();
    return { id, folded: false, created };
  }

  /**
   * Keeps an Open311 request whose address names no pole or light we know, as given (with the road
   * it names as a hint), under a reference of its own. A retry with the same key answers the first
   * answer (the same key's earlier placed report, or this kept one).
   */
  async fileUnplaced(
    n: Omit<NewReport, 'site' | 'photos' | 'locationSource' | 'citizenId'> & {
      address: string;
      road: RoadName | null;
    },
  ): Promise<{ unplaced: UnplacedRow } | { report: ReportRow }> {
    const cat = citizenCategory(n.category);
    if (!cat) throw badRequest('category: 未知的故障类型');
    const rk: RequestKey = {
      owner: `d:${n.deviceId}`,
      key: n.idemKey,
      kind: 'citizen.report',
      exclusive: true,
    };
    type Answer = { id: string; folded?: boolean; unplaced?: boolean };
    const replay = async () => (await priorAnswer<Answer>(this.db, rk)) ?? null;
    const shown = async (a: Answer) => {
      if (!a.unplaced) return { report: (await this.answer({ id: a.id, folded: !!a.folded })).report };
      const u = await unplacedById(this.db, a.id);
      if (!u) throw notFound('报修不存在');
      return { unplaced: u };
    };
    const first = await replay();
    if (first) return shown(first);
    await this.ensureRule();
    const now = this.clock();
    const result = await this.db
      .transaction()
      .execute(async (trx) => {
        const id = `cu-${randomUUID()}`;
        await insertUnplaced(trx, {
          id,
          refNo: await allocateBillNumber(trx as Db, REPORT_RULE, now),
          deviceId: n.deviceId,
          channel: n.channel,
          open311KeyId: n.open311KeyId ?? null,
          category: cat.code,
          address: n.address.trim(),
          roadHint: n.road?.name ?? '',
          districtHint: n.road?.district ?? '',
          lat: n.lat,
          lng: n.lng,
          description: n.description.trim(),
          mediaUrl: n.mediaUrl ?? '',
          contactName: n.contactName.trim(),
          contactPhone: n.contactPhone.trim(),
          createdAt: now,
          updatedAt: now,
          reportId: null,
          placedAt: null,
          placedBy: null,
        });
        const answer: Answer = { id, unplaced: true };
        await rememberAnswer(trx as Db, rk, answer, now);
        return answer;
      })
      .catch(async (e: unknown) => {
        const won = await replay();
        if (won) return won;
        throw e;
      });
    return shown(result);
  }

  /**
   * Staff place a kept report on a pole or light: it is filed then as a placed report would have
   * been (its fault, or a "me too" on the open report of the same asset and category), under the
   * reference the client already holds. Placing again changes nothing (the first placing stands).
   */
  async place(u: UnplacedRow, site: Site, userId: string): Promise<UnplacedRow> {
    const cat = citizenCategory(u.category);
    if (!cat) throw notFound('报修不存在');
    if (u.placedAt !== null) return u;
    await this.ensureRule();
    const now = this.clock();
    let created: InsertedFault | null = null;
    await this.db
      .transaction()
      .execute(async (trx) => {
        const filed = await this.fileIn(
          trx,
          {
            idemKey: u.id,
            deviceId: u.deviceId,
            citizenId: null,
            channel: 'open311',
            open311KeyId: u.open311KeyId,
            category: cat.code,
            site,
            locationSource: 'staff',
            lat: u.lat,
            lng: u.lng,
            description: u.description,
            photos: [],
            mediaUrl: u.mediaUrl,
            contactName: u.contactName,
            contactPhone: u.contactPhone,
          },
          cat,
          now,
          { refNo: u.refNo, createdAt: u.createdAt },
        );
        const mine = await markPlaced(trx, u.id, {
          reportId: filed.id,
          folded: filed.folded,
          placedBy: userId,
          placedCode: site.asset.code,
          now,
        });
        // placed meanwhile by someone else: undo this one's writes, theirs stands
        if (!mine) throw new PlacedMeanwhile();
        created = filed.created;
      })
      .catch((e: unknown) => {
        created = null;
        if (!(e instanceof PlacedMeanwhile)) throw e;
      });
    if (created) await announceFault(this.map, created);
    const after = await unplacedById(this.db, u.id);
    if (!after) throw notFound('报修不存在');
    return after;
  }

  private async answer(r: { id: string; folded: boolean }): Promise<{ report: ReportRow; folded: boolean }> {
    const report = await this.reportById(r.id);
    if (!report) throw notFound('报修不存在');
    return { report, folded: r.folded };
  }

  /** Marks a device's uploaded photos as used by `owner` (a retry of the same owner reuses them). */
  async claimPhotos(trx: Tx, names: readonly string[], deviceId: string, owner: string): Promise<string[]> {
    if (!names.length) return [];
    const rows = await trx
      .selectFrom('citizen_photo')
      .select(['name', 'usedBy'])
      .where('name', 'in', [...names])
      .where('deviceId', '=', deviceId)
      .execute();
    for (const [i, name] of names.entries()) {
      const row = rows.find((r) => r.name === name);
      if (!row || (row.usedBy !== null && row.usedBy !== owner))
        throw badRequest(`photos.${i}: 照片不存在或已被使用，请重新上传`);
    }
    await trx
      .updateTable('citizen_photo')
      .set({ usedBy: owner })
      .where('name', 'in', [...names])
      .execute();
    return [...names];
  }

  /**
   * Deletes photos uploaded before `before` that nothing claimed (a submit refused, abandoned or
   * never sent): the row first, only while still unclaimed, then the file. Returns how many went.
   */
  async sweepUnusedPhotos(before: number, limit = 500): Promise<number> {
    const rows = await this.db
      .selectFrom('citizen_photo')
      .select('name')
      .where('usedBy', 'is', null)
      .where('createdAt', '<', before)
      .orderBy('createdAt')
      .limit(limit)
      .execute();
    let n = 0;
    for (const { name } of rows) {
      const del = await this.db
        .deleteFrom('citizen_photo')
        .where('name', '=', name)
        .where('usedBy', 'is', null)
        .executeTakeFirst();
      if (Number(del.numDeletedRows) !== 1) continue; // claimed meanwhile
      await this.photos.remove(name);
      n++;
    }
    return n;
  }

  /**
   * A fault's citizen report as staff who may see faults read it: the reference, the channel, the
   * support count, who reported (a masked phone, the chat app, an Open311 key's name), the private
   * contact, and the notes of the submits folded into it. Null when the fault has no citizen report.
   */
  async staffReport(faultId: string) {
    const r = await this.db
      .selectFrom('citizen_report')
      .selectAll()
      .where('faultId', '=', faultId)
      .orderBy('createdAt')
      .executeTakeFirst();
    if (!r) return null;
    const reporter = async (citizenId: string | null, channel: string, keyId: string | null) => {
      if (channel === 'open311' && keyId)
        return (
          (await this.db.selectFrom('open311_key').select('name').where('id', '=', keyId).executeTakeFirst())
            ?.name ?? 'Open311'
        );
      if (!citizenId) return '';
      const c = await this.db
        .selectFrom('citizen')
        .select(['kind', 'subject'])
        .where('id', '=', citizenId)
        .executeTakeFirst();
      return c ? (c.kind === 'phone' ? maskPhone(c.subject) : '微信用户') : '';
    };
    const notes = await this.db
      .selectFrom('citizen_report_note')
      .selectAll()
      .where('reportId', '=', r.id)
      .orderBy('createdAt')
      .orderBy('id')
      .limit(100)
      .execute();
    const out = [];
    for (const x of notes)
      out.push({
        id: x.id,
        createdAt: x.createdAt,
        channel: x.channel,
        reporter: await reporter(x.citizenId, x.channel, null),
        description: x.description,
        photos: parsePhotoNames(x.photos).map(photoUrl),
        contactName: x.contactName,
        contactPhone: x.contactPhone,
      });
    return {
      id: r.id,
      refNo: r.refNo,
      source: 'citizen' as const,
      channel: r.channel,
      category: r.category,
      createdAt: r.createdAt,
      supportCount: Number(r.supportCount),
      reporter: await reporter(r.citizenId, r.channel, r.open311KeyId),
      contactName: r.contactName,
      contactPhone: r.contactPhone,
      description: r.description,
      photos: parsePhotoNames(r.photos).map(photoUrl),
      mediaUrl: r.mediaUrl,
      notes: out,
    };
  }

  /** The latest order on a report's fault (or an asset-wide order since the fault), dates only. */
  private async orderFor(r: { faultId: string; assetId: number; createdAt: number }) {
    const cols = [
      'o.id',
      'o.billNo',
      'o.dueAt',
      'o.dispatchedAt',
      'o.startedAt',
      'o.completedAt',
      'o.verifiedAt',
      'o.crewId',
      'o.createdAt',
    ] as const;
    const own = await this.db
      .selectFrom('work_order as o')
      .select(cols)
      .where('o.faultId', '=', r.faultId)
      .orderBy('o.createdAt', 'desc')
      .executeTakeFirst();
    if (own) return own;
    return this.db
      .selectFrom('work_order as o')
      .select(cols)
      .where('o.assetId', '=', r.assetId)
      .where('o.faultId', 'is', null)
      .where('o.createdAt', '>=', r.createdAt)
      .orderBy('o.createdAt', 'desc')
      .executeTakeFirst();
  }

  /** The report's progress as the citizen sees it, with the expected date from the targets. */
  async progress(r: ReportRow): Promise<{
    state: CitizenState;
    steps: CitizenStep[];
    expectedAt: number;
    urgency: number;
    agency: string;
    faultClosedAt: number | null;
  }> {
    const f = await this.db
      .selectFrom('fault')
      .select(['urgency', 'closedAt', 'reportedAt', 'district'])
      .where('id', '=', r.faultId)
      .executeTakeFirst();
    const o = await this.orderFor(r);
    const steps = citizenSteps(r.createdAt, f?.closedAt ?? null, o ?? null);
    const urgency = f?.urgency ?? citizenCategory(r.category)?.urgency ?? 1;
    let agency = '';
    if (o?.crewId)
      agency =
        (await this.db.selectFrom('map_crew').select('name').where('id', '=', o.crewId).executeTakeFirst())
          ?.name ?? '';
    if (!agency && f) agency = await this.maintainer(f.district);
    return {
      state: citizenState(steps),
      steps,
      expectedAt: o?.dueAt ?? dueAtFor(urgency, f?.reportedAt ?? r.createdAt),
      urgency,
      agency,
      faultClosedAt: f?.closedAt ?? null,
    };
  }

  isOwner(r: ReportRow, session: CitizenSession | null, deviceId: string | null): boolean {
    if (session && r.citizenId === session.citizenId) return true;
    return r.citizenId === null && !!deviceId && r.deviceId === deviceId;
  }

  /**
   * A report for the citizen pages: the owner sees their text and photos; others the public part
   * (`supported`: this citizen said "me too" on it, so it is in their list too).
   */
  async citizenView(r: ReportRow, mine: boolean, supported = false) {
    const p = await this.progress(r);
    const site = await this.db
      .selectFrom('map_asset')
      .select(['code', 'road', 'district'])
      .where('objectid', '=', r.siteAssetId)
      .executeTakeFirst();
    return {
      id: r.id,
      refNo: r.refNo,
      category: r.category,
      createdAt: r.createdAt,
      state: p.state,
      steps: p.steps,
      expectedAt: p.expectedAt,
      urgency: p.urgency,
      agency: p.agency,
      supportCount: Number(r.supportCount),
      site: site ?? null,
      mine,
      supported: !mine && supported,
      ...(mine
        ? {
            description: r.description,
            photos: parsePhotoNames(r.photos).map(photoUrl),
            fixedConfirmed: r.fixedConfirmed,
            canConfirm: (p.state === 'fixed' || p.state === 'verified') && r.fixedConfirmed === null,
          }
        : {}),
    };
  }

  /**
   * "Is it fixed?": yes records it; no files the fault again on the same asset (a new fault, source
   * citizen) and points the report at it, so the report is received again.
   */
  async confirm(r: ReportRow, fixed: boolean): Promise<void> {
    const now = this.clock();
    if (fixed) {
      await this.db
        .updateTable('citizen_report')
        .set({ fixedConfirmed: 1, confirmedAt: now, updatedAt: now })
        .where('id', '=', r.id)
        .where('fixedConfirmed', 'is', null)
        .execute();
      return;
    }
    const cat = citizenCategory(r.category);
    const asset = await this.db
      .selectFrom('map_asset')
      .select(ASSET_COLUMNS)
      .where('objectid', '=', r.assetId)
      .executeTakeFirst();
    if (!cat || !asset) throw notFound('报修不存在');
    let created: InsertedFault | null = null;
    await this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('citizen_report')
        .set({ fixedConfirmed: 0, confirmedAt: now, updatedAt: now })
        .where('id', '=', r.id)
        .where('fixedConfirmed', 'is', null)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return;
      created = await insertFault(
        trx,
        toAsset(asset),
        {
          typeCode: cat.typeCode,
          urgency: cat.urgency,
          source: 'citizen',
          description: `市民反馈未修复（${r.refNo}）：${cat.name.zh}`,
          photos: parsePhotoNames(r.photos).map(photoUrl),
          sourceRef: r.refNo,
        },
        now,
      );
      await trx
        .updateTable('citizen_report')
        .set({ faultId: created.id, fixedConfirmed: null, confirmedAt: null })
        .where('id', '=', r.id)
        .execute();
    });
    if (created) await announceFault(this.map, created);
  }
}

/** Another call placed the report first (rolls this one's transaction back). */
class PlacedMeanwhile extends Error {}

/** The fault's text for the map: the citizen's category, then their words (the fault holds 500). */
export function faultDescription(cat: CitizenCategory, text: string): string {
  const s = `【市民报修】${cat.name.zh}${text.trim() ? `：${text.trim()}` : ''}`;
  return s.length > 500 ? `${s.slice(0, 499)}…` : s;
}
