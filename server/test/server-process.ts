/**
 * Real server processes for the tests that need them (crashes, shutdowns, several instances): the
 * server bundled once per test file with esbuild (inside server/, so it resolves server/node_modules
 * as dist/main.js does), started on a port, stopped with SIGTERM or killed with SIGKILL. Every wait
 * is for an event: the "listening" line, an exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { build } from 'esbuild';

export const SERVER_DIR = path.resolve(__dirname, '..');

let bundled: Promise<string> | null = null;

/** The server's main bundled into a temporary folder under server/test (once per test file). */
export function bundleServer(): Promise<string> {
  bundled ??= (async () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
      .filter((n) => n !== '@lighting/shared')
      .flatMap((n) => [n, `${n}/*`]);
    const dir = fs.mkdtempSync(path.join(SERVER_DIR, 'test', '.fault-build-'));
    const outfile = path.join(dir, 'main.js');
    await build({
      entryPoints: [path.join(SERVER_DIR, 'src/main.ts')],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external,
      logLevel: 'silent',
    });
    return outfile;
  })();
  return bundled;
}

/** Removes the bundle (call in afterAll). */
export async function removeBundle(): Promise<void> {
  if (!bundled) return;
  const main = await bundled.catch(() => null);
  bundled = null;
  if (main) fs.rmSync(path.dirname(main), { recursive: true, force: true });
}

/** The first of `candidates` nobody listens on. */
export async function freePort(candidates: number[]): Promise<number> {
  for (const p of candidates) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.createServer();
      s.once('error', () => resolve(false));
      s.listen(p, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (ok) return p;
  }
  throw new Error('no free port');
}

export const portRange = (lo: number, hi: number): number[] =>
  Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);

/** Every server process started and not yet exited, so a failed run can still stop them all. */
const running = new Set<ChildProcess>();

/** SIGKILLs what a run left behind (a hook that timed out never reaches a test's own cleanup). */
export function killLeftovers(): void {
  for (const c of running) c.kill('SIGKILL');
  running.clear();
}

export interface ServerProcessOptions {
  /** Each line the process prints on stdout (its JSON log lines). */
  onLine?: (line: string) => void;
  /** Resolve `start` when the process dies of SIGKILL before it listens (a fault it injects itself). */
  mayDieStarting?: boolean;
}

/** One server process; `start` resolves when it logs that it listens. */
export class ServerProcess {
  child: ChildProcess | null = null;

  constructor(
    private readonly main: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly opts: ServerProcessOptions = {},
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}/api/message/websocket`;
  }

  start(): Promise<void> {
    const child = spawn(process.execPath, [this.main], {
      cwd: SERVER_DIR,
      env: { ...process.env, LOG_LEVEL: 'info', ...this.env, PORT: String(this.port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.add(child);
    child.once('exit', () => running.delete(child));
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-5000)));
    return new Promise((resolve, reject) => {
      let listening = false;
      readline.createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (l) => {
        if (!listening && l.includes('Server listening at')) {
          listening = true;
          resolve();
        }
        this.opts.onLine?.(l);
      });
      child.once('exit', (code, signal) => {
        if (listening) return;
        if (signal === 'SIGKILL' && this.opts.mayDieStarting) resolve();
        else reject(new Error(`server exited (${code ?? signal}) before listening: ${err}`));
      });
    });
  }

  /** Resolves with the exit code (or signal) once the process has exited. */
  exited(): Promise<number | NodeJS.Signals | null> {
    const child = this.child;
    if (!child) return Promise.resolve(null);
    if (child.exitCode !== null || child.signalCode !== null)
      return Promise.resolve(child.exitCode ?? child.signalCode);
    return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed but what was committed. */
  kill9(): Promise<void> {
    return this.signal('SIGKILL');
  }

  /** SIGTERM: the graceful shutdown. */
  stop(): Promise<void> {
    return this.signal('SIGTERM');
  }

  private async signal(sig: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const done = this.exited();
    child.kill(sig);
    await done;
  }
}
