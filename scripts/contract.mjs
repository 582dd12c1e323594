#!/usr/bin/env node
// The shared contract's public API (issue 27): one API Extractor report per entry point of
// @lighting/shared ("exports" in shared/package.json) in shared/api/<entry>.api.md, recorded at the
// version in shared/api/contract.json.
//   node scripts/contract.mjs --check   fails (exit 1) when the public API is not the recorded one, when
//                                       it changed without the version step it needs (breaking → major,
//                                       additive → minor: scripts/lib/contract-diff.cjs), when the
//                                       version has no CHANGELOG entry, or when CONTRACT_VERSION
//                                       (shared/src/contract.ts) is not the package's version
//   node scripts/contract.mjs --update  records the reports and the version; refuses a change that the
//                                       version in shared/package.json does not cover
// Both print what changed. The declarations come from `tsc` on shared (shared/tsconfig.api.json, into
// shared/.contract-dts, outside node_modules: API Extractor takes files there for other packages).
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/tools.mjs';

const require = createRequire(import.meta.url);
const { compareReports, versionVerdict } = require('./lib/contract-diff.cjs');

const SHARED = join(ROOT, 'shared');
const API_DIR = join(SHARED, 'api');
const DTS = join(SHARED, '.contract-dts');
const RECORD = join(API_DIR, 'contract.json');
const CHANGELOG = join(SHARED, 'CHANGELOG.md');
const CONSTANT = join(SHARED, 'src', 'contract.ts');

/**
 * Entry points outside the recorded contract: `./api` holds only the types generated from the
 * server's route schemas (scripts/api-types.mjs, checked against the server by `api-types --check`).
 * They exist at compile time only, so a built remote cannot break on them at run time, and they
 * change with every route; recording them would make each server change a contract version.
 */
const OUTSIDE = new Set(['./api']);

/** Entry points: [export key, report name, declaration file]. */
function entryPoints(pkg) {
  return Object.entries(pkg.exports).map(([key, src]) => {
    const name = key === '.' ? 'index' : key.slice(2).replace(/\//g, '-');
    const dts = join(DTS, src.replace(/^\.\/src\//, '').replace(/\.tsx?$/, '.d.ts'));
    return { key, name, dts, specifier: key === '.' ? pkg.name : `${pkg.name}${key.slice(1)}` };
  });
}

function declarations() {
  rmSync(DTS, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.api.json'], {
    cwd: SHARED,
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    throw new Error('tsc could not write the declarations of @lighting/shared');
  }
}

/** The reports of the code as it is: { name → text }. */
function extract(pkg) {
  const { Extractor, ExtractorConfig, CompilerState } = require('@microsoft/api-extractor');
  const entries = entryPoints(pkg);
  const out = mkdtempSync(join(tmpdir(), 'lighting-contract-'));
  const reports = {};
  try {
    let state;
    for (const e of entries.filter((x) => !OUTSIDE.has(x.key))) {
      const config = ExtractorConfig.prepare({
        configObject: {
          projectFolder: SHARED,
          newlineKind: 'lf',
          mainEntryPointFilePath: e.dts,
          compiler: {
            overrideTsconfig: {
              compilerOptions: {
                strict: true,
                skipLibCheck: true,
                module: 'esnext',
                moduleResolution: 'bundler',
                target: 'es2022',
                jsx: 'react-jsx',
                lib: ['es2023', 'dom', 'dom.iterable'],
                types: ['node'],
                // shared's modules import each other's entries by name ('@lighting/shared'): those
                // resolve to the declarations, not to the sources the package's "exports" name
                paths: Object.fromEntries(entries.map((x) => [x.specifier, [x.dts]])),
              },
              files: entries.map((x) => x.dts),
            },
          },
          apiReport: { enabled: true, reportFileName: e.name, reportFolder: out, reportTempFolder: out },
          docModel: { enabled: false },
          dtsRollup: { enabled: false },
          tsdocMetadata: { enabled: false },
          messages: {
            compilerMessageReporting: { default: { logLevel: 'error' } },
            extractorMessageReporting: { default: { logLevel: 'none' } },
            tsdocMessageReporting: { default: { logLevel: 'none' } },
          },
        },
        configObjectFullPath: undefined,
        packageJsonFullPath: join(SHARED, 'package.json'),
      });
      // one TypeScript program for every entry point (the first one builds it)
      state ??= CompilerState.create(config, { additionalEntryPoints: entries.map((x) => x.dts) });
      const errors = [];
      const result = Extractor.invoke(config, {
        localBuild: true,
        compilerState: state,
        messageCallback: (m) => {
          if (m.logLevel === 'error') errors.push(m.text);
          m.handled = true;
        },
      });
      if (!result.succeeded || errors.length)
        throw new Error(`API Extractor failed on ${e.specifier}:\n${errors.join('\n')}`);
      reports[e.name] = readFileSync(join(out, `${e.name}.api.md`), 'utf8');
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(DTS, { recursive: true, force: true });
  }
  return reports;
}

function recorded() {
  const version = existsSync(RECORD) ? JSON.parse(readFileSync(RECORD, 'utf8')).version : null;
  const reports = {};
  if (existsSync(API_DIR))
    for (const f of readdirSync(API_DIR))
      if (f.endsWith('.api.md'))
        reports[f.slice(0, -'.api.md'.length)] = readFileSync(join(API_DIR, f), 'utf8');
  return { version, reports };
}

/** Every entry point compared: the worst kind and the list of changes. */
function compareAll(before, after) {
  const changes = [];
  let kind = 'none';
  const rank = { none: 0, additive: 1, breaking: 2 };
  const raise = (k) => (kind = rank[k] > rank[kind] ? k : kind);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (!(name in after)) {
      changes.push(`breaking: entry point ${name} removed`);
      raise('breaking');
    } else if (!(name in before)) {
      changes.push(`additive: entry point ${name} added`);
      raise('additive');
    } else {
      const r = compareReports(before[name], after[name]);
      for (const c of r.changes) changes.push(`${name}: ${c}`);
      raise(r.kind);
    }
  }
  const textChanged =
    Object.keys(after).some((n) => before[n] !== after[n]) || Object.keys(before).some((n) => !(n in after));
  return { kind, changes, textChanged };
}

const CONSTANT_RE = /export const CONTRACT_VERSION: string = '([^']*)';/;

function main() {
  const mode = process.argv.includes('--update')
    ? 'update'
    : process.argv.includes('--check')
      ? 'check'
      : null;
  if (!mode) {
    console.error('usage: node scripts/contract.mjs --check | --update');
    process.exit(2);
  }
  const t0 = Date.now();
  const pkg = JSON.parse(readFileSync(join(SHARED, 'package.json'), 'utf8'));
  declarations();
  const now = extract(pkg);
  const rec = recorded();
  const diff = compareAll(rec.reports, now);
  const base = rec.version ?? '0.0.0';
  const verdict = rec.version
    ? versionVerdict(rec.version, pkg.version, diff.kind)
    : { ok: true, message: 'first record' };
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  for (const c of diff.changes) console.log(`  ${c}`);
  const problems = [];
  if (!verdict.ok) problems.push(`${verdict.message} — bump "version" in shared/package.json`);

  if (mode === 'update') {
    if (problems.length) {
      console.error(`✖ not recorded: ${problems.join('; ')}`);
      process.exit(1);
    }
    mkdirSync(API_DIR, { recursive: true });
    for (const f of readdirSync(API_DIR)) if (f.endsWith('.api.md')) rmSync(join(API_DIR, f));
    for (const [name, text] of Object.entries(now)) writeFileSync(join(API_DIR, `${name}.api.md`), text);
    writeFileSync(RECORD, `${JSON.stringify({ package: pkg.name, version: pkg.version }, null, 2)}\n`);
    const src = readFileSync(CONSTANT, 'utf8');
    writeFileSync(
      CONSTANT,
      src.replace(CONSTANT_RE, `export const CONTRACT_VERSION: string = '${pkg.version}';`),
    );
    console.log(
      `✔ recorded the public API of ${pkg.name} ${pkg.version} (${diff.kind === 'none' ? 'unchanged' : diff.kind} since ${base}) in shared/api (${seconds} s)`,
    );
    if (!changelogHas(pkg.version))
      console.log(`  ! add a "## ${pkg.version}" section to shared/CHANGELOG.md`);
    return;
  }

  if (diff.textChanged)
    problems.push(
      `the public API is not the recorded one (${diff.kind === 'none' ? 'its report text changed' : diff.kind}): run \`node scripts/contract.mjs --update\` and commit shared/api`,
    );
  if (rec.version !== pkg.version)
    problems.push(`shared/package.json says ${pkg.version}, shared/api records ${rec.version}: run --update`);
  const constant = CONSTANT_RE.exec(readFileSync(CONSTANT, 'utf8'))?.[1];
  if (constant !== pkg.version)
    problems.push(
      `CONTRACT_VERSION in shared/src/contract.ts is ${constant}, the package ${pkg.version}: run --update`,
    );
  if (!changelogHas(pkg.version)) problems.push(`shared/CHANGELOG.md has no "## ${pkg.version}" section`);
  if (problems.length) {
    for (const p of problems) console.error(`✖ ${p}`);
    process.exit(1);
  }
  console.log(`✔ the public API of ${pkg.name} ${pkg.version} is the recorded one (${seconds} s)`);
}

function changelogHas(version) {
  if (!existsSync(CHANGELOG)) return false;
  return new RegExp(`^## \\[?${version.replace(/\./g, '\\.')}\\]?(\\s|$)`, 'm').test(
    readFileSync(CHANGELOG, 'utf8'),
  );
}

main();
