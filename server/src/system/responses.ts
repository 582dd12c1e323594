/**
 * What the system administration's calls answer (http/response.ts): the API description carries
 * these, the console's types are generated from it (shared/src/api/schema.gen.ts) and every server
 * test checks each answer against them. One schema per entity, reused by its list, tree and detail.
 * Times are epoch milliseconds; a tree's root has parentId '-1'.
 */
import {
  NOTHING,
  anyJson,
  arr,
  bool,
  envelope,
  flag,
  int,
  intOrNull,
  mapOf,
  obj,
  paged,
  record,
  str,
  strOrNull,
  tree,
} from '../http/response';

/** `{ list }` in the envelope (the lists that are not paged). */
const listOf = <const I>(item: I) => envelope(record({ list: arr(item) }));

/** What a create answers: the new row's id. */
export const CREATED = envelope(record({ id: str }));
/** What a state toggle answers: the new state. */
export const STATE = envelope(record({ enabledMark: flag }));
/** A toggle's new state as its schema names it (toggleState answers 0 or 1). */
export const asFlag = (n: number): 0 | 1 => (n === 0 ? 0 : 1);

/* ---------------- areas ---------------- */

const AREA_FIELDS = {
  id: str,
  parentId: str,
  fullName: str,
  enCode: str,
  /** 1 province … 4 street */
  type: int,
  sortCode: int,
  enabledMark: int,
  creatorTime: int,
} as const;
export const AREA = record(AREA_FIELDS);
/** An area in a level's list, saying whether it has areas under it. */
const AREA_ROW = record({ ...AREA_FIELDS, hasChildren: bool, isLeaf: bool });

/* ---------------- dictionaries ---------------- */

const DICTIONARY_TYPE_FIELDS = {
  id: str,
  parentId: str,
  fullName: str,
  enCode: str,
  isTree: int,
  sortCode: int,
  enabledMark: int,
  description: str,
} as const;
export const DICTIONARY_TYPE = record(DICTIONARY_TYPE_FIELDS);

const DICTIONARY_ITEM_FIELDS = {
  id: str,
  dictionaryTypeId: str,
  parentId: str,
  fullName: str,
  enCode: str,
  sortCode: int,
  enabledMark: int,
  description: str,
  fullNameZhtw: str,
  fullNameEn: str,
} as const;
export const DICTIONARY_ITEM = record(DICTIONARY_ITEM_FIELDS);
const DICTIONARY_ITEMS = envelope(record({ list: arr(tree(DICTIONARY_ITEM_FIELDS)), isTree: int }));

/** An item as every page's dictionary cache keeps it. */
const CACHED_ITEM = record({
  id: str,
  enCode: str,
  fullName: str,
  fullNameZhtw: str,
  fullNameEn: str,
  /** '0' at the root */
  parentId: str,
  sortCode: int,
});

/* ---------------- bill rules and data interfaces ---------------- */

export const BILL_RULE = record({
  id: str,
  fullName: str,
  enCode: str,
  prefix: str,
  dateFormat: str,
  digit: int,
  startNumber: int,
  suffix: str,
  description: str,
  sortCode: int,
  enabledMark: int,
  /** the last number drawn ('' when none yet) */
  outputNumber: str,
  creatorTime: int,
});

export const DATA_INTERFACE = record({
  id: str,
  fullName: str,
  enCode: str,
  /** 1 SQL, 2 HTTP */
  dataType: int,
  query: str,
  path: str,
  requestMethod: str,
  description: str,
  sortCode: int,
  enabledMark: int,
  requestParameters: arr(obj({ field: str, defaultValue: str }, ['field'])),
  creatorTime: int,
});

/* ---------------- organisations, positions, roles, users ---------------- */

const ORG_FIELDS = {
  id: str,
  parentId: str,
  /** company | department */
  category: str,
  fullName: str,
  enCode: str,
  managerId: strOrNull,
  sortCode: int,
  enabledMark: int,
  creatorTime: int,
} as const;
/** A company or department as its form reads it (with the district it looks after: `@district`). */
export const ORGANIZE = record({ ...ORG_FIELDS, district: strOrNull });
/** A company or department in a tree: with its manager's name, its kind and icon. */
const ORG_NODE_FIELDS = { ...ORG_FIELDS, manager: str, type: str, icon: str } as const;
const ORG_TREE = listOf(tree(ORG_NODE_FIELDS));
const DEPARTMENT_NODE_FIELDS = { ...ORG_NODE_FIELDS, organizeId: str } as const;

/** The fields every picker node has (a company, department, position or user). */
const PICK_FIELDS = {
  id: str,
  parentId: str,
  fullName: str,
  enCode: str,
  sortCode: int,
  type: str,
  icon: str,
} as const;
const PICKED = ['id', 'parentId', 'fullName', 'enCode', 'sortCode', 'type', 'icon'] as const;

const POSITION_FIELDS = {
  id: str,
  fullName: str,
  enCode: str,
  organizeId: strOrNull,
  sortCode: int,
  enabledMark: int,
  description: str,
  creatorTime: int,
} as const;
export const POSITION = record(POSITION_FIELDS);

const ROLE_FIELDS = {
  id: str,
  fullName: str,
  enCode: str,
  description: str,
  sortCode: int,
  enabledMark: int,
  creatorTime: int,
} as const;
const BRIEF = record({ id: str, fullName: str, enCode: str });

/** A user as the administrator's form reads it. */
export const USER = record({
  id: str,
  account: str,
  realName: str,
  gender: int,
  mobile: str,
  email: str,
  organizeId: strOrNull,
  positionId: strOrNull,
  managerId: strOrNull,
  roleIds: arr(str),
  enabledMark: int,
  sortCode: int,
  quickQuery: str,
  headIcon: str,
  isAdministrator: int,
  creatorTime: int,
});

/** A signed-in person on the online-users page, with each of their sessions. */
const ONLINE_FIELDS = {
  userId: str,
  userName: str,
  account: str,
  organize: str,
  loginTime: int,
  loginIp: str,
  loginAddress: str,
  expiresAt: int,
  connected: bool,
  sessionCount: int,
  sessions: arr(record({ sessionId: str, loginTime: int, loginIp: str, loginAddress: str, expiresAt: int })),
} as const;

/** A node of the authorisation trees (menus, then their buttons, columns and data scopes). */
const GRANT_NODE_FIELDS = {
  id: str,
  parentId: str,
  fullName: str,
  enCode: str,
  icon: str,
  /** a menu's type as text ('1' … '7'), or button | column | resource */
  type: str,
  sortCode: int,
} as const;
const GRANT_TREE = arr(tree(GRANT_NODE_FIELDS));
const GRANT_IDS = record({ module: arr(str), button: arr(str), column: arr(str), resource: arr(str) });

/* ---------------- menus and the log ---------------- */

const MENU_FIELDS = {
  id: str,
  parentId: str,
  /** 1 directory, 2 page, 3 form, 4 list, 5 flow, 6 wall display, 7 link */
  type: int,
  enCode: str,
  fullName: str,
  urlAddress: str,
  icon: str,
  propertyJson: str,
  linkTarget: str,
  sortCode: int,
  enabledMark: int,
  /** the JNPF 3.x form's flags: always 'Web', and whether the entry has buttons and columns */
  category: str,
  isButtonAuthorize: int,
  isColumnAuthorize: int,
} as const;
export const MENU = record(MENU_FIELDS);
const MENU_TREE = listOf(tree(MENU_FIELDS));
const CATALOGUE_ENTRY = record({ id: str, enCode: str, fullName: str, sortCode: int, enabledMark: int });

const LOG_FIELDS = {
  id: str,
  /** 1 sign-in, 4 error, 5 request */
  category: int,
  userId: strOrNull,
  userName: str,
  ipAddress: str,
  ipAddressName: str,
  requestUrl: str,
  requestMethod: str,
  duration: int,
  abstracts: str,
  /** how many times an error was seen */
  count: int,
  creatorTime: int,
} as const;
const LOG_REQUIRED = Object.keys(LOG_FIELDS) as [keyof typeof LOG_FIELDS];
/** A log line; an error's also says when it was last seen and what was caught (detail). */
const LOG_ROW = obj(
  {
    ...LOG_FIELDS,
    lastSeen: int,
    detail: mapOf(str),
  },
  LOG_REQUIRED,
);
/** The same line with the names the JNPF 3.x log page's columns read. */
const JNPF_LOG_ROW = obj(
  {
    ...LOG_FIELDS,
    lastSeen: int,
    detail: mapOf(str),
    ipaddress: str,
    requestURL: str,
    requestDuration: int,
    platForm: str,
  },
  [...LOG_REQUIRED, 'ipaddress', 'requestURL', 'requestDuration', 'platForm'],
);
const LOG_DETAIL = record({
  id: str,
  category: int,
  userId: strOrNull,
  userName: strOrNull,
  ipAddress: str,
  ipAddressName: str,
  requestUrl: str,
  requestMethod: str,
  duration: int,
  abstracts: str,
  /** what the request carried or the error caught, as stored */
  json: str,
  fingerprint: strOrNull,
  count: int,
  lastSeen: intOrNull,
  creatorTime: int,
});

export const SYSTEM_ANSWERS = {
  created: CREATED,
  nothing: NOTHING,
  state: STATE,

  areas: listOf(AREA_ROW),
  area: envelope(AREA),

  dictionaryTypes: listOf(tree(DICTIONARY_TYPE_FIELDS)),
  dictionaryType: envelope(DICTIONARY_TYPE),
  dictionaryVersion: envelope(record({ version: int })),
  dictionaryOptions: listOf(
    record({ id: str, enCode: str, fullName: str, fullNameZhtw: str, fullNameEn: str, parentId: str }),
  ),
  dictionaryItems: DICTIONARY_ITEMS,
  dictionaryItem: envelope(DICTIONARY_ITEM),
  dictionaries: listOf(
    record({ id: str, enCode: str, fullName: str, isTree: int, dictionaryList: arr(CACHED_ITEM) }),
  ),

  billRules: paged(BILL_RULE),
  billRule: envelope(BILL_RULE),
  billRuleOptions: listOf(BRIEF),
  /** the number drawn */
  billNumber: envelope(str),

  dataInterfaces: paged(DATA_INTERFACE),
  dataInterface: envelope(DATA_INTERFACE),
  dataInterfaceOptions: listOf(record({ id: str, fullName: str, enCode: str, dataType: int })),
  /** what the interface answered: an SQL interface's rows, an HTTP one's status and body */
  dataInterfaceAnswer: envelope(anyJson),

  organizeTree: ORG_TREE,
  organize: envelope(ORGANIZE),
  departments: listOf(tree(DEPARTMENT_NODE_FIELDS)),
  positions: paged(record({ ...POSITION_FIELDS, organize: str, userCount: int })),
  position: envelope(POSITION),
  positionOptions: listOf(
    record({ id: str, fullName: str, enCode: str, organizeId: strOrNull, organize: str }),
  ),
  /** companies and departments with their positions under them */
  positionTree: listOf(
    tree(
      {
        ...PICK_FIELDS,
        category: str,
        managerId: strOrNull,
        enabledMark: int,
        manager: str,
        creatorTime: int,
      },
      PICKED,
    ),
  ),

  roles: paged(record({ ...ROLE_FIELDS, userCount: int })),
  role: envelope(record({ ...ROLE_FIELDS, category: str, userIds: arr(str) })),
  roleOptions: listOf(BRIEF),
  roleUsers: listOf(record({ id: str, account: str, realName: str })),
  /** one step of the 3.x authorisation wizard */
  grantStep: envelope(record({ list: GRANT_TREE, ids: arr(str), all: arr(str) })),
  /** the objects of one type holding an item (JNPF 3.x Authority/Model) */
  holders: envelope(record({ ids: arr(str) })),
  grants: envelope(
    record({
      module: GRANT_TREE,
      button: GRANT_TREE,
      column: GRANT_TREE,
      resource: GRANT_TREE,
      ids: GRANT_IDS,
    }),
  ),

  users: paged(
    record({
      id: str,
      account: str,
      realName: str,
      gender: int,
      mobile: str,
      email: str,
      enabledMark: int,
      headIcon: str,
      organizeId: strOrNull,
      positionId: strOrNull,
      organize: str,
      position: str,
      creatorTime: int,
    }),
  ),
  user: envelope(USER),
  userOptions: listOf(
    record({ id: str, account: str, realName: str, quickQuery: str, headIcon: str, department: str }),
  ),
  /** companies and departments with their people under them */
  userTree: listOf(tree({ ...PICK_FIELDS, category: str, headIcon: str }, PICKED)),

  online: listOf(record(ONLINE_FIELDS)),
  /** the JNPF 3.x page's form: the people as `data`, the address also as loginIPAddress */
  onlineJnpf: envelope(arr(record({ ...ONLINE_FIELDS, loginIPAddress: str }))),
  forcedOffline: envelope(record({ sessions: int })),

  menus: MENU_TREE,
  menu: envelope(MENU),
  catalogue: listOf(CATALOGUE_ENTRY),

  log: paged(LOG_ROW),
  logJnpf: paged(JNPF_LOG_ROW),
  logLine: envelope(LOG_DETAIL),
  logDeleted: envelope(record({ deleted: int })),
} as const;
