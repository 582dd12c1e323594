/** The administration demo data (pure): areas, bill rules, data interfaces, dictionaries, staff. */
import { DISTRICTS } from '../home';

export interface AreaSeed {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  type: number;
}

const STREETS: Record<string, string[]> = {
  东城区: ['东华街道', '朝阳门街道', '建国门街道', '和平里街道'],
  西城区: ['西长安街道', '金融街街道', '德胜街道', '月坛街道'],
  南湖区: ['南湖街道', '新兴街道', '解放街道', '城南街道'],
  北山区: ['北山街道', '青松街道', '望湖街道'],
  高新区: ['创新街道', '科技园街道', '软件园街道'],
  滨江区: ['滨江街道', '长河街道', '西兴街道', '浦沿街道'],
};

export function buildAreas(): AreaSeed[] {
  const out: AreaSeed[] = [
    { id: 'area-province', parentId: '-1', fullName: '江南省', enCode: '330000', type: 1 },
    { id: 'area-city', parentId: 'area-province', fullName: '江城市', enCode: '330100', type: 2 },
  ];
  DISTRICTS.forEach((d, i) => {
    const code = `3301${String(i + 1).padStart(2, '0')}`;
    const id = `area-${code}`;
    out.push({ id, parentId: 'area-city', fullName: d, enCode: code, type: 3 });
    (STREETS[d] ?? []).forEach((s, j) => {
      const sc = `${code}${String(j + 1).padStart(3, '0')}`;
      out.push({ id: `area-${sc}`, parentId: id, fullName: s, enCode: sc, type: 4 });
    });
  });
  return out;
}

export const BILL_RULES = [
  {
    id: 'br-repair',
    fullName: '维修工单',
    enCode: 'RepairOrder',
    prefix: 'WX',
    dateFormat: 'yyyyMMdd',
    digit: 4,
    startNumber: 1,
    suffix: '',
    description: '故障维修工单编号',
  },
  {
    id: 'br-ticket',
    fullName: '工作票',
    enCode: 'WorkTicket',
    prefix: 'GZP',
    dateFormat: 'yyyyMMdd',
    digit: 4,
    startNumber: 1,
    suffix: '',
    description: '带电作业工作票编号',
  },
  {
    id: 'br-inspect',
    fullName: '巡检单',
    enCode: 'InspectionSheet',
    prefix: 'XJ',
    dateFormat: 'yyyyMM',
    digit: 5,
    startNumber: 1,
    suffix: '',
    description: '月度巡检单编号',
  },
] as const;

export const DATA_INTERFACES = [
  {
    id: 'di-users-by-org',
    fullName: '按组织查询用户',
    enCode: 'usersByOrganize',
    dataType: 1,
    query:
      'SELECT "id", "account", "realName", "mobile" FROM "user" WHERE "organizeId" = @organizeId ORDER BY "sortCode"',
    path: '',
    requestMethod: 'GET',
    requestParameters: JSON.stringify([{ field: 'organizeId', defaultValue: 'dept-maint' }]),
    description: '某组织下的用户（只读 SQL）',
  },
  {
    id: 'di-dict-items',
    fullName: '字典项查询',
    enCode: 'dictionaryItems',
    dataType: 1,
    query:
      'SELECT d."enCode", d."fullName" FROM "dictionary_data" d JOIN "dictionary_type" t ON t."id" = d."dictionaryTypeId" WHERE t."enCode" = @typeCode ORDER BY d."sortCode"',
    path: '',
    requestMethod: 'GET',
    requestParameters: JSON.stringify([{ field: 'typeCode', defaultValue: 'faultType' }]),
    description: '按字典编码取字典项',
  },
  {
    id: 'di-health',
    fullName: '服务健康检查',
    enCode: 'serviceHealth',
    dataType: 2,
    query: '',
    path: '/api/health',
    requestMethod: 'GET',
    requestParameters: '[]',
    description: '调用本服务的健康检查接口',
  },
] as const;

export const EXTRA_DICTIONARIES = [
  {
    id: 'dt-repairCrew',
    enCode: 'repairCrew',
    fullName: '维修班组',
    items: [
      ['crew1', '东城维修一班'],
      ['crew2', '西城维修二班'],
      ['crew3', '南湖维修三班'],
      ['crew4', '北山维修四班'],
      ['crew5', '高新抢修队'],
      ['crew6', '滨江抢修队'],
    ],
  },
  {
    id: 'dt-district',
    enCode: 'district',
    fullName: '行政区',
    items: DISTRICTS.map((d, i) => [`33010${i + 1}`, d] as [string, string]),
  },
  {
    id: 'dt-workflowStatus',
    enCode: 'workflowStatus',
    fullName: '流程状态',
    items: [
      ['1', '等待审核'],
      ['2', '审核通过'],
      ['3', '审核驳回'],
      ['4', '流程撤回'],
      ['5', '审核终止'],
    ],
  },
  {
    id: 'dt-lampSource',
    enCode: 'lampSource',
    fullName: '光源类型',
    items: [
      ['led', 'LED'],
      ['hps', '高压钠灯'],
      ['mh', '金卤灯'],
      ['ind', '无极灯'],
    ],
  },
  {
    // the cable lines' kinds (home/seed.ts cableTypes): named in the console's three languages
    id: 'dt-cableType',
    enCode: 'cableType',
    fullName: '线缆类型',
    items: [
      ['direct', '直埋电缆'],
      ['duct', '穿管电缆'],
      ['overhead', '架空线路'],
    ],
  },
] as const;

/** Extra companies and departments of the lighting organisation (parents exist in the base seed). */
export const EXTRA_ORGANIZES = [
  { id: 'org-maint', parentId: 'org-root', category: 'company', fullName: '照明运维公司', enCode: 'ZMYWGS' },
  { id: 'dept-east', parentId: 'org-maint', category: 'department', fullName: '东城运维站', enCode: 'DCYWZ' },
  { id: 'dept-west', parentId: 'org-maint', category: 'department', fullName: '西城运维站', enCode: 'XCYWZ' },
  {
    id: 'dept-south',
    parentId: 'org-maint',
    category: 'department',
    fullName: '南湖运维站',
    enCode: 'NHYWZ',
  },
  {
    id: 'dept-north',
    parentId: 'org-maint',
    category: 'department',
    fullName: '北山运维站',
    enCode: 'BSYWZ',
  },
  {
    id: 'dept-hitech',
    parentId: 'org-maint',
    category: 'department',
    fullName: '高新运维站',
    enCode: 'GXYWZ',
  },
  {
    id: 'dept-river',
    parentId: 'org-maint',
    category: 'department',
    fullName: '滨江运维站',
    enCode: 'BJYWZ',
  },
  { id: 'dept-finance', parentId: 'org-root', category: 'department', fullName: '财务科', enCode: 'CWK' },
  { id: 'dept-safety', parentId: 'org-root', category: 'department', fullName: '安全科', enCode: 'AQK' },
] as const;

export const EXTRA_POSITIONS = [
  { id: 'pos-stationHead', fullName: '站长', enCode: 'stationHead', organizeId: 'org-maint' },
  { id: 'pos-electrician', fullName: '电工', enCode: 'electrician', organizeId: 'org-maint' },
  { id: 'pos-accountant', fullName: '会计', enCode: 'accountant', organizeId: 'dept-finance' },
  { id: 'pos-safetyOfficer', fullName: '安全员', enCode: 'safetyOfficer', organizeId: 'dept-safety' },
] as const;

const SURNAMES: Array<[string, string]> = [
  ['王', 'wang'],
  ['李', 'li'],
  ['张', 'zhang'],
  ['刘', 'liu'],
  ['陈', 'chen'],
  ['杨', 'yang'],
  ['黄', 'huang'],
  ['赵', 'zhao'],
  ['吴', 'wu'],
  ['周', 'zhou'],
  ['徐', 'xu'],
  ['孙', 'sun'],
  ['马', 'ma'],
  ['朱', 'zhu'],
  ['胡', 'hu'],
];
const GIVEN: Array<[string, string, 1 | 2]> = [
  ['志强', 'zhiqiang', 1],
  ['海燕', 'haiyan', 2],
  ['建华', 'jianhua', 1],
  ['晓红', 'xiaohong', 2],
  ['国平', 'guoping', 1],
  ['丽娟', 'lijuan', 2],
  ['文斌', 'wenbin', 1],
  ['春梅', 'chunmei', 2],
  ['永刚', 'yonggang', 1],
  ['玉兰', 'yulan', 2],
  ['德明', 'deming', 1],
  ['秀珍', 'xiuzhen', 2],
  ['家豪', 'jiahao', 1],
  ['雨婷', 'yuting', 2],
  ['子轩', 'zixuan', 1],
  ['思琪', 'siqi', 2],
  ['浩然', 'haoran', 1],
  ['欣怡', 'xinyi', 2],
  ['俊杰', 'junjie', 1],
  ['佳慧', 'jiahui', 2],
];

const STAFF_DEPTS: Array<[string, string]> = [
  ['dept-east', 'pos-electrician'],
  ['dept-west', 'pos-electrician'],
  ['dept-south', 'pos-electrician'],
  ['dept-north', 'pos-electrician'],
  ['dept-hitech', 'pos-electrician'],
  ['dept-river', 'pos-electrician'],
  ['dept-maint', 'pos-maintainer'],
  ['dept-eng1', 'pos-engineer'],
  ['dept-eng2', 'pos-engineer'],
  ['dept-patrol', 'pos-inspector'],
  ['dept-upkeep', 'pos-inspector'],
  ['dept-dispatch', 'pos-dispatcher'],
  ['dept-finance', 'pos-accountant'],
  ['dept-safety', 'pos-safetyOfficer'],
];

export interface StaffSeed {
  id: string;
  account: string;
  realName: string;
  gender: 1 | 2;
  mobile: string;
  email: string;
  organizeId: string;
  positionId: string;
  quickQuery: string;
}

/** `n` staff members (deterministic), ids `u-s0001`…, accounts unique (pinyin + number). */
export function buildStaff(n = 300): StaffSeed[] {
  const out: StaffSeed[] = [];
  for (let i = 0; i < n; i++) {
    const [sn, sp] = SURNAMES[i % SURNAMES.length] ?? ['王', 'wang'];
    const [gn, gp, gender] = GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length] ?? ['伟', 'wei', 1];
    const [organizeId, defaultPos] = STAFF_DEPTS[i % STAFF_DEPTS.length] ?? ['dept-maint', 'pos-maintainer'];
    const no = String(i + 1).padStart(4, '0');
    const account = `${sp}${gp}${no}`;
    const head = i < STAFF_DEPTS.length && organizeId.startsWith('dept-') && i < 6;
    out.push({
      id: `u-s${no}`,
      account,
      realName: `${sn}${gn}`,
      gender,
      mobile: `13${String(5 + (i % 5))}${String(10_000_000 + ((i * 104729 + 7) % 89_999_999)).slice(-8)}`,
      email: `${account}@example.com`,
      organizeId,
      positionId: head ? 'pos-stationHead' : defaultPos,
      quickQuery: `${sp[0] ?? ''}${gp[0] ?? ''}`,
    });
  }
  return out;
}
