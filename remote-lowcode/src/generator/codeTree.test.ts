import {
  attachmentName,
  compareFiles,
  diffStats,
  filesOf,
  formatBytes,
  languageOf,
  parseLastDownload,
  pathTree,
  unifiedRows,
  type CodeNode,
} from './codeTree';

const tree: CodeNode = {
  fileName: 'remote-a',
  children: [
    {
      fileName: 'src',
      children: [{ fileName: 'model.ts', fileContent: 'export const A = 1;\n', fileType: 'ts' }],
    },
    { fileName: 'package.json', fileContent: '{}\n', fileType: 'json' },
  ],
};

describe('generator page logic', () => {
  it('lists the files of a preview tree by path', () => {
    expect([...filesOf(tree)]).toEqual([
      ['remote-a/src/model.ts', 'export const A = 1;\n'],
      ['remote-a/package.json', '{}\n'],
    ]);
  });

  it('compares two generations by the path inside the remote', () => {
    const base = new Map([
      ['remote-old/src/model.ts', 'export const A = 0;\n'],
      ['remote-old/package.json', '{}\n'],
      ['remote-old/src/gone.ts', 'x'],
    ]);
    const now = new Map([...filesOf(tree), ['remote-a/src/new.ts', 'y']]);
    expect([...compareFiles(now, base)]).toEqual([
      ['src/model.ts', 'changed'],
      ['package.json', 'same'],
      ['src/new.ts', 'added'],
      ['src/gone.ts', 'removed'],
    ]);
    expect([...compareFiles(now, null).values()].every((s) => s === 'same')).toBe(true);
  });

  it('diffs lines with context and folds long unchanged stretches', () => {
    const old = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const now = old.replace('line 10\n', 'line ten\n').replace('line 20\n', 'line 20\nline 21\n');
    const rows = unifiedRows(old, now, 2);
    expect(rows[0]).toEqual({ kind: 'fold', oldLine: null, newLine: null, text: '', hidden: 7 });
    expect(rows.slice(1, 7).map((r) => `${r.kind}:${r.oldLine}:${r.newLine}:${r.text}`)).toEqual([
      'same:8:8:line 8',
      'same:9:9:line 9',
      'removed:10:null:line 10',
      'added:null:10:line ten',
      'same:11:11:line 11',
      'same:12:12:line 12',
    ]);
    expect(rows[7]).toMatchObject({ kind: 'fold', hidden: 6 }); // lines 13–18
    expect(rows.slice(-3).map((r) => r.text)).toEqual(['line 19', 'line 20', 'line 21']);
    expect(diffStats(rows)).toEqual({ added: 2, removed: 1 });
    expect(unifiedRows('a\n', 'a\n')).toEqual([
      { kind: 'fold', oldLine: null, newLine: null, text: '', hidden: 1 },
    ]);
  });

  it('picks the code view language by file name', () => {
    expect(languageOf('Page.tsx')).toBe('typescript');
    expect(languageOf('webpack.config.cjs')).toBe('javascript');
    expect(languageOf('form.json')).toBe('json');
    expect(languageOf('README.md')).toBe('markdown');
    expect(languageOf('LICENSE')).toBe('plaintext');
  });

  it('reads back a remembered download, or nothing when it is not one', () => {
    const good = { version: 2, at: 1, className: 'A', files: { 'a/b': 'c' } };
    expect(parseLastDownload(JSON.stringify(good))).toEqual(good);
    expect(parseLastDownload(null)).toBeNull();
    expect(parseLastDownload('{')).toBeNull();
    expect(parseLastDownload(JSON.stringify({ ...good, files: { a: 1 } }))).toBeNull();
    expect(parseLastDownload(JSON.stringify({ ...good, version: '2' }))).toBeNull();
  });

  it('formats sizes and reads the attachment name', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(12_700)).toBe('12.4 KB');
    expect(formatBytes(1_300_000)).toBe('1.2 MB');
    expect(attachmentName('attachment; filename="remote-a-v2.zip"', 'x.zip')).toBe('remote-a-v2.zip');
    expect(attachmentName(undefined, 'x.zip')).toBe('x.zip');
  });
});

describe('the file tree', () => {
  it('nests paths into folders, folders first', () => {
    expect(pathTree(['package.json', 'src/pages/A.tsx', 'src/api.ts', 'README.md'])).toEqual([
      {
        key: 'src/',
        name: 'src',
        children: [
          { key: 'src/pages/', name: 'pages', children: [{ key: 'src/pages/A.tsx', name: 'A.tsx' }] },
          { key: 'src/api.ts', name: 'api.ts' },
        ],
      },
      { key: 'package.json', name: 'package.json' },
      { key: 'README.md', name: 'README.md' },
    ]);
  });
});
