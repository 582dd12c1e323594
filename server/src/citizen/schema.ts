/**
 * Row types of the citizens' tables (migration 0009), merged into `Database` in db/schema.ts. Citizen
 * feedback lives in the dashboard's `feedback` table (extended by 0009) with its thread in
 * `feedback_reply`.
 */
import type { Generated } from 'kysely';

/** A citizen as the public pages know them: by phone number or by the chat app's openid. */
export interface CitizenTable {
  id: string;
  /** phone | openid */
  kind: string;
  /** The phone number or the openid. */
  subject: string;
  createdAt: number;
  lastSeenAt: number;
}

export interface CitizenSessionTable {
  /** sha256 of the token the device holds. */
  tokenHash: string;
  citizenId: string;
  createdAt: number;
  expiresAt: number;
}

/** One-time codes sent by SMS (only when an SMS provider is configured). */
export interface CitizenCodeTable {
  phone: string;
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

export interface CitizenPhotoTable {
  /** 32 hex + .jpg: the stored, re-encoded file (unguessable). */
  name: string;
  deviceId: string;
  size: number;
  createdAt: number;
  /** Set once a report or a feedback uses it (a photo is used once). */
  usedBy: string | null;
}

export interface CitizenReportTable {
  id: string;
  /** Human-readable reference: BX + date + sequence. */
  refNo: string;
  /** Legacy (before 0019 the report's request key; since then the row's own id): keys live in request_key. */
  idemKey: string;
  citizenId: string | null;
  deviceId: string;
  /** gzh (chat app) | nowx (phone) | open311 */
  channel: string;
  open311KeyId: string | null;
  category: string;
  faultId: string;
  /** The asset with the fault (the lamp, or the pole). */
  assetId: number;
  /** The asset the citizen pointed at (the pole of the plate, the typed number, the nearest light). */
  siteAssetId: number;
  /** qr | code | gps | pin | open311 */
  locationSource: string;
  lat: number | null;
  lng: number | null;
  description: string;
  /** JSON array of stored photo names. */
  photos: string;
  /** An Open311 media_url (a link, never fetched). */
  mediaUrl: string;
  contactName: string;
  contactPhone: string;
  supportCount: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** The citizen's answer to "is it fixed?": 1 yes, 0 no, null not asked yet. */
  fixedConfirmed: number | null;
  confirmedAt: number | null;
}

/**
 * Migration 0025: an Open311 request whose address names no pole or light we know, kept as given
 * until staff place it (then `reportId` is the report it became, or the open report it was folded
 * into with `folded` 1).
 */
export interface CitizenReportUnplacedTable {
  id: string;
  /** The BX reference (the same numbering as citizen_report; kept by the report it becomes). */
  refNo: string;
  deviceId: string;
  /** open311 */
  channel: string;
  open311KeyId: string | null;
  category: string;
  /** The address_string as given. */
  address: string;
  /** A road of the map the address names ('' none): a hint for staff, not a place. */
  roadHint: string;
  /** That road's district ('' none, or the road is in more than one). */
  districtHint: string;
  lat: number | null;
  lng: number | null;
  description: string;
  mediaUrl: string;
  contactName: string;
  contactPhone: string;
  createdAt: number;
  updatedAt: number;
  /** Once placed: the report it became or was folded into. */
  reportId: string | null;
  /** 1 when placing folded it into an open report of the same asset and category. */
  folded: Generated<number>;
  placedAt: number | null;
  /** The staff member who placed it. */
  placedBy: string | null;
  /** The pole or light code staff gave ('' not placed). */
  placedCode: Generated<string>;
}

export interface CitizenReportSupportTable {
  reportId: string;
  /** c:<citizen id> or d:<device id>: one "me too" each. */
  supporterKey: string;
  createdAt: number;
}

/**
 * Migration 0010: a submit folded into an open report ("me too" with the citizen's own words, photos
 * and contact), kept so staff see it on the fault and a retry of the same key answers the same.
 */
export interface CitizenReportNoteTable {
  id: string;
  reportId: string;
  /** Legacy (before 0019 the report's request key; since then the row's own id): keys live in request_key. */
  idemKey: string;
  citizenId: string | null;
  deviceId: string;
  /** gzh | nowx | open311 */
  channel: string;
  description: string;
  /** JSON array of stored photo names. */
  photos: string;
  contactName: string;
  contactPhone: string;
  createdAt: number;
}

export interface FeedbackReplyTable {
  id: string;
  feedbackId: string;
  /** staff | citizen */
  authorKind: string;
  userId: string | null;
  authorName: string;
  content: string;
  createdAt: number;
}

export interface Open311KeyTable {
  id: string;
  name: string;
  /** sha256 of the key; the key itself is shown once. */
  keyHash: string;
  /** The key's first characters, to tell keys apart in the list. */
  keyPrefix: string;
  createdBy: string;
  createdAt: number;
  revokedAt: number | null;
  lastUsedAt: number | null;
}

/** Server secrets created on first use (the QR signing key), shared by every instance. */
export interface PublicSecretTable {
  name: string;
  value: string;
}

export interface CitizenTables {
  citizen: CitizenTable;
  citizen_session: CitizenSessionTable;
  citizen_code: CitizenCodeTable;
  citizen_photo: CitizenPhotoTable;
  citizen_report: CitizenReportTable;
  citizen_report_support: CitizenReportSupportTable;
  citizen_report_note: CitizenReportNoteTable;
  citizen_report_unplaced: CitizenReportUnplacedTable;
  feedback_reply: FeedbackReplyTable;
  open311_key: Open311KeyTable;
  public_secret: PublicSecretTable;
}
