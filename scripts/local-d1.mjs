// The D1 databases of wrangler.toml, for scripts/d1-migrate.mjs, the benches and the volume scripts: the main one
// (DB) and the closed years' (DB_Y<year>, docs/retention.md). Every one gets its migrations, as
// `npm run db:migrate` does: the code reads the year databases too (the order page, tracking and the
// client's shipments list fall back to them), and an unmigrated one answers "no such table".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** database_name of every [[d1_databases]] block of wrangler.toml, the main one first */
export const localDatabaseNames = () => [...readFileSync(path.join(root, 'wrangler.toml'), 'utf8').matchAll(/^database_name\s*=\s*"([^"]+)"/gm)].map((m) => m[1]);

/** the planner's statistics (src/server/db/statistics.ts, the daily housekeeping's, says the same) */
export const OPTIMIZE = 'PRAGMA optimize';

/**
 * `wrangler d1 migrations apply NAME` for each database, locally (into `persist`, or wrangler's
 * default) or `remote`, and with `optimize` then `PRAGMA optimize` on it; through the caller's
 * `run(args)`, which runs node with args and throws on failure (scripts/d1-migrate.mjs)
 */
export function migrateDatabases(run, { remote = false, persist, optimize = false } = {}) {
  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  const where = remote ? ['--remote'] : ['--local', ...(persist ? ['--persist-to', persist] : [])];
  for (const name of localDatabaseNames()) {
    run([wrangler, 'd1', 'migrations', 'apply', name, ...where]);
    if (optimize) run([wrangler, 'd1', 'execute', name, ...where, '--command', OPTIMIZE]);
  }
}

/**
 * migrations alone into a persist dir, for the benches and the volume scripts: no statistics, so
 * their figures stay comparable with the earlier runs' (docs/d1-reads.md, "The planner's statistics")
 */
export const migrateLocalDatabases = (run, persist) => migrateDatabases(run, { persist });

/** the main database's SQLite file among a persist dir's D1 files (the one with the users table) */
export async function mainDatabaseFile(d1Dir) {
  const { DatabaseSync } = await import('node:sqlite');
  for (const f of readdirSync(d1Dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')) {
    const db = new DatabaseSync(path.join(d1Dir, f), { readOnly: true });
    try {
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'").get()) return path.join(d1Dir, f);
    } finally {
      db.close();
    }
  }
  throw new Error(`no main database (with a users table) in ${d1Dir}`);
}
