/**
 * The code generator (pure): a model's form and list JSON → the folder of a complete remote of the
 * console's stack. `generateRemote` is deterministic (same model, options and workspace versions,
 * same files), so a generation can be compared with another one file by file.
 */
// Prettier's standalone build with its plugins: plain CommonJS (its main entry loads ES modules
// on demand, which neither the server bundle nor jest's module runtime wants).
import { format } from 'prettier/standalone';
import * as babel from 'prettier/plugins/babel';
import * as estree from 'prettier/plugins/estree';
import * as markdown from 'prettier/plugins/markdown';
import * as typescript from 'prettier/plugins/typescript';
import type { ColumnData, FormData } from '@lighting/shared/formcore';
import { modelFacts } from './model-facts';
import { lowerFirst, remoteNameOf } from './names';
import * as tpl from './templates';

export interface GeneratorModel {
  id: string;
  fullName: string;
  enCode: string;
  description: string;
  /** the form version generated from */
  version: number;
  form: FormData;
  /** the list of that version (formcore's normalizeColumnData) */
  list: ColumnData;
}

export interface GeneratorOptions {
  /** the area: the first segment of the page's urlAddress */
  module: string;
  className: string;
  description?: string;
}

/** A file of the tree (JNPF's CodePreview shape). */
export interface CodeFile {
  fileName: string;
  fileContent: string;
  fileType: string;
}
export interface CodeFolder {
  fileName: string;
  children: CodeNode[];
}
export type CodeNode = CodeFile | CodeFolder;

export const isFolder = (n: CodeNode): n is CodeFolder => 'children' in n;

/** The workspace's Prettier settings (.prettierrc.json; generate.test.ts checks they agree). */
export const PRETTIER_OPTIONS = { singleQuote: true, printWidth: 110, trailingComma: 'all' } as const;

const PARSERS: Readonly<Record<string, string>> = {
  ts: 'typescript',
  tsx: 'typescript',
  cjs: 'babel',
  json: 'json',
  md: 'markdown',
};

const typeOf = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** The files of the remote, by path inside its folder, formatted as the workspace formats code. */
export async function generateFiles(
  model: GeneratorModel,
  options: GeneratorOptions,
  versions: tpl.Versions,
): Promise<Array<{ path: string; content: string }>> {
  const className = options.className;
  const name = remoteNameOf(className);
  const input: tpl.TemplateInput = {
    model,
    className,
    name,
    urlAddress: `${options.module}/${lowerFirst(className)}`,
    description: options.description?.trim() || model.description.trim() || model.fullName,
    form: model.form,
    facts: modelFacts(model.form, model.list, className),
    versions,
  };
  const raw: Array<[string, string]> = [
    ['README.md', tpl.readmeMd(input)],
    ['package.json', tpl.packageJson(input)],
    ['tsconfig.json', tpl.tsconfigJson()],
    ['webpack.config.cjs', tpl.webpackConfig(input)],
    ['jest.config.cjs', tpl.jestConfig(input)],
    ['src/index.ts', tpl.indexTs(input)],
    ['src/bootstrap.tsx', tpl.bootstrapTsx(input)],
    ['src/App.tsx', tpl.appTsx(input)],
    ['src/routes.ts', tpl.routesTs(input)],
    ['src/i18n.ts', tpl.i18nTs(input)],
    ['src/model.ts', tpl.modelTs(input)],
    ['src/form.json', tpl.formJson(model.form)],
    ['src/list.json', tpl.listJson(model.list)],
    ['src/api.ts', tpl.apiTs(input)],
    [`src/pages/${className}List.tsx`, tpl.pageTsx(input)],
    ['src/model.test.ts', tpl.testTs(input)],
  ];
  return Promise.all(
    raw.map(async ([path, text]) => ({
      path,
      content: await format(text, {
        ...PRETTIER_OPTIONS,
        parser: PARSERS[typeOf(path)] ?? 'babel',
        plugins: [babel, estree, markdown, typescript],
      }),
    })),
  );
}

/** The folder tree of the remote (`remote-<name>/…`), folders first, then files, each by name. */
export function toTree(root: string, files: ReadonlyArray<{ path: string; content: string }>): CodeFolder {
  const top: CodeFolder = { fileName: root, children: [] };
  for (const f of files) {
    const parts = f.path.split('/');
    let dir = top;
    for (const part of parts.slice(0, -1)) {
      let next = dir.children.find((c): c is CodeFolder => isFolder(c) && c.fileName === part);
      if (!next) {
        next = { fileName: part, children: [] };
        dir.children.push(next);
      }
      dir = next;
    }
    const fileName = parts[parts.length - 1]!;
    dir.children.push({ fileName, fileContent: f.content, fileType: typeOf(fileName) });
  }
  const sort = (d: CodeFolder): void => {
    d.children.sort((a, b) =>
      isFolder(a) !== isFolder(b) ? (isFolder(a) ? -1 : 1) : a.fileName.localeCompare(b.fileName, 'en'),
    );
    d.children.forEach((c) => isFolder(c) && sort(c));
  };
  sort(top);
  return top;
}

/** The remote's folder name: `remote-<name>`. */
export const folderOf = (className: string): string => `remote-${remoteNameOf(className)}`;

/** The whole generation: the folder tree of the remote. */
export async function generateRemote(
  model: GeneratorModel,
  options: GeneratorOptions,
  versions: tpl.Versions,
): Promise<CodeFolder> {
  return toTree(folderOf(options.className), await generateFiles(model, options, versions));
}
