// The contract check's decisions (scripts/contract.mjs), pure: no files, no processes.
//   compareReports(before, after) — two API Extractor reports (.api.md) of one entry point →
//     { kind: 'none' | 'additive' | 'breaking', changes: string[] }
//   requiredBump(kind), versionVerdict(recorded, current, kind) — which version the change needs.
//
// A report's TypeScript block is read as nested blocks: a declaration is its header line and, when
// the header ends with '{', its members (indented four more spaces), recursively. Comparing:
//   - a declaration or member removed, or its text changed (a header, a signature, a type) → breaking;
//   - a declaration added, or a function overload added (the old ones kept) → additive;
//   - a member added to an interface or type literal: additive when optional (`name?:`), breaking
//     when required (a remote that builds that object no longer type-checks, and at run time the
//     host's code would read undefined); added to a class, an enum, a namespace or the type of an
//     exported const (which a remote only reads) → additive.
// Lines API Extractor writes about documentation ('// (undocumented)', release tags) and the
// import lines at the top do not count: they follow from the declarations.
'use strict';
const semver = require('semver');

/** @typedef {{ header: string, lines: string[], children: Block[] | null }} Block */

/** The TypeScript code block of a report, without the lines that do not count. */
function codeLines(report) {
  const m = /```ts\n([\s\S]*?)\n```/.exec(report.replace(/\r\n/g, '\n'));
  if (!m) throw new Error('not an API Extractor report: no ```ts block');
  return m[1]
    .split('\n')
    .filter((l) => !/^\s*\/\/ /.test(l) && !/^\s*\/\/$/.test(l))
    .filter((l) => !/^import /.test(l));
}

function indentOf(line) {
  return line.length - line.trimStart().length;
}

/**
 * Blocks at one indentation: a line at `indent` starts an entry; deeper lines, and a closing line
 * at the same indentation (`}`, `};`, `}>;`, `} | {` …), belong to it.
 * @returns {Block[]}
 */
function parseBlocks(lines, indent) {
  /** @type {string[][]} */
  const groups = [];
  for (const line of lines) {
    if (line.trim() === '') continue;
    const ind = indentOf(line);
    const closing = ind === indent && /^[}\])]/.test(line.trimStart());
    if (ind <= indent && !closing) groups.push([line]);
    else if (groups.length) groups[groups.length - 1].push(line);
    else groups.push([line]);
  }
  return groups.map((g) => {
    const header = g[0].trim();
    const body = g.slice(1);
    // a block with members: the header opens '{' and the last line closes it at the header's indent
    const last = body[body.length - 1];
    const nested =
      header.endsWith('{') &&
      last !== undefined &&
      /^[}]/.test(last.trimStart()) &&
      indentOf(last) === indent;
    return {
      header,
      // an enum's last member has no comma: adding one after it is not a change of it
      lines: g.map((l) => l.trimEnd().replace(/,$/, '')),
      children: nested ? parseBlocks(body.slice(0, -1), indent + 4) : null,
    };
  });
}

/** The name a member or declaration is matched by (overloads share it). */
function keyOf(header) {
  const h = header
    .replace(/^export\s+/, '')
    .replace(/^declare\s+/, '')
    .replace(/^(default\s+)/, '')
    .replace(/^(abstract\s+|static\s+|readonly\s+|protected\s+|public\s+|private\s+|get\s+|set\s+)+/, '');
  const decl = /^(function|const|let|var|class|interface|type|enum|namespace|module)\s+([\w$]+)/.exec(h);
  if (decl) return `${decl[1] === 'let' || decl[1] === 'var' ? 'const' : decl[1]} ${decl[2]}`;
  const enumMember = /^([\w$]+)\s*=/.exec(h);
  if (enumMember) return enumMember[1];
  const member = /^(\[[^\]]+\]|"[^"]*"|'[^']*'|[\w$]+)\??\s*[:(<]/.exec(h);
  if (member) return member[1].replace(/^["']|["']$/g, '');
  if (/^\(/.test(h)) return '()'; // call signature
  if (/^new\s*[(<]/.test(h)) return 'new()';
  return h; // an enum member, or something unusual: its whole text
}

function isOptional(header) {
  return /^(readonly\s+)?(\[[^\]]+\]|"[^"]*"|'[^']*'|[\w$]+)\?\s*[:(]/.test(header);
}

/** The kind of container whose added members are additive whatever they are. */
function openContainer(header) {
  const h = header.replace(/^export\s+/, '').replace(/^declare\s+/, '');
  if (/^(abstract\s+)?class\s/.test(h) || /^(const\s+)?enum\s/.test(h) || /^namespace\s/.test(h))
    return 'any';
  if (/^(const|let|var)\s/.test(h)) return 'readonly-type';
  return null;
}

const RANK = { none: 0, additive: 1, breaking: 2 };
const worse = (a, b) => (RANK[a] >= RANK[b] ? a : b);

function group(blocks) {
  /** @type {Map<string, Block[]>} */
  const map = new Map();
  for (const b of blocks) {
    const k = keyOf(b.header);
    map.set(k, [...(map.get(k) ?? []), b]);
  }
  return map;
}

/**
 * @param {Block[]} before
 * @param {Block[]} after
 * @param {'top' | 'any' | 'readonly-type' | null} container what holds these blocks
 * @param {string} path where they are, for the messages
 * @param {string[]} changes
 */
function compareLevel(before, after, container, path, changes) {
  let kind = 'none';
  const a = group(before);
  const b = group(after);
  const at = (k) => (path ? `${path}.${k}` : k);
  for (const [k, olds] of a) {
    const news = b.get(k);
    if (!news) {
      changes.push(`breaking: ${at(k)} removed`);
      kind = 'breaking';
      continue;
    }
    if (olds.length === 1 && news.length === 1) {
      kind = worse(kind, compareBlock(olds[0], news[0], container, at(k), changes));
      continue;
    }
    // overloads: every old signature must still be there; new ones are additive
    const newTexts = new Set(news.map((n) => n.lines.join('\n')));
    const oldTexts = new Set(olds.map((o) => o.lines.join('\n')));
    if ([...oldTexts].some((t) => !newTexts.has(t))) {
      changes.push(`breaking: ${at(k)} changed (an overload removed or changed)`);
      kind = 'breaking';
    } else if ([...newTexts].some((t) => !oldTexts.has(t))) {
      changes.push(`additive: ${at(k)} overload added`);
      kind = worse(kind, 'additive');
    }
  }
  for (const [k, news] of b) {
    if (a.has(k)) continue;
    const additive =
      container === 'top' ||
      container === 'any' ||
      container === 'readonly-type' ||
      news.every((n) => isOptional(n.header));
    changes.push(`${additive ? 'additive' : 'breaking'}: ${at(k)} added${additive ? '' : ' (required)'}`);
    kind = worse(kind, additive ? 'additive' : 'breaking');
  }
  return kind;
}

function compareBlock(old, neu, container, path, changes) {
  if (old.lines.join('\n') === neu.lines.join('\n')) return 'none';
  if (old.header !== neu.header || !old.children || !neu.children) {
    changes.push(`breaking: ${path} changed`);
    return 'breaking';
  }
  const inner = openContainer(old.header) ?? (container === 'readonly-type' ? 'readonly-type' : null);
  return compareLevel(old.children, neu.children, inner, path, changes);
}

/**
 * Compare two reports of one entry point.
 * @param {string} before the recorded report
 * @param {string} after the report of the code as it is
 * @returns {{ kind: 'none' | 'additive' | 'breaking', changes: string[] }}
 */
function compareReports(before, after) {
  const changes = [];
  const kind = compareLevel(
    parseBlocks(codeLines(before), 0),
    parseBlocks(codeLines(after), 0),
    'top',
    '',
    changes,
  );
  return { kind, changes };
}

/** The smallest version step a change needs: breaking → major, additive → minor (0.x: one step lower). */
function requiredBump(kind, recorded) {
  const zero = semver.major(recorded) === 0;
  if (kind === 'breaking') return zero ? 'minor' : 'major';
  if (kind === 'additive') return zero ? 'patch' : 'minor';
  return 'none';
}

const parts = (v) => [semver.major(v), semver.minor(v), semver.patch(v)];
function stepOf(from, to) {
  const [a, b] = [parts(from), parts(to)];
  if (b[0] !== a[0]) return b[0] > a[0] ? 'major' : 'lower';
  if (b[1] !== a[1]) return b[1] > a[1] ? 'minor' : 'lower';
  if (b[2] !== a[2]) return b[2] > a[2] ? 'patch' : 'lower';
  return 'none';
}
const STEP = { none: 0, patch: 1, minor: 2, major: 3 };

/**
 * Does the package's version fit the change since the recorded reports?
 * @param {string} recorded the version the reports were recorded at
 * @param {string} current shared/package.json's version
 * @param {'none' | 'additive' | 'breaking'} kind
 * @returns {{ ok: boolean, need: 'none' | 'patch' | 'minor' | 'major', step: string, message: string }}
 */
function versionVerdict(recorded, current, kind) {
  for (const v of [recorded, current])
    if (!semver.valid(v))
      return { ok: false, need: 'none', step: 'invalid', message: `'${v}' is not a semver version` };
  const need = requiredBump(kind, recorded);
  const step = stepOf(recorded, current);
  if (step === 'lower')
    return { ok: false, need, step, message: `version ${current} is lower than the recorded ${recorded}` };
  if (STEP[step] < STEP[need]) {
    const wanted = semver.inc(recorded, need);
    return {
      ok: false,
      need,
      step,
      message:
        kind === 'breaking'
          ? `a breaking change needs a ${need} version: ${recorded} → ${wanted} (the version is ${current})`
          : `the public API changed (${kind}) and needs at least ${wanted} (the version is ${current})`,
    };
  }
  return {
    ok: true,
    need,
    step,
    message: `version ${current} fits a ${kind === 'none' ? 'unchanged' : kind} API`,
  };
}

module.exports = { compareReports, requiredBump, versionVerdict, parseBlocks, codeLines };
