/**
 * What the citizens' calls answer (http/response.ts): the public pages (/api/public/*), their
 * console pages (/api/citizen/*) and Open311 GeoReport v2 (/api/open311/v2, which answers the
 * specification's own shapes, not the envelope). The API description carries these, the console's
 * types are generated from it (shared/src/api/schema.gen.ts) and every server test checks each
 * answer against them. Times are epoch milliseconds; positions WGS84 degrees.
 */
import {
  NOTHING,
  arr,
  bool,
  envelope,
  int,
  intOrNull,
  num,
  numOrNull,
  obj,
  orNull,
  paged,
  record,
  str,
  strOrNull,
} from '../http/response';

/* ---------------- reports ---------------- */

/** received | dispatched | inProgress | fixed | verified (shared/core CitizenState) */
const citizenState = str;

/**
 * A report as the citizen pages show it. The owner sees their text and photos and whether they
 * may confirm the repair; anyone else the public part.
 */
export const CITIZEN_REPORT = obj(
  {
    id: str,
    /** the BX reference */
    refNo: str,
    category: str,
    createdAt: int,
    state: citizenState,
    /** each step and when it was reached (null: not yet) */
    steps: arr(record({ state: citizenState, at: intOrNull })),
    expectedAt: int,
    urgency: int,
    agency: str,
    supportCount: int,
    site: orNull(record({ code: str, road: str, district: str })),
    mine: bool,
    /** this citizen said "me too" on it */
    supported: bool,
    // the owner's
    description: str,
    photos: arr(str),
    /** null: not asked yet; 1 fixed, 0 not fixed */
    fixedConfirmed: intOrNull,
    canConfirm: bool,
  },
  [
    'id',
    'refNo',
    'category',
    'createdAt',
    'state',
    'steps',
    'expectedAt',
    'urgency',
    'agency',
    'supportCount',
    'site',
    'mine',
    'supported',
  ],
);

/** A place a report can be filed for (a pole or lamp), with its open reports. */
const SITE = record({
  code: str,
  kind: str,
  poleCode: strOrNull,
  lampCode: strOrNull,
  road: str,
  district: str,
  maintainer: str,
  lat: num,
  lng: num,
  openReports: arr(record({ id: str, category: str, createdAt: int, supportCount: int })),
});

const NEARBY = record({ code: str, kind: str, road: str, district: str, distance: num, lat: num, lng: num });

/** An Open311 request kept without a place (its address as given), as the console shows it. */
const UNPLACED = record({
  id: str,
  /** the BX reference the client holds */
  refNo: str,
  category: str,
  /** the address_string as given */
  address: str,
  /** a road of the map the address names ('' none): a hint, not a place */
  roadHint: str,
  /** that road's district ('' none or several) */
  districtHint: str,
  lat: numOrNull,
  lng: numOrNull,
  description: str,
  mediaUrl: str,
  contactName: str,
  contactPhone: str,
  /** the Open311 key's name */
  reporter: str,
  createdAt: int,
  /** null: not placed yet */
  placedAt: intOrNull,
  /** the pole or light code staff gave ('' not placed) */
  placedCode: str,
  placedByName: str,
  /** placing folded it into the open report of the same asset and category */
  folded: bool,
  /** the fault it became or joined, once placed */
  faultId: strOrNull,
  /** the report it became or joined (its own reference, or the open report's when folded) */
  reportRefNo: strOrNull,
});

/** The first citizen report of a fault, as the console shows it (with the later "me too" notes). */
const STAFF_REPORT = record({
  id: str,
  refNo: str,
  source: { type: 'string', enum: ['citizen'] },
  /** wechat | phone | nowx | open311 … */
  channel: str,
  category: str,
  createdAt: int,
  supportCount: int,
  /** a masked phone, '微信用户', an Open311 key's name, or '' */
  reporter: str,
  contactName: str,
  contactPhone: str,
  description: str,
  photos: arr(str),
  mediaUrl: str,
  notes: arr(
    record({
      id: str,
      createdAt: int,
      channel: str,
      reporter: str,
      description: str,
      photos: arr(str),
      contactName: str,
      contactPhone: str,
    }),
  ),
});

/* ---------------- feedback ---------------- */

const FEEDBACK_FIELDS = {
  id: str,
  /** complaint | suggestion | praise … */
  kind: str,
  title: str,
  content: str,
  district: str,
  /** pending | replied */
  state: str,
  createdAt: int,
  repliedAt: intOrNull,
  /** 1–5, null until rated */
  satisfaction: intOrNull,
  photos: arr(str),
  replies: arr(
    record({
      id: str,
      /** citizen | staff */
      authorKind: str,
      authorName: str,
      content: str,
      createdAt: int,
    }),
  ),
} as const;
/** A feedback thread as its writer sees it. */
const FEEDBACK = record(FEEDBACK_FIELDS);
/** A feedback thread as the console sees it: with who wrote it (a masked phone, or the kind). */
const STAFF_FEEDBACK = record({ ...FEEDBACK_FIELDS, author: str });

const session = record({ token: str, kind: str, display: str });

export const CITIZEN_ANSWERS = {
  nothing: NOTHING,
  config: envelope(record({ hotline: str, sms: bool, wechat: str })),
  session: envelope(orNull(record({ kind: str, display: str }))),
  opened: envelope(session),
  smsSent: envelope(record({ sent: bool })),
  places: envelope(
    obj(
      {
        /** the city's districts (no district asked) */
        districts: arr(record({ name: str, rings: arr(arr(arr(num))) })),
        /** the district asked */
        district: str,
        roads: arr(record({ name: str, cls: str, paths: arr(arr(arr(num))) })),
      },
      ['roads'],
    ),
  ),
  site: envelope(SITE),
  nearby: envelope(arr(NEARBY)),
  photo: envelope(
    record({ name: str, url: str, width: int, height: int, gps: orNull(record({ lat: num, lng: num })) }),
  ),
  filed: envelope(record({ folded: bool, report: CITIZEN_REPORT })),
  supported: envelope(record({ counted: bool, report: CITIZEN_REPORT })),
  report: envelope(CITIZEN_REPORT),
  reports: envelope(arr(CITIZEN_REPORT)),
  feedback: envelope(FEEDBACK),
  myFeedback: envelope(
    arr(
      record({
        id: str,
        kind: str,
        title: str,
        state: str,
        createdAt: int,
        repliedAt: intOrNull,
        /** how many replies */
        replies: int,
      }),
    ),
  ),
  // the console
  feedbackPage: paged(
    record({
      id: str,
      kind: str,
      title: str,
      district: str,
      state: str,
      createdAt: int,
      repliedAt: intOrNull,
      satisfaction: intOrNull,
    }),
  ),
  staffFeedback: envelope(STAFF_FEEDBACK),
  staffReport: envelope(STAFF_REPORT),
  unplacedList: envelope(arr(UNPLACED)),
  unplaced: envelope(UNPLACED),
  keys: envelope(
    arr(
      record({
        id: str,
        name: str,
        /** the key's first characters, to tell keys apart */
        keyPrefix: str,
        createdAt: int,
        revokedAt: intOrNull,
        lastUsedAt: intOrNull,
        createdByName: str,
      }),
    ),
  ),
  /** the key itself, shown once */
  keyIssued: envelope(record({ id: str, name: str, key: str })),
} as const;

/* ---------------- Open311 GeoReport v2 (its own shapes) ---------------- */

const OPEN311_REQUEST_FIELDS = {
  service_request_id: str,
  /** open | closed */
  status: str,
  status_notes: str,
  service_name: str,
  service_code: str,
  agency_responsible: str,
  service_notice: str,
  requested_datetime: str,
  updated_datetime: str,
  expected_datetime: str,
  address: str,
  address_id: str,
  zipcode: str,
  lat: numOrNull,
  long: numOrNull,
  /** the caller's own requests only */
  description: str,
  media_url: str,
} as const;
const OPEN311_REQUEST = obj(OPEN311_REQUEST_FIELDS, [
  'service_request_id',
  'status',
  'status_notes',
  'service_name',
  'service_code',
  'agency_responsible',
  'service_notice',
  'requested_datetime',
  'updated_datetime',
  'expected_datetime',
  'address',
  'address_id',
  'zipcode',
  'lat',
  'long',
]);

export const OPEN311_ANSWERS = {
  discovery: record({
    changeset: str,
    contact: str,
    key_service: str,
    endpoints: arr(record({ specification: str, url: str, changeset: str, type: str, formats: arr(str) })),
  }),
  services: arr(
    record({
      service_code: str,
      service_name: str,
      description: str,
      metadata: bool,
      type: str,
      keywords: str,
      group: str,
    }),
  ),
  serviceDefinition: record({
    service_code: str,
    attributes: arr(
      record({
        variable: bool,
        code: str,
        datatype: str,
        required: bool,
        datatype_description: str,
        order: int,
        description: str,
      }),
    ),
  }),
  requests: arr(OPEN311_REQUEST),
  posted: arr(record({ service_request_id: str, service_notice: str, account_id: { type: 'null' } })),
} as const;

/** A GeoReport v2 document as XML text (text/xml). */
export const OPEN311_XML = { type: 'string', description: 'GeoReport v2 XML (text/xml)' } as const;
