// npm run seed:volume -- --parcels N [--seed S] [--until YYYY-MM-DD] [--days D] [--persist-to DIR] [--fresh] [--heavy-addresses N]
// Fills the local D1 (the sqlite file Miniflare keeps under DIR/v3/d1, default .wrangler/state)
// with a year of generated data (scripts/volume/generate.ts): migrations and the seed first
// (wrangler, as npm run db:migrate / db:seed), then the rows written directly with node:sqlite
// in one transaction. Stop any local server on that state first. --fresh starts from an empty
// database. Prints the row counts, the file size and the bytes per parcel.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { migrateLocalDatabases, mainDatabaseFile } from '../local-d1.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    parcels: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '28' },
    until: { type: 'string' },
    // days the data spans, ending on --until (default 365)
    days: { type: 'string', default: '365' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
    fresh: { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    // the heavy account's address book, whatever the volume (the volume bench: a full book at every volume)
    'heavy-addresses': { type: 'string' },
  },
});
const parcels = Number(values.parcels);
if (!Number.isInteger(parcels) || parcels < 0) throw new Error('--parcels: a whole number');
const until = values.until ?? new Date().toISOString().slice(0, 10);
const persist = path.resolve(root, values['persist-to']);
const log = values.quiet ? () => {} : console.log;
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? path.join(root, '.wrangler/config') };
const run = (args) => {
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${args.join(' ')}\n${r.stdout}\n${r.stderr}`);
};
const t0 = performance.now();
const d1Dir = path.join(persist, 'v3/d1/miniflare-D1DatabaseObject');
run([path.join(root, 'scripts/dev-secrets.mjs')]);
// a fresh database starts from a copy of the migrated and seeded one, kept per migrations, seed and secrets
const hash = createHash('sha256');
for (const dir of ['src/server/db/migrations', 'src/server/db/year-migrations', 'src/server/db/seed']) for (const f of readdirSync(path.join(root, dir)).sort()) if (!statSync(path.join(root, dir, f)).isDirectory()) hash.update(readFileSync(path.join(root, dir, f)));
hash.update(readFileSync(path.join(root, 'src/server/db/seed.ts'))).update(readFileSync(path.join(root, '.dev.vars')));
const base = path.join(root, '.wrangler/volume-base', hash.digest('hex').slice(0, 16));
if (values.fresh) {
  rmSync(d1Dir, { recursive: true, force: true });
  if (existsSync(base)) cpSync(base, d1Dir, { recursive: true });
}
if (!values.fresh || !existsSync(base)) {
  migrateLocalDatabases(run, persist);
  run([path.join(root, 'scripts/seed.mjs'), '--local', '--persist-to', persist]);
  if (values.fresh) {
    rmSync(path.join(root, '.wrangler/volume-base'), { recursive: true, force: true });
    cpSync(d1Dir, base, { recursive: true });
  }
}
const file = await mainDatabaseFile(d1Dir);
log(`migrated and seeded ${path.relative(root, file)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const bundle = path.join(root, `.wrangler/volume-bundle-${process.pid}.mjs`);
await build({ stdin: { contents: "export * from './scripts/volume/generate.ts'; export { hashPassword } from './src/server/identity/passwords.ts';", resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'warning' });
const { generateVolume, startFrom, START_QUERIES, HEAVY_ACCOUNT, ID_TABLES, hashPassword } = await import(pathToFileURL(bundle).href);
rmSync(bundle);

const pepper = /^PASSWORD_PEPPER=(.*)$/m.exec(readFileSync(path.join(root, '.dev.vars'), 'utf8'))?.[1];
const { DatabaseSync } = await import('node:sqlite');
const db = new DatabaseSync(file);
const sizeOf = () => {
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  return statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
};
if (db.prepare('SELECT 1 FROM users WHERE email = ?').get(HEAVY_ACCOUNT.email)) throw new Error(`${path.relative(root, file)} already has a generated volume: run with --fresh`);
const before = sizeOf();
const start = startFrom({
  ids: db.prepare(START_QUERIES.ids).all(),
  counters: db.prepare(START_QUERIES.counters).all(),
  tracking: db.prepare(START_QUERIES.tracking).all(),
  emails: db.prepare(START_QUERIES.emails).all(),
});

const t1 = performance.now();
const statements = new Map();
// a rollback journal while writing (WAL would hold every new page twice), WAL again after
db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA journal_mode = DELETE; PRAGMA foreign_keys = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144; BEGIN');
// the generated tables' indexes are built once at the end (faster than kept up row by row), except
// those the triggers on orders look up per row: without invoices_order, unbilled_orders' insert
// trigger read every invoice for each order on account (100,000 parcels: 44 s became 336 s)
const TRIGGER_LOOKUPS = ['invoices_order'];
const indexes = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${ID_TABLES.map(() => '?').join(', ')}, 'shipment_notifications', 'invoice_orders') AND name NOT IN (${TRIGGER_LOOKUPS.map(() => '?').join(', ')})`).all(...ID_TABLES, ...TRIGGER_LOOKUPS);
for (const { name } of indexes) db.exec(`DROP INDEX "${name}"`);
const heavyAddresses = values['heavy-addresses'] === undefined ? undefined : Number(values['heavy-addresses']);
const summary = generateVolume({ parcels, seed: Number(values.seed), until, days: Number(values.days), passwordHash: await hashPassword(HEAVY_ACCOUNT.password, pepper), heavyAddresses }, start, (table, row) => {
  const columns = Object.keys(row);
  const id = `${table}|${columns.length}`;
  let stmt = statements.get(id);
  if (!stmt) statements.set(id, (stmt = db.prepare(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`)));
  stmt.run(...Object.values(row));
});
const upsert = db.prepare('INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value');
for (const [name, value] of Object.entries(summary.counters)) upsert.run(name, value);
for (const { sql } of indexes) db.exec(sql);
db.exec('COMMIT; PRAGMA journal_mode = WAL');
const seconds = (performance.now() - t1) / 1000;
const after = sizeOf();
db.close();

const { orders_generated: _orders, ...counts } = summary.counts;
log(`generated ${parcels.toLocaleString('en')} parcels (seed ${values.seed}, the year to ${until}) in ${seconds.toFixed(1)} s`);
for (const [table, n] of Object.entries(counts).sort((a, b) => b[1] - a[1])) log(`  ${table.padEnd(24)} ${n.toLocaleString('en').padStart(12)}`);
const mb = (b) => `${(b / 1024 / 1024).toFixed(1)} MB`;
const perParcel = parcels ? (after - before) / parcels : 0;
log(`database ${mb(after)} (${mb(after - before)} generated); ${Math.round(perParcel).toLocaleString('en')} bytes per parcel`);
log(`heavy account: ${HEAVY_ACCOUNT.email} / ${HEAVY_ACCOUNT.password} (user ${summary.heavyUserId})`);
// the bench reads the last line
console.log(JSON.stringify({ file, bytes: after, generatedBytes: after - before, perParcel, seconds, counts, heavyUserId: summary.heavyUserId, until }));
