// One ESLint setup for the whole workspace (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

// Imports every TypeScript file is refused (one router, icons by deep path); the layer rules below
// add their own patterns to these, since a later block's rule replaces an earlier one's.
const BASE_PATHS = [
  {
    name: 'react-router-dom',
    message: "Import the router API from '@lighting/shared' (one router on the page: shared/src/router.ts).",
  },
  {
    name: '@ant-design/icons',
    message:
      "Import each icon by deep path ('@ant-design/icons/es/icons/UserOutlined'): the barrel ships every icon (build/shared.cjs).",
  },
];
const restricted = (patterns = [], paths = []) => [
  'error',
  { paths: [...BASE_PATHS, ...paths], ...(patterns.length ? { patterns } : {}) },
];

// The server's layers (docs/architecture.md, "Server domains"): a domain imports another domain only
// through its index (src/<domain>/index.ts); db/, http/ and realtime/ are infrastructure and import
// no domain; the kernel imports no domain either (only the composed Database type).
const SERVER_DOMAINS = [
  'auth',
  'chat',
  'citizen',
  'files',
  'home',
  'lowcode',
  'map',
  'messages',
  'platform',
  'system',
  'workflow',
];
const INFRA = ['db', 'http', 'realtime'];
const throughIndex = (up) => ({
  group: [...SERVER_DOMAINS, 'kernel'].map((d) => `${up}${d}/*`),
  message:
    "Another domain's (or the kernel's) internals: import its public face, its index.ts (../<domain>).",
});
const noDomains = (up) => ({
  group: SERVER_DOMAINS.flatMap((d) => [`${up}${d}`, `${up}${d}/*`]).concat([`${up}domains`, `${up}seeding`]),
  message: 'Infrastructure and the kernel import no domain: the app composes domains (src/domains.ts).',
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.tools/**',
      'server/data/**',
      'e2e/test-results/**',
      // the chat fault test's bundle of the server (removed after the run; left if the run is killed)
      'server/test/.fault-build-*/**',
      'server/.api-doc-*/**',
      // the contract check's declarations (scripts/contract.mjs; removed after the run)
      'shared/.contract-dts/**',
      '**/*.cjs',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-imports': restricted(),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/src/router.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: SERVER_DOMAINS.map((d) => `server/src/${d}/*.ts`),
    rules: {
      'no-restricted-imports': restricted([
        throughIndex('../'),
        { group: ['../kernel/*'], message: 'Import the kernel through its index (../kernel).' },
      ]),
    },
  },
  {
    files: SERVER_DOMAINS.map((d) => `server/src/${d}/*/*.ts`),
    rules: {
      'no-restricted-imports': restricted([
        throughIndex('../../'),
        { group: ['../../kernel/*'], message: 'Import the kernel through its index (../../kernel).' },
      ]),
    },
  },
  {
    files: [...INFRA, 'kernel'].map((d) => `server/src/${d}/**/*.ts`),
    rules: { 'no-restricted-imports': restricted([noDomains('../')]) },
  },
  {
    // pure logic: no React, no browser or network I/O, no stores (docs/architecture.md, @lighting/shared)
    files: ['shared/src/core/**/*.ts', 'shared/src/formcore/**/*.ts', 'shared/src/flowcore/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restricted([
        {
          group: [
            'react',
            'react-dom',
            'react/*',
            'react-dom/*',
            'antd',
            'antd/*',
            'axios',
            'rxjs',
            'zustand',
            'i18next',
            'react-i18next',
          ],
          message: 'core, formcore and flowcore are pure: no React, no requests, no stores.',
        },
        {
          group: [
            '../http/*',
            '../session/*',
            '../realtime/*',
            '../ui/*',
            '../admin/*',
            '../form/*',
            '../lowcode/*',
            '../i18n/*',
            'node:*',
          ],
          message: 'core, formcore and flowcore are pure: they import only each other and pure libraries.',
        },
      ]),
    },
  },
  {
    // every e2e test runs against its worker's own server: `test` comes from tests/fixtures.ts
    files: ['e2e/tests/**/*.ts'],
    ignores: ['e2e/tests/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message:
                "Import test (and expect) from './fixtures': each worker has its own server and database.",
            },
          ],
        },
      ],
    },
  },
);
