/**
 * The seeded dictionaries' items in Traditional Chinese and English (issue 17: data values show
 * their translation where the dictionary has one). Keyed by the item's id (`dt-<type>:<enCode>`,
 * db/dictionary-seed.ts); the Chinese is the seeded fullName. Items an administrator adds carry
 * their own translations (DictionaryData fullNameZhtw / fullNameEn), or none.
 */
export interface ItemTranslation {
  zh: string;
  zhtw: string;
  en: string;
}

const t = (zh: string, zhtw: string, en: string): ItemTranslation => ({ zh, zhtw, en });

const byType = (type: string, items: Record<string, ItemTranslation>): Array<[string, ItemTranslation]> =>
  Object.entries(items).map(([code, tr]) => [`dt-${type}:${code}`, tr]);

export const DICTIONARY_TRANSLATIONS: ReadonlyMap<string, ItemTranslation> = new Map([
  ...byType('assetKind', {
    streetLamp: t('路灯', '路燈', 'Street lamp'),
    wallLamp: t('壁灯', '壁燈', 'Wall lamp'),
    floodLight: t('投光灯', '投光燈', 'Floodlight'),
    courtyardLamp: t('庭院灯', '庭院燈', 'Courtyard lamp'),
    pole: t('灯杆', '燈桿', 'Pole'),
    transformer: t('变压器', '變壓器', 'Transformer'),
    manhole: t('检查井', '檢查井', 'Manhole'),
    handHole: t('手孔井', '手孔井', 'Hand hole'),
    meter: t('电表', '電錶', 'Meter'),
    controlBox: t('控制箱', '控制箱', 'Control box'),
    junctionBox: t('分线箱', '分線箱', 'Junction box'),
    sharedWell: t('共井', '共井', 'Shared well'),
  }),
  ...byType('assetStatus', {
    completed: t('已完成', '已完成', 'Complete'),
    pendingUpload: t('待上传', '待上傳', 'Awaiting upload'),
    pendingAttributes: t('待录入属性', '待錄入屬性', 'Awaiting attributes'),
    pendingLabel: t('待标注', '待標註', 'Awaiting labels'),
    offline: t('离线', '離線', 'Offline'),
    fault: t('故障', '故障', 'Fault'),
    lightOn: t('亮灯', '亮燈', 'Lit'),
    lightOff: t('灭灯', '滅燈', 'Unlit'),
  }),
  ...byType('faultType', {
    lampOff: t('灯具不亮', '燈具不亮', 'Lamp out'),
    dayBurning: t('白天亮灯', '白天亮燈', 'Lit by day'),
    flicker: t('灯光闪烁', '燈光閃爍', 'Flickering'),
    poleTilt: t('灯杆倾斜', '燈桿傾斜', 'Leaning pole'),
    cableFault: t('线缆故障', '線纜故障', 'Cable fault'),
    boxFault: t('控制箱故障', '控制箱故障', 'Control box fault'),
    coverMissing: t('井盖缺失', '井蓋缺失', 'Missing cover'),
    leakage: t('漏电', '漏電', 'Current leakage'),
    poleDamage: t('灯杆损坏', '燈桿損壞', 'Damaged pole'),
    cableTheft: t('线路被盗', '線路被盜', 'Cable theft'),
    other: t('其他', '其他', 'Other'),
  }),
  ...byType('urgency', {
    '1': t('普通', '普通', 'General'),
    '2': t('重要', '重要', 'Severe'),
    '3': t('紧急', '緊急', 'Emergency'),
  }),
  ...byType('sex', {
    '1': t('男', '男', 'Male'),
    '2': t('女', '女', 'Female'),
    '3': t('保密', '保密', 'Not stated'),
  }),
  ...byType('repairCrew', {
    crew1: t('东城维修一班', '東城維修一班', 'Dongcheng repair crew 1'),
    crew2: t('西城维修二班', '西城維修二班', 'Xicheng repair crew 2'),
    crew3: t('南湖维修三班', '南湖維修三班', 'Nanhu repair crew 3'),
    crew4: t('北山维修四班', '北山維修四班', 'Beishan repair crew 4'),
    crew5: t('高新抢修队', '高新搶修隊', 'Gaoxin emergency crew'),
    crew6: t('滨江抢修队', '濱江搶修隊', 'Binjiang emergency crew'),
  }),
  ...byType('district', {
    '330101': t('东城区', '東城區', 'Dongcheng District'),
    '330102': t('西城区', '西城區', 'Xicheng District'),
    '330103': t('南湖区', '南湖區', 'Nanhu District'),
    '330104': t('北山区', '北山區', 'Beishan District'),
    '330105': t('高新区', '高新區', 'Gaoxin District'),
    '330106': t('滨江区', '濱江區', 'Binjiang District'),
  }),
  ...byType('workflowStatus', {
    '1': t('等待审核', '等待審核', 'Awaiting review'),
    '2': t('审核通过', '審核通過', 'Approved'),
    '3': t('审核驳回', '審核駁回', 'Rejected'),
    '4': t('流程撤回', '流程撤回', 'Withdrawn'),
    '5': t('审核终止', '審核終止', 'Terminated'),
  }),
  ...byType('lampSource', {
    led: t('LED', 'LED', 'LED'),
    hps: t('高压钠灯', '高壓鈉燈', 'High-pressure sodium'),
    mh: t('金卤灯', '金鹵燈', 'Metal halide'),
    ind: t('无极灯', '無極燈', 'Induction'),
  }),
  ...byType('cableType', {
    direct: t('直埋电缆', '直埋電纜', 'Buried cable'),
    duct: t('穿管电缆', '穿管電纜', 'Cable in duct'),
    overhead: t('架空线路', '架空線路', 'Overhead line'),
  }),
  ...byType('visualDevCategory', {
    ops: t('运维', '運維', 'Operations'),
    asset: t('资产', '資產', 'Assets'),
    material: t('物资', '物資', 'Materials'),
    quality: t('验收', '驗收', 'Acceptance'),
    office: t('办公', '辦公', 'Office'),
  }),
]);

/** The translation columns of a seeded item (empty when the table has none for it). */
export function seededTranslation(id: string): { fullNameZhtw: string; fullNameEn: string } {
  const tr = DICTIONARY_TRANSLATIONS.get(id);
  return { fullNameZhtw: tr?.zhtw ?? '', fullNameEn: tr?.en ?? '' };
}
