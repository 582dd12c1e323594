// The union of names every app imports from a shared library, read from the sources of all apps
// and shared/. MF's shared tree-shaking keeps only these exports in the one shared copy, so the
// list must cover every app (an incomplete list crashes the host: federation.md) — hence it is
// generated from the code on every build, never kept by hand.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const SOURCES = [
  'shared',
  'host',
  'remote-map',
  'remote-lowcode',
  'remote-workflow',
  'remote-system',
  'remote-chat',
  'remote-citizen',
];

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : files(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Names imported from `pkg` across the workspace sources (type-only imports excluded). */
function usedExports(pkg) {
  const names = new Set();
  const esc = pkg.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
  const re = new RegExp(
    `import\\s+(type\\s+)?(?:(\\w+)\\s*,\\s*)?\\{([^}]*)\\}\\s+from\\s+['"]${esc}['"]`,
    'g',
  );
  const def = new RegExp(`import\\s+\\w+\\s+from\\s+['"]${esc}['"]`);
  const star = new RegExp(`import\\s+\\*\\s+as\\s+\\w+\\s+from\\s+['"]${esc}['"]`);
  for (const dir of SOURCES) {
    for (const f of files(path.join(ROOT, dir, 'src'))) {
      const src = fs.readFileSync(f, 'utf8');
      if (star.test(src))
        throw new Error(`${f}: 'import * from ${pkg}' defeats shared tree-shaking; import names`);
      if (def.test(src)) names.add('default');
      for (const m of src.matchAll(re)) {
        if (m[1]) continue;
        if (m[2]) names.add('default');
        for (const part of m[3].split(',')) {
          const name = part.trim().replace(/^type\s+/, '');
          if (!name || part.trim().startsWith('type ')) continue;
          names.add(name.split(/\s+as\s+/)[0].trim());
        }
      }
    }
  }
  return [...names].sort();
}

/**
 * Deep imports under `prefix` ('antd/es/'), e.g. `import Table from 'antd/es/table'`: each is
 * shared under its own key (build/shared.cjs), so it stays out of the one antd chunk every page
 * loads. Returns key → the app folders importing it.
 */
function deepImports(prefix) {
  const keys = new Map();
  const esc = prefix.replace(/[/\\^$*+?.()|[\]{}]/g, '\\$&');
  const re = new RegExp(`import\\s+(type\\s+)?[^'";]*?from\\s+['"](${esc}[\\w-]+)['"]`, 'g');
  for (const dir of SOURCES) {
    for (const f of files(path.join(ROOT, dir, 'src'))) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(re)) {
        if (m[1]) continue;
        if (!keys.has(m[2])) keys.set(m[2], new Set());
        keys.get(m[2]).add(dir);
      }
    }
  }
  return keys;
}

module.exports = { usedExports, deepImports };
