// Starts the built server for the e2e run on a fresh database in e2e/.data (removed first).
import { rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const data = join(here, '.data');
rmSync(data, { recursive: true, force: true });
process.env.DATA_DIR = data;
process.env.HOST = '127.0.0.1';
process.env.DATABASE_URL = '';
await import(join(here, '..', 'server', 'dist', 'main.js'));
