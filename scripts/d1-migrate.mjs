// node scripts/d1-migrate.mjs [--local | --remote] [--persist-to DIR]
// Applies the migrations of every D1 database of wrangler.toml (the main one and the closed
// years', `wrangler d1 migrations apply NAME`), then runs `PRAGMA optimize` on each
// (`wrangler d1 execute NAME --command`): D1's "Use indexes" best practice, after creating an
// index; it analyzes the tables whose indexes have no statistics yet (sqlite_stat1) and skips
// empty ones (docs/d1-reads.md, "The planner's statistics"). The daily housekeeping runs it
// too (src/server/db/statistics.ts). `npm run db:migrate`, the e2e server, the previews and a
// deployment (`node scripts/d1-migrate.mjs --remote`) use it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabases } from './local-d1.mjs';

const root = path.resolve(import.meta.dirname, '..');

const { values } = parseArgs({ options: { local: { type: 'boolean', default: false }, remote: { type: 'boolean', default: false }, 'persist-to': { type: 'string' } } });
if (values.local && values.remote) throw new Error('--local or --remote, not both');
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? path.join(root, '.wrangler/config') };
migrateDatabases(
  (args) => {
    const r = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  },
  { remote: values.remote, persist: values['persist-to'], optimize: true },
);
