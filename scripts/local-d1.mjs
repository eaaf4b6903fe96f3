// The local D1 databases of wrangler.toml, for the benches and the volume scripts: the main one
// (DB) and the closed years' (DB_Y<year>, docs/retention.md). Every one gets its migrations, as
// `npm run db:migrate` does: the code reads the year databases too (the order page, tracking and the
// client's shipments list fall back to them), and an unmigrated one answers "no such table".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** database_name of every [[d1_databases]] block of wrangler.toml, the main one first */
export const localDatabaseNames = () => [...readFileSync(path.join(root, 'wrangler.toml'), 'utf8').matchAll(/^database_name\s*=\s*"([^"]+)"/gm)].map((m) => m[1]);

/** `wrangler d1 migrations apply NAME --local --persist-to DIR` for each database, through the caller's `run(args)` */
export function migrateLocalDatabases(run, persist) {
  const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
  for (const name of localDatabaseNames()) run([wrangler, 'd1', 'migrations', 'apply', name, '--local', '--persist-to', persist]);
}

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
