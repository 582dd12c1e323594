// Issue 13's figure: the time to generate one remote and build it (e2e/generator-build.cjs: the
// steps its README gives, offline in a scratch workspace). Generate = the DownloadCode call for the
// seeded 报修登记 (the server formats the files with Prettier and streams the zip); build = unpack,
// link the dependencies, webpack production build. The type check and the remote's jest test are
// timed beside them (the e2e test runs them too). One round: a build takes tens of seconds.
import { rmSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import gen from '../generator-build.cjs';

const MODEL = 'vd-repair';

export async function benchGenerator(base, token) {
  const ws = gen.scratchWorkspace();
  try {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/visualdev/Generater/${MODEL}/Actions/DownloadCode`, {
      method: 'POST',
      headers: { Authorization: token, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!res.ok) throw new Error(`DownloadCode answered ${res.status}`);
    const zip = Buffer.from(await res.arrayBuffer());
    const generateMs = performance.now() - t0;

    const t1 = performance.now();
    const folder = await gen.unzip(zip, ws);
    const dir = join(ws, folder);
    gen.linkDependencies(dir);
    const installMs = performance.now() - t1;

    const t2 = performance.now();
    gen.build(dir);
    const buildMs = performance.now() - t2;

    const t3 = performance.now();
    gen.typecheck(dir);
    const typecheckMs = performance.now() - t3;
    const t4 = performance.now();
    gen.unitTest(dir);
    const testMs = performance.now() - t4;

    const dist = join(dir, 'dist');
    const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
    const bytes = js.reduce((a, f) => a + statSync(join(dist, f)).size, 0);
    const ms = (x) => Math.round(x);
    return {
      model: MODEL,
      zipKB: Math.round(zip.length / 102.4) / 10,
      files: Number(res.headers.get('x-files')),
      generateMs: ms(generateMs),
      installMs: ms(installMs),
      buildMs: ms(buildMs),
      generateAndBuildMs: ms(generateMs + installMs + buildMs),
      typecheckMs: ms(typecheckMs),
      unitTestMs: ms(testMs),
      distJsFiles: js.length,
      distJsKB: Math.round(bytes / 1024),
    };
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}
