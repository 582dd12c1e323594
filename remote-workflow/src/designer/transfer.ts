// The definition in and out of the designer (pure): saved or imported JSON text → the tree (only
// the problems that make it unreadable refuse it: flowcore's shape checks; the rest are marked on
// the nodes), the exported text and its file name, and the problems by node for the canvas.
import {
  normalizeFlow,
  validateFlow,
  type FlowDefinition,
  type FlowProblem,
  type FlowProblemCode,
} from '@lighting/shared/flowcore';

export type Lang = 'zh' | 'zhtw' | 'en';

/** Problems after which the JSON cannot be drawn. */
const UNREADABLE: ReadonlySet<FlowProblemCode> = new Set(['shape', 'notStart', 'tooMany', 'tooDeep']);

export type ParsedFlow =
  { ok: true; def: FlowDefinition } | { ok: false; problems: FlowProblem[] | null; message: string };

/**
 * A JNPF 3.x flow export file (`<name>.ffe`: `{flowEngine: {…, flowTemplateJson}, visibleList}`, the
 * definition as JSON text) or the engine entity alone → its definition; anything else as it is.
 */
function definitionOfExport(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const o = raw as Record<string, unknown>;
  const engine =
    o.flowEngine && typeof o.flowEngine === 'object' ? (o.flowEngine as Record<string, unknown>) : o;
  return typeof engine.flowTemplateJson === 'string' && !('nodeId' in o)
    ? JSON.parse(engine.flowTemplateJson)
    : raw;
}

export function parseFlow(text: string | null | undefined): ParsedFlow {
  let raw: unknown;
  try {
    raw = definitionOfExport(JSON.parse(text ?? ''));
  } catch (e) {
    return { ok: false, problems: null, message: e instanceof Error ? e.message : String(e) };
  }
  const fatal = validateFlow(raw).filter((p) => UNREADABLE.has(p.code));
  if (fatal.length) return { ok: false, problems: fatal, message: fatal[0]?.message ?? '' };
  return { ok: true, def: normalizeFlow(raw as FlowDefinition) };
}

/** The exported text: the definition as it would be saved, indented. */
export const flowJson = (def: FlowDefinition): string => `${JSON.stringify(def, null, 2)}\n`;

/** `<enCode>.flow.json`, with anything but letters, digits, '.', '_' and '-' replaced. */
export function exportFileName(enCode: string | undefined): string {
  const base = (enCode ?? '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+/, '');
  return `${base || 'flow'}.flow.json`;
}

/** nodeId → the problems' texts in `lang` ('' collects the whole definition's). */
export function problemsByNode(
  problems: ReadonlyArray<Pick<FlowProblem, 'nodeId' | 'text'>>,
  lang: Lang,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of problems) {
    const list = out.get(p.nodeId);
    const text = p.text[lang];
    if (list) list.push(text);
    else out.set(p.nodeId, [text]);
  }
  return out;
}

/** The console's language as flowcore's problem texts name it. */
export const langOf = (language: string): Lang =>
  language === 'en' ? 'en' : language === 'zhtw' ? 'zhtw' : 'zh';
