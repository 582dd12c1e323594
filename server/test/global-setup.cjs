// Runs once before the test files: reports which optional back ends are covered, and probes Redis
// (the result reaches the test files through the environment).
const net = require('node:net');

function reachable(host, port, timeoutMs) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

module.exports = async function globalSetup() {
  const lines = [];
  if (process.env.DATABASE_URL)
    lines.push(`PostgreSQL tests enabled: ${process.env.DATABASE_URL.replace(/:[^:@/]*@/, ':***@')}`);
  else lines.push('PostgreSQL tests skipped: DATABASE_URL not set');
  const redis = await reachable('127.0.0.1', 6379, 500);
  process.env.LIGHTING_TEST_REDIS = redis ? 'redis://127.0.0.1:6379' : '';
  lines.push(
    redis
      ? 'Redis fan-out tests enabled: redis://127.0.0.1:6379'
      : 'Redis fan-out tests skipped: 127.0.0.1:6379 not reachable',
  );
  process.stdout.write(`\n${lines.map((l) => `  • ${l}`).join('\n')}\n`);
};
