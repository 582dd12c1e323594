/**
 * The citizens' repair reports (the /bt/gzh pages, the /api/public API and Open311): the street-light
 * fault list a citizen picks from, what each becomes on the map (fault type and urgency), the states a
 * citizen sees, and how a pole's QR code is read. Pure: the server and the citizen pages share it.
 */

/** 1 general (24 h), 2 severe (3 working days), 3 emergency (1 h): the map's urgencies. */
export type CitizenUrgency = 1 | 2 | 3;

export interface CitizenCategory {
  /** The citizen's category, also the Open311 service_code. */
  code: string;
  /** The map's fault type (dictionary faultType enCode). */
  typeCode: string;
  urgency: CitizenUrgency;
  /** Urgent: the page tells the citizen to keep away and shows the hotline. */
  danger: boolean;
  /** Which asset at the place has the fault: the lamp on the pole, or the pole itself. */
  target: 'lamp' | 'pole';
  name: { zh: string; zhtw: string; en: string };
}

export const CITIZEN_CATEGORIES: readonly CitizenCategory[] = [
  {
    code: 'notLit',
    typeCode: 'lampOff',
    urgency: 1,
    danger: false,
    target: 'lamp',
    name: { zh: '路灯不亮', zhtw: '路燈不亮', en: 'Light not working' },
  },
  {
    code: 'dayBurning',
    typeCode: 'dayBurning',
    urgency: 1,
    danger: false,
    target: 'lamp',
    name: { zh: '白天亮灯', zhtw: '白天亮燈', en: 'Light on during the day' },
  },
  {
    code: 'flickering',
    typeCode: 'flicker',
    urgency: 1,
    danger: false,
    target: 'lamp',
    name: { zh: '灯光闪烁', zhtw: '燈光閃爍', en: 'Light flickering' },
  },
  {
    code: 'rowOut',
    typeCode: 'cableFault',
    urgency: 1,
    danger: false,
    target: 'lamp',
    name: { zh: '一排路灯都不亮', zhtw: '一排路燈都不亮', en: 'Several lights in a row out' },
  },
  {
    code: 'wiresExposed',
    typeCode: 'leakage',
    urgency: 3,
    danger: true,
    target: 'pole',
    name: { zh: '检修门打开或电线外露', zhtw: '檢修門打開或電線外露', en: 'Door open or wires exposed' },
  },
  {
    code: 'poleDamaged',
    typeCode: 'poleTilt',
    urgency: 3,
    danger: true,
    target: 'pole',
    name: { zh: '灯杆被撞或倾斜', zhtw: '燈桿被撞或傾斜', en: 'Pole knocked or leaning' },
  },
  {
    code: 'lanternHanging',
    typeCode: 'other',
    urgency: 3,
    danger: true,
    target: 'lamp',
    name: { zh: '灯头松脱悬挂', zhtw: '燈頭鬆脫懸掛', en: 'Lantern hanging loose' },
  },
  {
    code: 'other',
    typeCode: 'other',
    urgency: 1,
    danger: false,
    target: 'lamp',
    name: { zh: '其他问题', zhtw: '其他問題', en: 'Something else' },
  },
];

export const CITIZEN_CATEGORY_CODES: readonly string[] = CITIZEN_CATEGORIES.map((c) => c.code);

export function citizenCategory(code: string): CitizenCategory | undefined {
  return CITIZEN_CATEGORIES.find((c) => c.code === code);
}

/** What a citizen sees of a report, following its repair order. */
export const CITIZEN_STATES = ['received', 'dispatched', 'inProgress', 'fixed', 'verified'] as const;
export type CitizenState = (typeof CITIZEN_STATES)[number];

/** The dates of a repair order that a citizen's status follows (its columns, not its state name). */
export interface OrderDates {
  dispatchedAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  verifiedAt: number | null;
}

export interface CitizenStep {
  state: CitizenState;
  /** When the step was reached; null while it is still ahead. */
  at: number | null;
}

/**
 * The citizen's status of a report filed at `reportedAt` whose fault closed at `faultClosedAt` (null:
 * open), with the latest repair order on it (or null). Follows the order's dates, so a state added
 * between creation and dispatch (an approval) still reads as "received" until the crew is dispatched.
 * A fault closed without an order of its own (an order on the whole asset closed it) reads "fixed".
 */
export function citizenSteps(
  reportedAt: number,
  faultClosedAt: number | null,
  order: OrderDates | null,
): CitizenStep[] {
  const o = order ?? { dispatchedAt: null, startedAt: null, completedAt: null, verifiedAt: null };
  const fixedAt = o.completedAt ?? faultClosedAt;
  const steps: CitizenStep[] = [
    { state: 'received', at: reportedAt },
    { state: 'dispatched', at: o.dispatchedAt },
    { state: 'inProgress', at: o.startedAt },
    { state: 'fixed', at: fixedAt },
    { state: 'verified', at: o.verifiedAt },
  ];
  // a later step implies the earlier ones (an order completed straight from dispatch, say): fill them
  // with the later date so the line never shows a gap
  for (let i = steps.length - 2; i >= 0; i--) {
    const cur = steps[i];
    const next = steps[i + 1];
    if (cur && next && cur.at === null && next.at !== null) cur.at = next.at;
  }
  return steps;
}

export function citizenState(steps: readonly CitizenStep[]): CitizenState {
  let state: CitizenState = 'received';
  for (const s of steps) if (s.at !== null) state = s.state;
  return state;
}

/** Open311's two states: fixed and verified reports are closed. */
export function open311Status(state: CitizenState): 'open' | 'closed' {
  return state === 'fixed' || state === 'verified' ? 'closed' : 'open';
}

/**
 * The signed pole token in a scanned QR text: our plates carry a URL whose `qr` parameter is
 * `<pole code>.<signature>`; a bare token is accepted too. Null when the text is not ours.
 */
export function qrTokenOf(text: string): string | null {
  const t = text.trim();
  if (t.length === 0 || t.length > 500) return null;
  let token = t;
  if (/^https?:\/\//i.test(t) || t.startsWith('/')) {
    const q = /[?&]qr=([^&#]+)/.exec(t);
    if (!q?.[1]) return null;
    try {
      token = decodeURIComponent(q[1]);
    } catch {
      return null;
    }
  }
  return QR_TOKEN.test(token) ? token : null;
}

/** `<pole code>.<22-character base64url signature>`. */
export const QR_TOKEN = /^[A-Za-z0-9-]{1,32}\.[A-Za-z0-9_-]{22}$/;

/** Mainland mobile numbers (spec §5). */
export const CITIZEN_PHONE = /^1[3-9]\d{9}$/;

/** A phone number shown to its owner: 138****0000. */
export function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}
