/**
 * The demo city's messages and home-dashboard data as rows (pure, deterministic for a given `now`):
 * notices and workflow messages, articles, maintenance plans, faults, calendar, cable lines, power
 * use, lamp status, work orders, citizen feedback and safety records. Dates are anchored to `now`
 * (the seed time), so the dashboard looks alive right after the first start.
 */
import type { Insertable } from 'kysely';
import { messageTitle, type MessageTitleKey, type MessageTitleParams } from '@lighting/shared/core';
import { DAY_MS, addMonths, dayOf, dayStart, daysInMonth, monthOf, startOfMonth } from '../kernel';
import type { Database, Db } from '../database';
import { insertChunked } from '../kernel';
import type { SeedContext } from '../kernel';
import type { CalendarEventTable } from './schema';
import type { ArticleCategory } from './rules';

export const DISTRICTS = ['东城区', '西城区', '南湖区', '北山区', '高新区', '滨江区'] as const;
/** Names of the faultType dictionary's items (the map's fault types, map/rules.ts). */
export const FAULT_TYPES = ['灯具不亮', '线缆故障', '控制箱故障', '灯杆损坏', '线路被盗', '其他'] as const;
const HOUR = 3_600_000;

type Rows<T extends keyof Database> = Array<Insertable<Database[T]>>;

export interface HomeSeed {
  message: Rows<'message'>;
  message_receiver: Rows<'message_receiver'>;
  article: Rows<'article'>;
  maintenance_plan: Rows<'maintenance_plan'>;
  fault: Rows<'fault'>;
  calendar_event: Rows<'calendar_event'>;
  cable_line: Rows<'cable_line'>;
  power_stat: Rows<'power_stat'>;
  lamp_status: Rows<'lamp_status'>;
  work_order: Rows<'work_order'>;
  feedback: Rows<'feedback'>;
  safety_record: Rows<'safety_record'>;
}

/** mulberry32: small deterministic PRNG. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
/** Poisson sample (Knuth), for small means. */
function poisson(r: () => number, mean: number): number {
  const l = Math.exp(-mean);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= r();
  } while (p > l);
  return k - 1;
}
/** Longer nights, more load and more faults: 1.0 in midsummer up to ~1.35 in midwinter. */
function winterFactor(month: string): number {
  const m = Number(month.slice(5, 7));
  return 1.175 + 0.175 * Math.cos(((m - 0.5) / 12) * 2 * Math.PI);
}
const pad = (n: number, w = 4): string => String(n).padStart(w, '0');

/* ---------------- content ---------------- */

const NOTICES: Array<[title: string, paragraphs: string[]]> = [
  [
    '关于春节期间道路照明保障工作的通知',
    [
      '春节将至，为确保节日期间全市道路照明设施安全稳定运行，营造欢乐祥和的节日氛围，现就有关事项通知如下。',
      '一、各运维班组自腊月二十八起实行24小时值班制度，值班人员须保持通讯畅通，接报后30分钟内到达现场。',
      '二、节前完成主干道、商圈及景观亮化设施的全面巡检，重点检查控制箱、电缆接头和灯杆基础。',
      '三、调度指挥中心每日18:00汇总亮灯率，低于98%的片区须当晚完成处置。',
    ],
  ],
  [
    '关于调整冬季路灯开关灯时间的通知',
    [
      '根据日照时间变化，自本月起全市路灯开灯时间调整为17:20，关灯时间调整为06:50。',
      '各区控制终端已完成远程下发，请运维班组核对辖区内时控器运行情况，发现异常及时上报。',
    ],
  ],
  [
    '本月夜间巡查安排',
    [
      '本月夜间巡查按片区轮换进行，每晚19:00—23:00由两个巡查组分别负责东城区、西城区和南湖区，北山区、高新区、滨江区隔日巡查。',
      '巡查中发现的灯具不亮、灯杆倾斜、井盖缺失等问题，须当场拍照并通过移动端上报工单。',
    ],
  ],
  [
    '汛期排水管线安全提示',
    [
      '近期我市进入主汛期，强降雨天气频繁。请各单位加强对低洼路段照明设施及排水管线的巡查。',
      '雨中作业须两人以上，严禁在积水区域带电作业；检查井作业前必须进行通风和有毒气体检测。',
      '发现路面积水、井盖移位等险情，立即设置警示标志并报告调度指挥中心。',
    ],
  ],
  [
    '路灯节能改造进度通报',
    [
      '截至本月，全市LED节能改造累计完成1.26万盏，占计划总量的78%，其中高新区、滨江区已全部完成。',
      '改造后路段平均节电率达到52%，亮度与均匀度均优于原高压钠灯。',
      '请东城区、北山区项目组加快施工进度，确保按期完成年度改造任务。',
    ],
  ],
  [
    '关于开展安全生产月活动的通知',
    [
      '为进一步落实安全生产责任制，经研究决定在全处开展安全生产月活动。',
      '活动内容包括：高处作业专项培训、带电作业应急演练、车辆及工器具安全检查等。',
    ],
  ],
  [
    '智慧照明平台二期上线试运行的通知',
    [
      '智慧照明管理平台二期功能已完成部署，新增单灯控制、能耗分析与故障自动派单功能。',
      '试运行期间请各部门通过平台处理日常业务，问题请反馈至信息中心。',
    ],
  ],
  [
    '关于加强高空作业车辆管理的通知',
    [
      '近期发现部分高空作业车辆存在超期未检、操作人员无证上岗等问题。',
      '各班组须于本周内完成车辆自查，建立一车一档，严禁无证人员操作登高设备。',
    ],
  ],
  [
    '重大活动期间景观照明保障方案',
    [
      '为保障下月国际马拉松赛事顺利举行，赛事沿线景观照明将延长开启至次日01:00。',
      '沿线控制箱由专人值守，备品备件提前运抵滨江区、南湖区临时仓库。',
    ],
  ],
  [
    '关于做好寒潮天气设施防护工作的通知',
    [
      '气象部门预报未来三天将有强寒潮过程，最低气温降至零下8℃。',
      '请各班组检查控制箱防潮加热装置，对裸露电缆接头做好防冻保护，并储备抢修物资。',
    ],
  ],
  [
    '第三季度照明设施运行情况通报',
    [
      '第三季度全市路灯平均亮灯率99.2%，故障平均修复时长6.8小时，较上季度缩短1.3小时。',
      '电缆被盗案件同比下降40%，感谢各部门与公安机关的密切配合。',
    ],
  ],
  [
    '关于规范工单闭环处理流程的通知',
    [
      '自即日起，所有故障工单须在完成修复后上传修复前后对比照片，并由调度员回访确认后方可关闭。',
      '超过48小时未闭环的工单将纳入月度考核。',
    ],
  ],
];

const PARTY_TITLES = [
  '党支部开展“不忘初心、牢记使命”主题党日活动',
  '处党委召开党史学习教育专题民主生活会',
  '“点亮万家灯火”党员先锋岗授牌仪式举行',
  '党员志愿服务队走进社区开展用电安全宣传',
  '学习贯彻党的二十大精神专题培训班开班',
  '第一党支部与高新区街道开展结对共建',
  '党员突击队连夜抢修滨江大道照明线路',
  '处党委组织参观廉政教育基地',
  '“三会一课”制度落实情况专项检查通报',
  '青年理论学习小组开展读书分享会',
  '党风廉政建设责任书签订仪式举行',
  '七一表彰大会暨优秀共产党员事迹报告会',
  '党建引领 服务民生——路灯维修进社区活动纪实',
];

const SAFETY_TITLES = [
  '高处作业安全操作规程（修订版）',
  '带电作业“十不准”要点解读',
  '有限空间作业安全须知',
  '夏季防暑降温与雷雨天气作业指引',
  '冬季道路作业防滑防冻安全提示',
  '交通导改区域作业安全防护要求',
  '电缆沟及检查井作业气体检测规范',
  '安全生产事故应急预案演练总结',
  '工器具与绝缘防护用品定期检验说明',
  '高空作业车日常检查清单',
  '触电急救与心肺复苏培训要点',
  '节假日值班安全注意事项',
  '施工现场临时用电安全管理规定',
];

const PUBLIC_NOTICE_TITLES = [
  '关于滨江大道照明设施升级改造期间交通管制的公告',
  '城市照明服务热线12319工作时间调整公告',
  '关于公开征集路灯故障随手拍线索的公告',
  '关于北山路景观照明工程竣工验收的公告',
  '2024年度城市照明专项规划公示',
  '关于高新区智慧灯杆建设项目招标结果的公示',
  '关于东城区老旧小区照明提升工程开工的公告',
  '关于南湖公园夜景照明试运行的公告',
  '关于路灯杆体违规张贴广告集中清理的通告',
  '关于夜间施工噪声管控的公告',
  '城市照明设施保护条例宣传公告',
  '关于西城区主干道临时停电检修的公告',
  '关于开展城市照明满意度调查的公告',
  '关于滨江区景观照明节日模式开启的公告',
];

const PLAN_TEMPLATES: Array<
  [title: string, district: string, startOffsetDays: number, durationDays: number, progress: number]
> = [
  ['人民路LED节能改造', '东城区', -80, 60, 100],
  ['北山区老旧灯杆更换', '北山区', -50, 45, 85],
  ['滨江大道景观照明提升', '滨江区', -40, 90, 55],
  ['高新区智慧灯杆试点', '高新区', -30, 75, 40],
  ['东城区控制箱防水改造', '东城区', -20, 40, 60],
  ['南湖公园庭院灯维修', '南湖区', -10, 25, 30],
  ['西城区电缆线路更新', '西城区', -5, 60, 10],
  ['全市路灯季度巡检', '西城区', -3, 30, 15],
  ['解放路照明线路迁改', '南湖区', 7, 30, 0],
  ['北山区冬季设施防冻专项', '北山区', 15, 45, 0],
  ['西城区老城区架空线入地工程', '西城区', -120, 90, 100],
];

/* ---------------- builder ---------------- */

export interface SeedUsers {
  admin: string;
  manager: string;
  /** The demo operator (sender of some workflow messages), when present. */
  operator?: string;
  /** Every seeded user (all receive the notices). */
  all: string[];
}

function html(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${p}</p>`).join('');
}

export function buildHomeSeed(now: number, users: SeedUsers): HomeSeed {
  const r = rng(20_240_501);
  const today = dayStart(now);
  const out: HomeSeed = {
    message: [],
    message_receiver: [],
    article: [],
    maintenance_plan: [],
    fault: [],
    calendar_event: [],
    cable_line: [],
    power_stat: [],
    lamp_status: [],
    work_order: [],
    feedback: [],
    safety_record: [],
  };

  /* notices: 12 released over the last 60 days, newest first; the newest 3 unread for admin */
  NOTICES.forEach(([title, paragraphs], i) => {
    const releasedAt = now - Math.round((i * 5 + 0.5) * DAY_MS + r() * 4 * HOUR);
    const id = `msg-notice-${pad(i + 1, 2)}`;
    out.message.push({
      id,
      type: 1,
      title,
      bodyText: html(paragraphs),
      state: 1,
      enabledMark: 1,
      toUserIds: '',
      creatorUserId: users.admin,
      createdAt: releasedAt - 2 * HOUR,
      lastModifyTime: releasedAt,
      releasedAt,
    });
    for (const userId of users.all) {
      const read = userId === users.admin ? i >= 3 : r() < 0.4 + i * 0.05;
      out.message_receiver.push({
        messageId: id,
        userId,
        isRead: read ? 1 : 0,
        readTime: read ? Math.min(now, releasedAt + Math.round(r() * 2 * DAY_MS)) : null,
      });
    }
  });
  // One draft, so the notice administration has something to edit and release.
  out.message.push({
    id: 'msg-notice-draft',
    type: 1,
    title: '关于元旦期间值班安排的通知',
    bodyText: html(['元旦期间值班表如下，请各部门核对后报办公室。']),
    state: 0,
    enabledMark: 1,
    toUserIds: '',
    creatorUserId: users.admin,
    createdAt: now - 6 * HOUR,
    lastModifyTime: now - 6 * HOUR,
    releasedAt: null,
  });

  /* workflow messages to admin and manager */
  const op = users.operator ?? null;
  // titles as the workflow writes them: a key and its parameters (core/messageTitles.ts)
  type Title = { key: MessageTitleKey; params: MessageTitleParams };
  const todo = (who: string, flow: string, task: string): Title => ({
    key: 'flowTodo',
    params: { who, flow, task },
  });
  const copied = (flow: string, task: string): Title => ({ key: 'flowCirculate', params: { flow, task } });
  const approved = (task: string): Title => ({ key: 'flowOutcome', params: { task, status: 2 } });
  const flows: Array<
    [type: 2 | 3 | 4, title: Title, to: string, from: string | null, hoursAgo: number, read: boolean]
  > = [
    [2, todo('王志刚', '故障维修工单', '路灯故障维修申请'), users.admin, users.manager, 3, false],
    [2, todo('李明', '材料申领审批', '材料领用申请'), users.manager, op, 5, false],
    [3, copied('请假申请', '滨江大道景观照明提升方案'), users.admin, users.manager, 26, true],
    [3, copied('工作票', '月度安全检查报告'), users.manager, users.admin, 30, false],
    [4, approved('车辆使用申请'), users.admin, users.manager, 50, true],
    [4, approved('加班申请'), users.manager, users.admin, 72, true],
    [2, todo('李明', '故障维修工单', '北山区灯杆更换验收单'), users.manager, op, 96, true],
  ];
  flows.forEach(([type, title, to, from, hoursAgo, read], i) => {
    const t = now - hoursAgo * HOUR;
    const id = `msg-flow-${pad(i + 1, 2)}`;
    out.message.push({
      id,
      type,
      title: messageTitle(title.key, title.params, 'zh'),
      titleKey: title.key,
      titleParams: JSON.stringify(title.params),
      bodyText: JSON.stringify({ type, flowId: `flow-${pad(i + 1, 3)}`, taskId: `task-${pad(1000 + i)}` }),
      state: 1,
      enabledMark: 1,
      toUserIds: JSON.stringify([to]),
      creatorUserId: from,
      createdAt: t,
      lastModifyTime: t,
      releasedAt: t,
    });
    out.message_receiver.push({
      messageId: id,
      userId: to,
      isRead: read ? 1 : 0,
      readTime: read ? t + HOUR : null,
    });
  });

  /* articles: public notices, party building, safety */
  const authors = ['办公室', '党群工作部', '安全技术科', '调度指挥中心', '信息中心'];
  const addArticles = (
    category: ArticleCategory,
    titles: string[],
    author: (i: number) => string,
    every: number,
  ) =>
    titles.forEach((title, i) => {
      const publishTime = now - Math.round((i * every + 0.3) * DAY_MS + r() * 8 * HOUR);
      const body = [
        `${title}。`,
        `为做好相关工作，${pick(r, DISTRICTS)}及各相关部门高度重视，结合城市照明管理实际，认真组织落实。`,
        '下一步，我处将继续坚持问题导向，强化责任落实，不断提升城市照明精细化管理水平，为市民夜间出行提供安全、舒适的光环境。',
      ];
      out.article.push({
        id: `art-${category}-${pad(i + 1, 2)}`,
        category,
        title,
        summary: body.slice(0, 2).join('').slice(0, 120),
        contentHtml: `<h3>${title}</h3>${html(body)}`,
        author: author(i),
        publishTime,
      });
    });
  addArticles('notice', PUBLIC_NOTICE_TITLES, () => authors[0] ?? '办公室', 4);
  addArticles('party', PARTY_TITLES, () => authors[1] ?? '党群工作部', 9);
  addArticles('safety', SAFETY_TITLES, () => authors[2] ?? '安全技术科', 7);

  /* maintenance plans */
  PLAN_TEMPLATES.forEach(([title, district, start, duration, progress], i) => {
    out.maintenance_plan.push({
      id: `plan-${pad(i + 1, 2)}`,
      title,
      district,
      startDate: dayOf(today + start * DAY_MS),
      endDate: dayOf(today + (start + duration) * DAY_MS),
      progress,
    });
  });

  /* faults: 90 days, per district, weekly pattern (weekend nights busier) and more in winter */
  const districtBase = [2.2, 1.8, 1.5, 1.2, 1.0, 1.4];
  let faultNo = 0;
  for (let d = 89; d >= 0; d--) {
    const dayMs = today - d * DAY_MS;
    const weekday = new Date(dayMs + 8 * HOUR).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 1.25 : weekday === 1 ? 1.1 : 1;
    DISTRICTS.forEach((district, di) => {
      const n = poisson(r, (districtBase[di] ?? 1) * weekly * winterFactor(monthOf(dayMs)));
      for (let k = 0; k < n; k++) {
        // Mostly reported at night (18:00–06:00).
        const hour = r() < 0.75 ? (18 + Math.floor(r() * 12)) % 24 : 6 + Math.floor(r() * 12);
        const reportedAt = dayMs + hour * HOUR + Math.floor(r() * HOUR);
        if (reportedAt > now) continue;
        const fixHours = 2 + r() * (r() < 0.85 ? 24 : 96);
        const closedAt = reportedAt + Math.round(fixHours * HOUR);
        const faultType = r() < 0.45 ? FAULT_TYPES[0] : pick(r, FAULT_TYPES);
        out.fault.push({
          id: `fault-${pad(++faultNo, 5)}`,
          district,
          faultType,
          reportedAt,
          closedAt: closedAt <= now && r() < 0.98 ? closedAt : null,
        });
      }
    });
  }

  /* calendar: 2 months back to 3 months ahead */
  let ev = 0;
  const addEvent = (date: string, title: string, type: CalendarEventTable['type']) =>
    out.calendar_event.push({ id: `cal-${pad(++ev)}`, date, title, type });
  for (let d = -60; d <= 92; d++) {
    const dayMs = today + d * DAY_MS;
    const date = dayOf(dayMs);
    const weekday = new Date(dayMs + 8 * HOUR).getUTCDay();
    if (weekday === 1) addEvent(date, '调度指挥中心周例会', 'meeting');
    if (weekday === 3)
      addEvent(date, `${DISTRICTS[Math.abs(d) % DISTRICTS.length] ?? '东城区'}夜间巡查`, 'inspection');
    if (date.slice(5) === '01-01') addEvent(date, '元旦', 'holiday');
    if (date.slice(5) === '05-01') addEvent(date, '劳动节', 'holiday');
    if (date.slice(5) === '10-01') addEvent(date, '国庆节', 'holiday');
    if (date.slice(8) === '15') addEvent(date, '月度安全生产例会', 'meeting');
  }
  for (const p of out.maintenance_plan) {
    addEvent(p.startDate, `${p.title}开工`, 'maintenance');
    addEvent(p.endDate, `${p.title}计划完工`, 'maintenance');
  }

  /* cable lines */
  const cableTypes: Array<[string, number]> = [
    ['直埋电缆', 0.5],
    ['穿管电缆', 0.35],
    ['架空线路', 0.15],
  ];
  const roads = [
    '人民路',
    '解放路',
    '建设大道',
    '中山路',
    '滨江大道',
    '科技路',
    '湖滨路',
    '北山路',
    '文化路',
    '长江路',
  ];
  let cable = 0;
  DISTRICTS.forEach((district, di) => {
    for (let k = 0; k < 7; k++) {
      const [cableType] = cableTypes[k % 3 === 0 ? 0 : k % 3 === 1 ? 1 : 2] ?? ['直埋电缆'];
      const share = cableTypes.find((c) => c[0] === cableType)?.[1] ?? 0.3;
      out.cable_line.push({
        id: `cable-${pad(++cable, 3)}`,
        name: `${district}${roads[(di * 7 + k) % roads.length] ?? '人民路'}${k + 1}号回路`,
        district,
        cableType,
        lengthM: Math.round((4000 + r() * 9000) * share * 2 * (1.3 - di * 0.08)),
      });
    }
  });

  /* lamps and power: 13 months, the current one month-to-date */
  const lamps = [18400, 16200, 12800, 9600, 11300, 13700];
  DISTRICTS.forEach((district, di) => {
    const lampCount = lamps[di] ?? 10000;
    out.lamp_status.push({
      district,
      lampCount,
      litCount: lampCount - Math.round(lampCount * (0.004 + r() * 0.012)),
      updatedAt: now,
    });
    const curMonth = monthOf(now);
    for (let m = -12; m <= 0; m++) {
      const month = addMonths(curMonth, m);
      const nightHours = 11.5 * winterFactor(month);
      let kwh = lampCount * 0.12 * nightHours * daysInMonth(month) * (0.95 + r() * 0.1);
      if (m === 0) kwh *= Math.min(1, (now - startOfMonth(month)) / (daysInMonth(month) * DAY_MS));
      out.power_stat.push({ month, district, kwh: Math.round(kwh) });
    }
  });

  /* work orders: 12 months back */
  const orderKinds = ['路灯维修', '灯杆扶正', '电缆抢修', '控制箱检修', '灯具更换', '线路巡检'];
  let wo = 0;
  const firstMonth = startOfMonth(addMonths(monthOf(now), -11));
  for (let t = dayStart(firstMonth); t <= today; t += DAY_MS) {
    const n = poisson(r, 4.5 * winterFactor(monthOf(t)));
    for (let k = 0; k < n; k++) {
      const createdAt = t + Math.floor(r() * DAY_MS);
      if (createdAt > now) continue;
      const dueAt = createdAt + (r() < 0.5 ? 24 : 72) * HOUR;
      const took = (r() < 0.9 ? 0.2 + r() * 0.75 : 1 + r() * 0.8) * (dueAt - createdAt);
      const completedAt = createdAt + Math.round(took);
      const district = pick(r, DISTRICTS);
      out.work_order.push({
        id: `wo-${pad(++wo, 5)}`,
        title: `${district}${pick(r, roads)}${pick(r, orderKinds)}`,
        district,
        createdAt,
        dueAt,
        completedAt: completedAt <= now ? completedAt : null,
      });
    }
  }

  /* citizen feedback: 90 days */
  const complaints = [
    '路灯不亮',
    '路灯白天常亮',
    '灯杆倾斜',
    '灯光太暗',
    '井盖缺失',
    '线路裸露',
    '建议增设路灯',
  ];
  let fb = 0;
  for (let d = 89; d >= 0; d--) {
    const n = poisson(r, 1.4);
    for (let k = 0; k < n; k++) {
      const createdAt = today - d * DAY_MS + Math.floor(r() * DAY_MS);
      if (createdAt > now) continue;
      const repliedAt = createdAt + Math.round((2 + r() * 40) * HOUR);
      const replied = repliedAt <= now && r() < 0.95;
      const district = pick(r, DISTRICTS);
      out.feedback.push({
        id: `fb-${pad(++fb, 4)}`,
        title: `${district}${pick(r, roads)}${pick(r, complaints)}`,
        district,
        createdAt,
        state: replied ? 'replied' : 'pending',
        repliedAt: replied ? repliedAt : null,
        satisfaction: replied && r() < 0.8 ? (r() < 0.7 ? 5 : r() < 0.7 ? 4 : 3) : null,
      });
    }
  }

  /* safety: last accident ~5 months ago, inspections twice a week, hazards */
  let sr = 0;
  out.safety_record.push({
    id: `safety-${pad(++sr)}`,
    kind: 'accident',
    title: '北山区高空作业车液压管爆裂（无人员伤亡）',
    district: '北山区',
    occurredAt: today - 158 * DAY_MS + 10 * HOUR,
    closedAt: today - 157 * DAY_MS,
  });
  for (let d = 89; d >= 0; d--) {
    const dayMs = today - d * DAY_MS;
    const weekday = new Date(dayMs + 8 * HOUR).getUTCDay();
    if (weekday === 2 || weekday === 4) {
      const district = pick(r, DISTRICTS);
      const at = dayMs + 9 * HOUR + Math.floor(r() * 6 * HOUR);
      if (at <= now)
        out.safety_record.push({
          id: `safety-${pad(++sr)}`,
          kind: 'inspection',
          title: `${district}施工现场安全检查`,
          district,
          occurredAt: at,
          closedAt: null,
        });
    }
    if (r() < 0.3) {
      const district = pick(r, DISTRICTS);
      const at = dayMs + Math.floor(r() * DAY_MS);
      const closedAt = at + Math.round((1 + r() * 10) * DAY_MS);
      if (at <= now)
        out.safety_record.push({
          id: `safety-${pad(++sr)}`,
          kind: 'hazard',
          title: `${district}${pick(r, ['控制箱门锁损坏', '检查井盖松动', '灯杆基础锈蚀', '电缆外皮破损', '警示标志缺失'])}`,
          district,
          occurredAt: at,
          closedAt: closedAt <= now ? closedAt : null,
        });
    }
  }
  return out;
}

async function countOf(db: Db, table: 'article' | 'fault' | 'message'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Writes the messages and dashboard demo rows when those tables are all empty. */
export async function seedHomeIfEmpty(db: Db, now: number): Promise<boolean> {
  if ((await countOf(db, 'article')) + (await countOf(db, 'fault')) + (await countOf(db, 'message')) > 0)
    return false;
  const ids = (await db.selectFrom('user').select('id').orderBy('sortCode').orderBy('id').execute()).map(
    (u) => u.id,
  );
  const admin = (await db.selectFrom('user').select('id').where('account', '=', 'admin').executeTakeFirst())
    ?.id;
  const manager = (
    await db.selectFrom('user').select('id').where('account', '=', 'manager').executeTakeFirst()
  )?.id;
  if (!admin) return false;
  await db
    .transaction()
    .execute((trx) => writeHomeSeed(trx, now, { admin, manager: manager ?? admin, all: ids }));
  return true;
}

async function writeHomeSeed(db: Db, now: number, users: SeedUsers): Promise<void> {
  const rows = buildHomeSeed(now, users);
  // Parents first (receipts reference messages).
  for (const table of HOME_TABLES) await insertChunked(db, table, rows[table] as never[], 100);
}

const HOME_TABLES = [
  'message',
  'message_receiver',
  'article',
  'maintenance_plan',
  'fault',
  'calendar_event',
  'cable_line',
  'power_stat',
  'lamp_status',
  'work_order',
  'feedback',
  'safety_record',
] as const;

/** The dashboard's demo rows of a new database (in the first start's transaction, after the users). */
export async function seedHomeFresh(trx: Db, s: SeedContext): Promise<void> {
  const ids = (await trx.selectFrom('user').select('id').orderBy('sortCode').orderBy('id').execute()).map(
    (u) => u.id,
  );
  await writeHomeSeed(trx, s.now, {
    admin: 'u-admin',
    manager: 'u-manager',
    operator: 'u-operator',
    all: ids,
  });
}
