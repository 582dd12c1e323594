// Titles of the messages the system writes (the workflow's to-do, reminder, copy and outcome
// messages, issue 25 item 26): stored as a key and its parameters (names, flow and task titles:
// people's words, never translated) and put into words in the reader's language when shown. The
// server stores the Chinese words too, as the title JNPF clients and the keyword search read; a
// message stored before the keys (no key, or one this list does not know) shows that title. Pure.
import type { Label, LabelLanguage } from './menuLabels';

/** The task statuses an outcome message names (flowcore's TaskStatus codes). */
const OUTCOMES = {
  2: { zh: '已审批通过', zhtw: '已審批通過', en: 'was approved' },
  3: { zh: '被驳回', zhtw: '被駁回', en: 'was rejected' },
  4: { zh: '已撤回', zhtw: '已撤回', en: 'was withdrawn' },
  5: { zh: '已被终止', zhtw: '已被終止', en: 'was cancelled' },
} as const satisfies Record<number, Label>;

const NO_OUTCOME: Label = { zh: '', zhtw: '', en: '' };

export interface MessageTitleParams {
  /** the initiator's name */
  who?: string;
  /** the flow's name */
  flow?: string;
  /** the task's title */
  task?: string;
  /** the task's status an outcome message reports (2 approved, 3 rejected, 4 withdrawn, 5 cancelled) */
  status?: number;
}

type Words = (p: Required<Pick<MessageTitleParams, 'who' | 'flow' | 'task'>> & { status?: number }) => Label;

const TITLES = {
  flowTodo: ({ who, flow, task }) => ({
    zh: `${who}的「${flow}」待您审批：${task}`,
    zhtw: `${who}的「${flow}」待您審批：${task}`,
    en: `${who}’s “${flow}” awaits your approval: ${task}`,
  }),
  flowPress: ({ task }) => ({ zh: `催办：${task}`, zhtw: `催辦：${task}`, en: `Reminder: ${task}` }),
  flowCirculate: ({ flow, task }) => ({
    zh: `「${flow}」抄送给您：${task}`,
    zhtw: `「${flow}」抄送給您：${task}`,
    en: `“${flow}” copied to you: ${task}`,
  }),
  flowOutcome: ({ task, status }) => {
    const o: Label = (OUTCOMES as Readonly<Record<number, Label | undefined>>)[status ?? 0] ?? NO_OUTCOME;
    return {
      zh: `您发起的「${task}」${o.zh}`,
      zhtw: `您發起的「${task}」${o.zhtw}`,
      en: `Your “${task}” ${o.en}`.trimEnd(),
    };
  },
} as const satisfies Record<string, Words>;

export type MessageTitleKey = keyof typeof TITLES;

export const isMessageTitleKey = (k: unknown): k is MessageTitleKey =>
  typeof k === 'string' && Object.prototype.hasOwnProperty.call(TITLES, k);

const language = (lang: string): LabelLanguage => (lang === 'zhtw' || lang === 'en' ? lang : 'zh');

/** The parameters as stored (any JSON) reduced to the known ones of the right types. */
export function messageTitleParams(raw: unknown): MessageTitleParams {
  const o = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const out: MessageTitleParams = {};
  for (const k of ['who', 'flow', 'task'] as const) if (typeof o[k] === 'string') out[k] = o[k];
  if (typeof o.status === 'number' && Number.isFinite(o.status)) out.status = o.status;
  return out;
}

/** A title in `lang` from its key and parameters. */
export function messageTitle(key: MessageTitleKey, params: MessageTitleParams, lang: string): string {
  const p = messageTitleParams(params);
  return TITLES[key]({ who: p.who ?? '', flow: p.flow ?? '', task: p.task ?? '', status: p.status })[
    language(lang)
  ];
}

/**
 * What a reader sees as a message's title in `lang`: the words of its key, or the stored title for
 * a message without a known key (notices, which people write; messages stored before the keys).
 */
export function shownMessageTitle(
  m: { title: string; titleKey?: string | null; titleParams?: unknown },
  lang: string,
): string {
  return isMessageTitleKey(m.titleKey)
    ? messageTitle(m.titleKey, messageTitleParams(m.titleParams), lang)
    : m.title;
}
