// One jest setup for every package: TypeScript/TSX through SWC (fast, no type check: `tsc --noEmit` does that).
module.exports = {
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // antd components imported by deep path (build/shared.cjs) from antd's CommonJS build: its es/
  // folder is ES modules, which jest does not transform inside node_modules.
  moduleNameMapper: { '^antd/es/(.*)$': 'antd/lib/$1' },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
  testMatch: ['**/?(*.)test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: [require.resolve('./jest.setup.cjs')],
};
