/**
 * What sign-in and the signed-in user's own calls answer (http/response.ts): the API description
 * carries these, the console's types are generated from it (shared/src/api/schema.gen.ts) and every
 * server test checks each answer against them. Times are epoch milliseconds.
 */
import {
  NOTHING,
  arr,
  bool,
  envelope,
  int,
  intOrNull,
  paged,
  record,
  str,
  strOrNull,
  tree,
} from '../http/response';

/** A permitted menu entry as the console renders it (access-model.ts MenuNode); roots have parentId null. */
const MENU_NODE = tree({
  id: str,
  parentId: strOrNull,
  /** 1 directory, 2 page, 3 form, 4 list, 5 flow, 6 wall display, 7 link */
  type: int,
  enCode: str,
  fullName: str,
  urlAddress: str,
  icon: str,
  propertyJson: str,
  linkTarget: str,
  sortCode: int,
});

const GRANT = record({ enCode: str, fullName: str });
/** A granted button or column, with its menu's id and code. */
const MENU_GRANT = record({ menuId: str, menuCode: str, enCode: str, fullName: str });

/** The signed-in user, the menus they may open and the buttons and columns of each page. */
const CURRENT_USER = record({
  menuList: arr(MENU_NODE),
  permissionList: arr(record({ modelId: str, moduleName: str, button: arr(GRANT), column: arr(GRANT) })),
  userInfo: record({
    userId: str,
    userAccount: str,
    userName: str,
    headIcon: str,
    portalId: str,
    theme: str,
    language: str,
    organizeId: str,
    organizeName: str,
    positionId: str,
    positionName: str,
    isAdministrator: bool,
    /** 1 when the user has signed in before */
    prevLogin: int,
    prevLoginTime: intOrNull,
    prevLoginIpAddress: str,
    prevLoginIpAddressName: str,
  }),
});

/** The profile page's own information. */
const BASE_INFO = record({
  id: str,
  account: str,
  realName: str,
  gender: int,
  mobile: str,
  email: str,
  telePhone: str,
  postalAddress: str,
  signature: str,
  birthday: intOrNull,
  headIcon: str,
  organize: str,
  position: str,
  /** the manager as name/account ('' when none) */
  manager: str,
  /** the role names, comma-separated */
  roleName: str,
  theme: str,
  language: str,
  creatorTime: int,
  prevLoginTime: intOrNull,
  prevLoginIpAddress: str,
  prevLoginIpAddressName: str,
});

/** A line of the user's own log. */
const OWN_LOG = record({
  id: str,
  /** 1 sign-in, 4 error, 5 request */
  category: int,
  ipAddress: str,
  ipAddressName: str,
  requestUrl: str,
  requestMethod: str,
  duration: int,
  abstracts: str,
  userName: strOrNull,
  creatorTime: int,
});

export const AUTH_ANSWERS = {
  nothing: NOTHING,
  login: envelope(record({ token: str, theme: str })),
  /** the image code to type in (an SVG document, image/svg+xml) */
  imageCode: { type: 'string', description: 'the image code: an SVG document (image/svg+xml)' },
  loginConfig: envelope(record({ needCode: bool })),
  currentUser: envelope(CURRENT_USER),

  avatar: envelope(record({ headIcon: str })),
  baseInfo: envelope(BASE_INFO),
  subordinates: envelope(
    record({
      list: arr(
        record({
          id: str,
          account: str,
          realName: str,
          headIcon: str,
          mobile: str,
          organize: str,
          position: str,
        }),
      ),
    }),
  ),
  authorize: envelope(record({ module: arr(MENU_NODE), button: arr(MENU_GRANT), column: arr(MENU_GRANT) })),
  systemLog: paged(OWN_LOG),
} as const;
