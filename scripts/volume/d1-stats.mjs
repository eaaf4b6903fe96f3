// node scripts/volume/d1-stats.mjs [--persist-to .wrangler/state] [--drop] [--analyze]
// The planner's statistics of a local D1 database (docs/d1-reads.md, "The planner's statistics"),
// through the real D1 binding in workerd (Miniflare, wrangler.toml's DB on the persist dir's
// state): which tables `PRAGMA optimize` would analyze, then `PRAGMA optimize` itself, timed,
// with the CPU workerd spent on it (/proc) and the sqlite_stat1 rows before and after.
// --analyze also times a full, unbounded `ANALYZE` afterwards (what optimize's limit spares);
// --drop only drops sqlite_stat1 (a database as it was before statistics; run again without it:
// the connection that dropped it keeps the statistics it loaded until it closes). Before and after
// each, the poller's open parcels (openShipmentsPage, services/tracking/ingest.ts) are explained
// and read with and without its INDEXED BY "shipments_open", with the rows D1 reports read.
// It writes sqlite_stat1 into that database: run it on a copy or a database of your own.
import { readFileSync, readdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({ options: { 'persist-to': { type: 'string', default: '.wrangler/state' }, analyze: { type: 'boolean', default: false }, drop: { type: 'boolean', default: false } } });
const toml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');
const databaseId = /binding = "DB"\s*\ndatabase_name = "[^"]+"\s*\ndatabase_id = "([^"]+)"/.exec(toml)[1];

const mf = new Miniflare(convertV4MiniflareOptions({
  unsafeObservability: false,
  unsafeLocalExplorer: false,
  telemetry: { enabled: false },
  modules: true,
  script: 'export default { fetch() { return new Response(null, { status: 204 }); } };',
  compatibilityDate: '2025-12-01',
  d1Databases: { DB: { id: databaseId } },
  // wrangler keeps local state under <persist-to>/v3
  resourcePersistencePath: path.resolve(root, values['persist-to'], 'v3'),
}));
await mf.ready;
const db = await mf.getD1Database('DB');

/** user+system CPU seconds of the workerd processes this script started */
function workerdCpu() {
  const tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  let total = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) === process.pid && stat.includes('(workerd)')) total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {}
  }
  return total;
}
const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();
async function timed(label, sql) {
  const cpu0 = workerdCpu();
  const t0 = performance.now();
  const r = await db.prepare(sql).all();
  const wall = performance.now() - t0;
  const cpu = workerdCpu() - cpu0;
  console.log(`${label}: wall ${(wall / 1000).toFixed(2)} s, workerd CPU ${cpu.toFixed(2)} s, D1 sql_duration ${r.meta.duration} ms, rows_read ${r.meta.rows_read}, rows_written ${r.meta.rows_written}`);
  return r.results;
}
const statRows = async () => {
  const exists = await db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").first();
  return exists ? (await db.prepare('SELECT count(*) AS n FROM sqlite_stat1').first()).n : 'no sqlite_stat1 table';
};

/** openShipmentsPage's inner select (OPEN and LAST_NEWS of src/server/db/open-parcels.ts), with or without the index named */
const openPage = (named) =>
  `SELECT "id" FROM "shipments"${named ? ' INDEXED BY "shipments_open"' : ''} WHERE "status" = 'created' AND "tracking_status" NOT IN ('delivered', 'cancelled', 'return_to_sender') AND "events_archived_at" IS NULL AND "id" > ? AND COALESCE("tracking_at", "created_at") >= ? ORDER BY "id" LIMIT 100`;
async function explainOpen(when) {
  const since = new Date(Date.now() - 30 * 86_400_000).toISOString();
  for (const named of [true, false]) {
    const plan = (await db.prepare(`EXPLAIN QUERY PLAN ${openPage(named)}`).bind(0, since).all()).results.map((p) => p.detail).join(' | ');
    const r = await db.prepare(openPage(named)).bind(0, since).all();
    console.log(`${when}, open parcels ${named ? 'INDEXED BY shipments_open' : 'unnamed'}: ${plan}; ${r.results.length} rows, rows_read ${r.meta.rows_read}`);
  }
}

console.log(uptime());
if (values.drop) {
  await db.prepare('DROP TABLE IF EXISTS sqlite_stat1').run();
  console.log('sqlite_stat1 dropped');
  await mf.dispose();
  process.exit(0);
}
await explainOpen('before');
console.log('sqlite_stat1 rows before:', await statRows());
const planned = (await db.prepare('PRAGMA optimize(-1)').all()).results.map((r) => r.optimize);
console.log(`PRAGMA optimize would run ${planned.length} statements:`, planned.join('; '));
await timed('PRAGMA optimize', 'PRAGMA optimize');
console.log('sqlite_stat1 rows after:', await statRows());
for (const t of ['shipments', 'tracking_events', 'orders', 'ledger_entries']) {
  const rows = (await db.prepare('SELECT idx, stat FROM sqlite_stat1 WHERE tbl = ? ORDER BY idx').bind(t).all()).results;
  console.log(`  ${t}:`, rows.map((r) => `${r.idx}=${r.stat}`).join(', '));
}
await explainOpen('after PRAGMA optimize');
await timed('PRAGMA optimize again', 'PRAGMA optimize');
if (values.analyze) {
  await timed('ANALYZE (no limit)', 'ANALYZE');
  for (const t of ['shipments', 'tracking_events']) {
    const rows = (await db.prepare('SELECT idx, stat FROM sqlite_stat1 WHERE tbl = ? ORDER BY idx').bind(t).all()).results;
    console.log(`  ${t}:`, rows.map((r) => `${r.idx}=${r.stat}`).join(', '));
  }
  await explainOpen('after ANALYZE');
}
console.log(uptime());
await mf.dispose();
