// One ESLint setup for the whole workspace (flat config).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              message:
                "Import the router API from '@lighting/shared' (one router on the page: shared/src/router.ts).",
            },
            {
              name: '@ant-design/icons',
              message:
                "Import each icon by deep path ('@ant-design/icons/es/icons/UserOutlined'): the barrel ships every icon (build/shared.cjs).",
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['shared/src/router.ts'],
    rules: { 'no-restricted-imports': 'off' },
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
