import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import {
  createField,
  emptyColumnData,
  normalizeColumnData,
  normalizeForm,
  type ColumnData,
  type FormData,
} from '@lighting/shared/formcore';
import { demoModels } from '../seed-forms';
import {
  PRETTIER_OPTIONS,
  folderOf,
  generateFiles,
  generateRemote,
  isFolder,
  type CodeFolder,
  type GeneratorModel,
} from './generate';
import { commentText, defaultClassName, lit, markdownText, remoteNameOf } from './names';
import { WORKSPACE_VERSIONS } from './versions';

const ROOT = join(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS helper
const { usedExports, deepImports } = require(join(ROOT, 'build/used-exports.cjs')) as {
  usedExports(pkg: string): string[];
  deepImports(prefix: string): Map<string, Set<string>>;
};

/** A list showing the first `n` main fields of a form. */
const listOf = (props: string[]): ColumnData => ({
  ...emptyColumnData(),
  columnList: props.map((prop) => ({ prop, label: prop })),
});

function seeded(id: string, list?: ColumnData): GeneratorModel {
  const m = demoModels().find((x) => x.id === id)!;
  const form = normalizeForm(JSON.parse(JSON.stringify(m.formData)));
  return {
    id: m.id,
    fullName: m.fullName,
    enCode: m.enCode,
    description: m.description,
    version: 3,
    form,
    list: normalizeColumnData(list ?? listOf(['reporter', 'mobile', 'address', 'faultType']))!,
  };
}

const options = { module: 'dynamicModel', className: 'RepairReport' };

/** Syntax errors of a TypeScript/TSX file, as TypeScript reports them. */
function syntaxErrors(path: string, source: string): string[] {
  const out = ts.transpileModule(source, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { jsx: ts.JsxEmit.ReactJSX, target: ts.ScriptTarget.ES2022 },
  });
  return (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

/** Every string literal's value in a TypeScript file. */
function stringValues(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(n.text);
    if (ts.isJsxAttribute(n) && n.initializer && ts.isStringLiteral(n.initializer))
      out.push(n.initializer.text);
    n.forEachChild(visit);
  };
  visit(file);
  return out;
}

describe('code generator', () => {
  it('generates a complete remote of the console for a seeded model', async () => {
    const files = await generateFiles(seeded('vd-repair'), options, WORKSPACE_VERSIONS);
    expect(files.map((f) => f.path).sort()).toEqual([
      'README.md',
      'jest.config.cjs',
      'package.json',
      'src/App.tsx',
      'src/api.ts',
      'src/bootstrap.tsx',
      'src/form.json',
      'src/i18n.ts',
      'src/index.ts',
      'src/list.json',
      'src/model.test.ts',
      'src/model.ts',
      'src/pages/RepairReportList.tsx',
      'src/routes.ts',
      'tsconfig.json',
      'webpack.config.cjs',
    ]);
    const file = (p: string) => files.find((f) => f.path === p)!.content;
    const pkg = JSON.parse(file('package.json'));
    expect(pkg.name).toBe('@lighting/remote-repairreport');
    // the versions the console shares its singletons at (build/shared.cjs reads the same file)
    const shared = JSON.parse(readFileSync(join(ROOT, 'shared/package.json'), 'utf8'));
    for (const dep of ['react', 'react-dom', 'antd', 'i18next', 'react-i18next', 'zustand', 'axios', 'rxjs'])
      expect(pkg.dependencies[dep]).toBe(shared.dependencies[dep]);
    // the contract range the host checks: the major of the console it was generated from
    expect(pkg.dependencies['@lighting/shared']).toBe(`workspace:^${shared.version}`);
    expect(Object.values(pkg.devDependencies)).not.toContain('*');
    expect(file('webpack.config.cjs')).toContain(
      "exposes: { './routes': './src/routes.ts', './App': './src/App.tsx' }",
    );
    expect(file('webpack.config.cjs')).toContain("name: 'repairreport'");
    const model = file('src/model.ts');
    expect(model).toContain("export const MODEL_ID = 'vd-repair';");
    expect(model).toContain("export const URL_ADDRESS = 'dynamicModel/repairReport';");
    expect(model).toContain('export const MODEL_VERSION = 3;');
    // required fields typed as required; the server's own values optional; files and options typed
    expect(model).toMatch(/\n {2}reporter: string;/);
    expect(model).toMatch(/\n {2}mobile\?: string \| null;/);
    expect(model).toMatch(/\n {2}faultType: string \| number;/);
    expect(model).toMatch(/\n {2}photos\?: UploadedFile\[\] \| null;/);
    expect(model).toMatch(/\n {2}creator\?: string \| null;/);
    // the list's columns type the rows
    expect(model).toContain(
      "export type RepairReportColumn = 'reporter' | 'mobile' | 'address' | 'faultType';",
    );
    expect(JSON.parse(file('src/list.json'))).toEqual(seeded('vd-repair').list);
    // the page is the console's runtime running this form and list
    const page = file('src/pages/RepairReportList.tsx');
    expect(page).toContain(
      "import { ModelPage, runtimeConfig, type RuntimeConfig } from '@lighting/shared/lowcode';",
    );
    expect(page).toContain('<ModelPage modelId={MODEL_ID} config={config} />');
    expect(JSON.parse(file('src/form.json'))).toEqual(seeded('vd-repair').form);
    for (const f of files.filter((x) => /\.tsx?$/.test(x.path)))
      expect(syntaxErrors(f.path, f.content)).toEqual([]);
  });

  it('types sub-tables as row interfaces', async () => {
    const files = await generateFiles(
      seeded('vd-inspection'),
      { module: 'dynamicModel', className: 'InspectionRecord' },
      WORKSPACE_VERSIONS,
    );
    const model = files.find((f) => f.path === 'src/model.ts')!.content;
    expect(model).toContain('export interface InspectionRecordLampsRow {');
    expect(model).toMatch(/\n {2}poleCode: string;/);
    expect(model).toMatch(/\n {2}lamps\?: InspectionRecordLampsRow\[\] \| null;/);
    // a bill number is the server's: never required from the client
    expect(model).toMatch(/\n {2}inspectNo\?: string \| null;/);
  });

  it('types the columns of the designed list, keeping its JSON as designed', async () => {
    const list = normalizeColumnData({
      type: 1,
      searchList: [{ label: '地址', prop: 'address' }],
      columnList: [
        { label: '地址', prop: 'address', align: 'center', width: 240, sortable: true },
        { label: '无此字段', prop: 'nothere' },
      ],
      defaultSidx: 'address',
      sort: 'asc',
      pageSize: 50,
      btnsList: [{ value: 'add', label: '新增' }],
      columnBtnsList: [{ value: 'remove', label: '删除' }],
    })!;
    const files = await generateFiles(seeded('vd-repair', list), options, WORKSPACE_VERSIONS);
    const model = files.find((f) => f.path === 'src/model.ts')!.content;
    expect(model).toContain("export type RepairReportColumn = 'address';");
    expect(JSON.parse(files.find((f) => f.path === 'src/list.json')!.content)).toEqual(list);
  });

  it('keeps hostile text from the model inside its strings, comments and Markdown', async () => {
    const nasty = 'A "q" \'s\' `t` ${x} */ /* \\ </script>\nline2\r\u2028end';
    const base = seeded('vd-repair');
    const field = createField('input', 1);
    field.__vModel__ = 'note';
    field.__config__.label = nasty;
    const form: FormData = { ...base.form, fields: [...base.form.fields, field] };
    const model: GeneratorModel = { ...base, fullName: nasty, description: nasty, form, id: 'vd-"x"' };
    const list: ColumnData = { ...emptyColumnData(), columnList: [{ label: nasty, prop: 'note' }] };
    const files = await generateFiles(
      { ...model, list: normalizeColumnData(list)! },
      options,
      WORKSPACE_VERSIONS,
    );
    for (const f of files) {
      if (/\.tsx?$/.test(f.path)) {
        expect(syntaxErrors(f.path, f.content)).toEqual([]);
        // comments hold no line break and cannot end early
        for (const line of f.content.split('\n').filter((l) => l.trimStart().startsWith('//')))
          expect(line).not.toContain('*/');
      }
      if (f.path.endsWith('.json')) expect(() => JSON.parse(f.content)).not.toThrow();
    }
    const model2 = files.find((f) => f.path === 'src/model.ts')!;
    const values = stringValues(model2.path, model2.content);
    expect(values).toContain(nasty); // MODEL_NAME and the column's label, exactly
    expect(values).toContain('vd-"x"');
    const webpack = files.find((f) => f.path === 'webpack.config.cjs')!;
    expect(syntaxErrors('webpack.config.js', webpack.content)).toEqual([]);
    expect(stringValues('webpack.config.js', webpack.content)).toContain(nasty);
    const readme = files.find((f) => f.path === 'README.md')!.content;
    expect(readme.split('\n')[0]).toBe(`# ${markdownText(nasty)}: a generated remote`);
    expect(readme).not.toContain('</script>');
  });

  it('changes only the files that depend on the form when the form changes', async () => {
    const v1 = seeded('vd-repair');
    const field = createField('input', 9);
    field.__vModel__ = 'patrolTeam';
    field.__config__.label = '巡查班组';
    const v2 = { ...v1, version: 2, form: { ...v1.form, fields: [...v1.form.fields, field] } };
    const a = await generateFiles(v1, options, WORKSPACE_VERSIONS);
    const b = await generateFiles(v2, options, WORKSPACE_VERSIONS);
    const changed = a
      .filter((f) => b.find((g) => g.path === f.path)!.content !== f.content)
      .map((f) => f.path);
    expect(changed.sort()).toEqual(['README.md', 'package.json', 'src/form.json', 'src/model.ts']);
  });

  it('escapes by the rules of each target', () => {
    expect(lit('a"b\n`${c}`')).toBe('"a\\"b\\n`${c}`"');
    expect(lit('\u2028')).toBe('"\\u2028"');
    expect(commentText('a */ b\n/* c')).toBe('a * / b /* c');
    expect(markdownText('# a *b* [c](d)')).toBe('\\# a \\*b\\* \\[c\\]\\(d\\)');
  });

  it('derives class and remote names from the model code', () => {
    expect(defaultClassName('repairReport')).toBe('RepairReport');
    expect(defaultClassName('material-apply.copy2')).toBe('MaterialApplyCopy2');
    expect(defaultClassName('2x')).toBe('M2x');
    expect(defaultClassName('维修')).toBe('Model');
    expect(remoteNameOf('RepairReport')).toBe('repairreport');
    expect(folderOf('RepairReport')).toBe('remote-repairreport');
  });

  it('is deterministic and answers a sorted folder tree', async () => {
    const a = await generateRemote(
      seeded('vd-material'),
      { ...options, className: 'MaterialApply' },
      WORKSPACE_VERSIONS,
    );
    const b = await generateRemote(
      seeded('vd-material'),
      { ...options, className: 'MaterialApply' },
      WORKSPACE_VERSIONS,
    );
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.fileName).toBe('remote-materialapply');
    expect(a.children.map((c) => c.fileName)).toEqual([
      'src',
      'jest.config.cjs',
      'package.json',
      'README.md',
      'tsconfig.json',
      'webpack.config.cjs',
    ]);
    const src = a.children[0] as CodeFolder;
    expect(isFolder(src.children[0]!) && src.children[0].fileName).toBe('pages');
    const file = src.children.find((c) => c.fileName === 'model.ts');
    expect(file && !isFolder(file) && file.fileType).toBe('ts');
  });

  it('formats as the workspace does and imports only what the console shares', async () => {
    expect(JSON.parse(readFileSync(join(ROOT, '.prettierrc.json'), 'utf8'))).toEqual(PRETTIER_OPTIONS);
    const files = await generateFiles(
      seeded('vd-material'),
      { ...options, className: 'MaterialApply' },
      WORKSPACE_VERSIONS,
    );
    // antd names the host's shared antd keeps (tree-shaken to what the workspace imports) and deep
    // imports the host provides (build/shared.cjs): anything else would be missing at run time
    const antdNames = new Set(usedExports('antd'));
    const hostDeep = new Set(
      [
        ...readFileSync(join(ROOT, 'host/src/federation/antdShared.ts'), 'utf8').matchAll(
          /import\('(antd\/es\/[\w-]+)'\)/g,
        ),
      ].map((m) => m[1]),
    );
    expect(hostDeep.size).toBeGreaterThan(5);
    expect(deepImports('antd/es/').size).toBeGreaterThan(0);
    for (const f of files.filter((x) => /\.tsx?$/.test(x.path))) {
      for (const m of f.content.matchAll(/import\s+\{([^}]*)\}\s+from\s+'antd'/g))
        for (const part of m[1]!.split(','))
          if (part.trim() && !part.trim().startsWith('type ')) expect(antdNames).toContain(part.trim());
      for (const m of f.content.matchAll(/from\s+'(antd\/es\/[\w-]+)'/g)) expect(hostDeep).toContain(m[1]);
      expect(f.content).not.toMatch(/from '@ant-design\/icons'/);
      expect(f.content).not.toMatch(/from 'react-router-dom'/);
    }
  });
});
