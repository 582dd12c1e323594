// The code generator page's pure logic: the CodePreview tree as paths, the comparison of two
// generations (file by file, then line by line), the code view's language per file, and the
// remembered last download. No React, no I/O.
import { diffLines } from 'diff';

/** A CodePreview node (JNPF's shape): a folder has children, a file its content and type. */
export interface CodeNode {
  fileName: string;
  children?: CodeNode[];
  fileContent?: string;
  fileType?: string;
}

/** path ('remote-x/src/model.ts') → content, in tree order. */
export function filesOf(root: CodeNode): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (n: CodeNode, base: string): void => {
    const path = base ? `${base}/${n.fileName}` : n.fileName;
    if (Array.isArray(n.children)) n.children.forEach((c) => walk(c, path));
    else out.set(path, n.fileContent ?? '');
  };
  walk(root, '');
  return out;
}

/** The path without the remote's folder ('remote-x/src/model.ts' → 'src/model.ts'). */
export const innerPath = (path: string): string => path.slice(path.indexOf('/') + 1);

export type FileStatus = 'same' | 'changed' | 'added' | 'removed';

/**
 * Each file's status against a base generation, by its path inside the remote (the folder name
 * changes with the class name). Removed files are listed too, after the others.
 */
export function compareFiles(
  current: ReadonlyMap<string, string>,
  base: ReadonlyMap<string, string> | null,
): Map<string, FileStatus> {
  const out = new Map<string, FileStatus>();
  if (!base) {
    for (const p of current.keys()) out.set(innerPath(p), 'same');
    return out;
  }
  const old = new Map([...base].map(([p, c]) => [innerPath(p), c]));
  for (const [p, c] of current) {
    const q = innerPath(p);
    const was = old.get(q);
    out.set(q, was === undefined ? 'added' : was === c ? 'same' : 'changed');
  }
  for (const q of old.keys()) if (!out.has(q)) out.set(q, 'removed');
  return out;
}

export interface DiffRow {
  kind: 'same' | 'added' | 'removed' | 'fold';
  /** line numbers in the old and the new file (null where the line is not in that file) */
  oldLine: number | null;
  newLine: number | null;
  text: string;
  /** for a fold: how many unchanged lines it hides */
  hidden?: number;
}

/** A unified line diff with `context` unchanged lines around each change; longer stretches fold. */
export function unifiedRows(oldText: string, newText: string, context = 3): DiffRow[] {
  const rows: DiffRow[] = [];
  let o = 1;
  let n = 1;
  for (const part of diffLines(oldText, newText)) {
    const lines = part.value.replace(/\n$/, '').split('\n');
    for (const text of lines) {
      if (part.added) rows.push({ kind: 'added', oldLine: null, newLine: n++, text });
      else if (part.removed) rows.push({ kind: 'removed', oldLine: o++, newLine: null, text });
      else rows.push({ kind: 'same', oldLine: o++, newLine: n++, text });
    }
  }
  const near = rows.map(() => false);
  rows.forEach((r, i) => {
    if (r.kind === 'same') return;
    for (let j = Math.max(0, i - context); j <= Math.min(rows.length - 1, i + context); j++) near[j] = true;
  });
  const out: DiffRow[] = [];
  for (let i = 0; i < rows.length;) {
    if (near[i] || rows[i]!.kind !== 'same') {
      out.push(rows[i]!);
      i++;
      continue;
    }
    let j = i;
    while (j < rows.length && !near[j]) j++;
    out.push({ kind: 'fold', oldLine: null, newLine: null, text: '', hidden: j - i });
    i = j;
  }
  return out;
}

/** Added and removed line counts of a diff. */
export function diffStats(rows: readonly DiffRow[]): { added: number; removed: number } {
  return {
    added: rows.filter((r) => r.kind === 'added').length,
    removed: rows.filter((r) => r.kind === 'removed').length,
  };
}

/** highlight.js language of a file (the ones the code view loads). */
export function languageOf(
  fileName: string,
): 'typescript' | 'javascript' | 'json' | 'markdown' | 'plaintext' {
  if (/\.tsx?$/.test(fileName)) return 'typescript';
  if (/\.[cm]?js$/.test(fileName)) return 'javascript';
  if (/\.json$/.test(fileName)) return 'json';
  if (/\.md$/.test(fileName)) return 'markdown';
  return 'plaintext';
}

/** What the page remembers of the last download of a model (in this browser). */
export interface LastDownload {
  version: number;
  /** when, epoch ms */
  at: number;
  className: string;
  files: Record<string, string>;
}

export const lastDownloadKey = (modelId: string): string => `lighting_generator_last_${modelId}`;

/** A stored last download read back, or null when absent or not of this shape. */
export function parseLastDownload(text: string | null): LastDownload | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<LastDownload>;
    if (
      typeof v.version !== 'number' ||
      typeof v.at !== 'number' ||
      typeof v.className !== 'string' ||
      !v.files ||
      typeof v.files !== 'object' ||
      Object.values(v.files).some((c) => typeof c !== 'string')
    )
      return null;
    return { version: v.version, at: v.at, className: v.className, files: v.files };
  } catch {
    return null;
  }
}

/** A byte count for people: '812 B', '12.4 KB', '1.2 MB'. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The file name of a Content-Disposition header (`attachment; filename="x.zip"`), else `fallback`. */
export function attachmentName(header: string | undefined, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(header ?? '');
  return m?.[1] ?? fallback;
}

/** A folder or file of the tree the page draws; `key` is the path inside the remote. */
export interface PathNode {
  key: string;
  name: string;
  children?: PathNode[];
}

/** Paths inside the remote ('src/pages/A.tsx') → a tree: folders first, then files, each by name. */
export function pathTree(paths: readonly string[]): PathNode[] {
  const root: PathNode = { key: '', name: '', children: [] };
  for (const p of paths) {
    const parts = p.split('/');
    let dir = root;
    parts.slice(0, -1).forEach((part, i) => {
      const key = `${parts.slice(0, i + 1).join('/')}/`;
      let next = dir.children!.find((c) => c.key === key);
      if (!next) {
        next = { key, name: part, children: [] };
        dir.children!.push(next);
      }
      dir = next;
    });
    dir.children!.push({ key: p, name: parts[parts.length - 1]! });
  }
  const sort = (n: PathNode): void => {
    n.children?.sort((a, b) =>
      !!a.children !== !!b.children ? (a.children ? -1 : 1) : a.name.localeCompare(b.name, 'en'),
    );
    n.children?.forEach(sort);
  };
  sort(root);
  return root.children!;
}
