// Bundles src/main.ts to dist/main.js and the files:move command (src/files-move.ts) to
// dist/files-move.js (CommonJS, Node 20). npm packages stay external (native addons,
// data files such as svg-captcha's fonts), except the workspace's @lighting/shared TypeScript source.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => name !== '@lighting/shared')
  .flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: { main: join(here, 'src/main.ts'), 'files-move': join(here, 'src/files-move.ts') },
  outdir: join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'info',
});
