/**
 * The demo city's people, as plain data (pure: no database, no clock, no hashing): organisations,
 * positions, users, the three roles (granted from every domain's menus) and the first dictionaries.
 * `seed.ts` writes them into a new database.
 */
import { flattenMenus, menuCodesUnder, type MenuSeed } from '../kernel';
import { MENU_FEEDBACK, MENU_PLATES } from '../citizen';

export interface RoleSeed {
  id: string;
  enCode: string;
  fullName: string;
  description: string;
  /** Menu enCodes this role may see. */
  menus: string[];
  /** Per menu enCode, the buttons granted; a menu missing here gets every button of its catalogue. */
  buttonOverrides: Record<string, string[]>;
}

/** The seeded roles, granted from the menus every domain declares (the composed tree). */
export const rolesFor = (menus: readonly MenuSeed[]): RoleSeed[] => [
  {
    id: 'role-admin',
    enCode: 'admin',
    fullName: '系统管理员',
    description: '全部菜单、按钮与列表列',
    menus: flattenMenus(menus).map((m) => m.seed.enCode),
    buttonOverrides: {},
  },
  {
    id: 'role-operator',
    enCode: 'operator',
    fullName: '运维操作员',
    description: '照明地图、在线开发、工作流程、即时通讯',
    // citizens' feedback and plates, not the Open311 keys (administrators)
    // the flow monitor (every task, cancel, reassign) is the managers' and administrators'
    menus: [
      ...menuCodesUnder(['lighting', 'onlineDev', 'workFlow', 'chat'], menus).filter(
        (c) => c !== 'workFlow.flowMonitor',
      ),
      'citizen',
      MENU_FEEDBACK,
      MENU_PLATES,
    ],
    buttonOverrides: {},
  },
  {
    id: 'role-manager',
    enCode: 'manager',
    fullName: '管理人员',
    description: '工作流程、照明地图、即时通讯，用户管理只读',
    menus: [...menuCodesUnder(['workFlow', 'lighting', 'chat'], menus), 'permission', 'permission.user'],
    buttonOverrides: { 'permission.user': ['btn_export'] },
  },
];

export interface OrganizeSeed {
  id: string;
  parentId: string | null;
  category: 'company' | 'department';
  fullName: string;
  enCode: string;
}

export const ORGANIZES: OrganizeSeed[] = [
  { id: 'org-root', parentId: null, category: 'company', fullName: '城市照明管理处', enCode: 'CSZMGLC' },
  { id: 'dept-office', parentId: 'org-root', category: 'department', fullName: '办公室', enCode: 'BGS' },
  {
    id: 'dept-dispatch',
    parentId: 'org-root',
    category: 'department',
    fullName: '调度指挥中心',
    enCode: 'DDZHZX',
  },
  { id: 'dept-info', parentId: 'org-root', category: 'department', fullName: '信息中心', enCode: 'XXZX' },
  {
    id: 'org-lighting',
    parentId: 'org-root',
    category: 'company',
    fullName: '照明工程公司',
    enCode: 'ZMGCGS',
  },
  { id: 'dept-eng1', parentId: 'org-lighting', category: 'department', fullName: '工程一部', enCode: 'GCYB' },
  { id: 'dept-eng2', parentId: 'org-lighting', category: 'department', fullName: '工程二部', enCode: 'GCEB' },
  {
    id: 'dept-maint',
    parentId: 'org-lighting',
    category: 'department',
    fullName: '运维班组',
    enCode: 'YWBZ',
  },
  {
    id: 'org-drainage',
    parentId: 'org-root',
    category: 'company',
    fullName: '排水管线公司',
    enCode: 'PSGXGS',
  },
  {
    id: 'dept-patrol',
    parentId: 'org-drainage',
    category: 'department',
    fullName: '管网巡查部',
    enCode: 'GWXCB',
  },
  {
    id: 'dept-upkeep',
    parentId: 'org-drainage',
    category: 'department',
    fullName: '管网养护部',
    enCode: 'GWYHB',
  },
];

export interface PositionSeed {
  id: string;
  fullName: string;
  enCode: string;
  organizeId: string;
}

export const POSITIONS: PositionSeed[] = [
  { id: 'pos-director', fullName: '处长', enCode: 'director', organizeId: 'org-root' },
  { id: 'pos-head', fullName: '主任', enCode: 'head', organizeId: 'org-root' },
  { id: 'pos-clerk', fullName: '文员', enCode: 'clerk', organizeId: 'dept-office' },
  { id: 'pos-dispatcher', fullName: '调度员', enCode: 'dispatcher', organizeId: 'dept-dispatch' },
  { id: 'pos-it', fullName: '信息管理员', enCode: 'itAdmin', organizeId: 'dept-info' },
  { id: 'pos-engineer', fullName: '工程师', enCode: 'engineer', organizeId: 'org-lighting' },
  { id: 'pos-maintainer', fullName: '运维员', enCode: 'maintainer', organizeId: 'dept-maint' },
  { id: 'pos-inspector', fullName: '巡查员', enCode: 'inspector', organizeId: 'org-drainage' },
];

/** The default position of ordinary members of each department. */
const DEPT_POSITION: Record<string, string> = {
  'dept-office': 'pos-clerk',
  'dept-dispatch': 'pos-dispatcher',
  'dept-info': 'pos-it',
  'dept-eng1': 'pos-engineer',
  'dept-eng2': 'pos-engineer',
  'dept-maint': 'pos-maintainer',
  'dept-patrol': 'pos-inspector',
  'dept-upkeep': 'pos-inspector',
};

export interface UserSeed {
  id: string;
  account: string;
  realName: string;
  /** Plain demo password, or null for users who cannot sign in until an administrator sets one. */
  password: string | null;
  gender: 1 | 2;
  mobile: string;
  email: string;
  organizeId: string;
  positionId: string;
  managerId: string | null;
  quickQuery: string;
  isAdministrator: boolean;
  roleIds: string[];
}

/** Name, pinyin syllables, gender (1 male, 2 female). */
const PEOPLE: Array<[string, string[], 1 | 2]> = [
  ['张建国', ['zhang', 'jian', 'guo'], 1],
  ['李秀英', ['li', 'xiu', 'ying'], 2],
  ['王伟', ['wang', 'wei'], 1],
  ['刘洋', ['liu', 'yang'], 1],
  ['陈静', ['chen', 'jing'], 2],
  ['杨帆', ['yang', 'fan'], 1],
  ['赵磊', ['zhao', 'lei'], 1],
  ['黄敏', ['huang', 'min'], 2],
  ['周杰', ['zhou', 'jie'], 1],
  ['吴芳', ['wu', 'fang'], 2],
  ['徐强', ['xu', 'qiang'], 1],
  ['孙丽', ['sun', 'li'], 2],
  ['胡军', ['hu', 'jun'], 1],
  ['朱婷', ['zhu', 'ting'], 2],
  ['高峰', ['gao', 'feng'], 1],
  ['林娜', ['lin', 'na'], 2],
  ['何勇', ['he', 'yong'], 1],
  ['郭晶', ['guo', 'jing'], 2],
  ['马超', ['ma', 'chao'], 1],
  ['罗霞', ['luo', 'xia'], 2],
  ['梁斌', ['liang', 'bin'], 1],
  ['宋佳', ['song', 'jia'], 2],
  ['郑浩', ['zheng', 'hao'], 1],
  ['谢丹', ['xie', 'dan'], 2],
  ['韩冰', ['han', 'bing'], 2],
  ['唐亮', ['tang', 'liang'], 1],
  ['冯雪', ['feng', 'xue'], 2],
  ['于波', ['yu', 'bo'], 1],
  ['董明', ['dong', 'ming'], 1],
  ['萧红', ['xiao', 'hong'], 2],
  ['程刚', ['cheng', 'gang'], 1],
  ['曹阳', ['cao', 'yang'], 1],
  ['袁媛', ['yuan', 'yuan'], 2],
  ['邓辉', ['deng', 'hui'], 1],
  ['许晨', ['xu', 'chen'], 1],
  ['傅磊', ['fu', 'lei'], 1],
  ['沈燕', ['shen', 'yan'], 2],
  ['曾志', ['zeng', 'zhi'], 1],
  ['彭涛', ['peng', 'tao'], 1],
  ['吕琳', ['lv', 'lin'], 2],
];

const MOBILE_PREFIXES = ['138', '139', '150', '151', '186', '187', '135', '158'];

function mobileFor(i: number): string {
  const prefix = MOBILE_PREFIXES[i % MOBILE_PREFIXES.length] ?? '138';
  return (
    prefix +
    String(10000000 + ((i * 7919 + 1234567) % 90000000))
      .padStart(8, '0')
      .slice(-8)
  );
}

export const DEMO_ACCOUNTS = [
  { account: 'admin', password: 'admin123', role: '系统管理员' },
  { account: 'operator', password: 'operator123', role: '运维操作员' },
  { account: 'manager', password: 'manager123', role: '管理人员（用户管理只读）' },
  { account: 'east', password: 'east123', role: '区域运维员（照明地图只看东城区）' },
  { account: 'crew1', password: 'crew123', role: '班组长（维修工单只看本班组的）' },
] as const;

/**
 * The district operator (data permissions, issue 24): the lighting map, restricted by its role's
 * 本区数据 schemes to what their station looks after. Seeded after the stations exist
 * (seed-data-scope.ts), on a new database and on one that lacks them.
 */
export const DISTRICT_ROLE = {
  id: 'role-district',
  enCode: 'districtOperator',
  fullName: '区域运维员',
  description: '照明地图：只看、只改本区的资产、故障与维修工单',
  menuRoots: ['lighting'],
} as const;

export const DISTRICT_USER: UserSeed & { password: string } = {
  id: 'u-east',
  account: 'east',
  realName: '赵东',
  password: 'east123',
  gender: 1,
  mobile: '13800000004',
  email: 'east@example.com',
  organizeId: 'dept-east',
  positionId: 'pos-electrician',
  managerId: null,
  quickQuery: 'zd',
  isAdministrator: false,
  roleIds: [DISTRICT_ROLE.id],
};

/**
 * The crew leader (data permissions, issue 24): the lighting map, with the repair orders restricted
 * by the 本班组工单 scheme to the crews they lead (`@crewId`: the map links crew 抢修一队 to this
 * user on its first start, map/seed.ts). Seeded with the district operator.
 */
export const CREW_ROLE = {
  id: 'role-crew',
  enCode: 'crewLeader',
  fullName: '班组长',
  description: '照明地图：维修工单只看、只改本班组的',
  menuRoots: ['lighting'],
} as const;

export const CREW_USER: UserSeed & { password: string } = {
  id: 'u-crew1',
  account: 'crew1',
  realName: '孟建军',
  password: 'crew123',
  gender: 1,
  mobile: '13800000005',
  email: 'crew1@example.com',
  organizeId: 'dept-east',
  positionId: 'pos-electrician',
  managerId: null,
  quickQuery: 'mjj',
  isAdministrator: false,
  roleIds: [CREW_ROLE.id],
};

export function buildUsers(): UserSeed[] {
  const depts = Object.keys(DEPT_POSITION);
  const users: UserSeed[] = [
    {
      id: 'u-admin',
      account: 'admin',
      realName: '系统管理员',
      password: 'admin123',
      gender: 1,
      mobile: '13800000001',
      email: 'admin@example.com',
      organizeId: 'dept-info',
      positionId: 'pos-it',
      managerId: null,
      quickQuery: 'xtgly',
      isAdministrator: true,
      roleIds: ['role-admin'],
    },
    {
      id: 'u-manager',
      account: 'manager',
      realName: '王志刚',
      password: 'manager123',
      gender: 1,
      mobile: '13800000003',
      email: 'manager@example.com',
      organizeId: 'dept-dispatch',
      positionId: 'pos-head',
      managerId: null,
      quickQuery: 'wzg',
      isAdministrator: false,
      roleIds: ['role-manager'],
    },
    {
      id: 'u-operator',
      account: 'operator',
      realName: '李明',
      password: 'operator123',
      gender: 1,
      mobile: '13800000002',
      email: 'operator@example.com',
      organizeId: 'dept-maint',
      positionId: 'pos-maintainer',
      managerId: 'u-manager',
      quickQuery: 'lm',
      isAdministrator: false,
      roleIds: ['role-operator'],
    },
  ];
  const heads = new Map<string, string>([['dept-dispatch', 'u-manager']]);
  PEOPLE.forEach(([realName, syllables, gender], i) => {
    const organizeId = depts[i % depts.length] ?? 'dept-office';
    const id = `u-${String(i + 1).padStart(4, '0')}`;
    const head = heads.get(organizeId);
    if (!head) heads.set(organizeId, id);
    const account = syllables.join('');
    users.push({
      id,
      account,
      realName,
      password: null,
      gender,
      mobile: mobileFor(i),
      email: `${account}@example.com`,
      organizeId,
      positionId: head ? (DEPT_POSITION[organizeId] ?? 'pos-clerk') : 'pos-head',
      managerId: head ?? null,
      quickQuery: syllables.map((s) => s[0]).join(''),
      isAdministrator: false,
      roleIds: [head ? 'role-operator' : 'role-manager'],
    });
  });
  return users;
}

export interface DictionarySeed {
  id: string;
  enCode: string;
  fullName: string;
  items: ReadonlyArray<readonly [enCode: string, fullName: string]>;
}

export const DICTIONARIES: DictionarySeed[] = [
  {
    id: 'dt-assetKind',
    enCode: 'assetKind',
    fullName: '资产类型',
    items: [
      ['streetLamp', '路灯'],
      ['wallLamp', '壁灯'],
      ['floodLight', '投光灯'],
      ['courtyardLamp', '庭院灯'],
      ['pole', '灯杆'],
      ['transformer', '变压器'],
      ['manhole', '检查井'],
      ['handHole', '手孔井'],
      ['meter', '电表'],
      ['controlBox', '控制箱'],
      ['junctionBox', '分线箱'],
      ['sharedWell', '共井'],
    ],
  },
  {
    id: 'dt-assetStatus',
    enCode: 'assetStatus',
    fullName: '资产状态',
    items: [
      ['completed', '已完成'],
      ['pendingUpload', '待上传'],
      ['pendingAttributes', '待录入属性'],
      ['pendingLabel', '待标注'],
      ['offline', '离线'],
      ['fault', '故障'],
      ['lightOn', '亮灯'],
      ['lightOff', '灭灯'],
    ],
  },
  {
    id: 'dt-faultType',
    enCode: 'faultType',
    fullName: '故障类型',
    items: [
      ['lampOff', '灯具不亮'],
      ['dayBurning', '白天亮灯'],
      ['flicker', '灯光闪烁'],
      ['poleTilt', '灯杆倾斜'],
      ['cableFault', '线缆故障'],
      ['boxFault', '控制箱故障'],
      ['coverMissing', '井盖缺失'],
      ['leakage', '漏电'],
      ['poleDamage', '灯杆损坏'],
      ['cableTheft', '线路被盗'],
      ['other', '其他'],
    ],
  },
  {
    id: 'dt-urgency',
    enCode: 'urgency',
    fullName: '紧急程度',
    items: [
      ['1', '普通'],
      ['2', '重要'],
      ['3', '紧急'],
    ],
  },
  {
    id: 'dt-sex',
    enCode: 'sex',
    fullName: '性别',
    items: [
      ['1', '男'],
      ['2', '女'],
      ['3', '保密'],
    ],
  },
];
