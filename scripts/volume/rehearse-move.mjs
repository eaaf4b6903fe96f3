// node scripts/volume/rehearse-move.mjs [--persist-to DIR] [--year 2025] [--now 2026-07-15]
// A rehearsal of the yearly move (docs/retention.md, "A D1 database per closed accounting year") at
// volume, on a local D1 filled by `npm run seed:volume -- --persist-to DIR --until 2026-02-28 --days 424`:
// 1. what the daily archive jobs would have done by July of the next year, in SQL on the sqlite file
//    (services/archive/orders.ts and tracking.ts: the year's paid orders get records_archived_at and
//    their quote, label and invoice data emptied; final parcels' events leave D1), then VACUUM;
// 2. the move itself through the local D1 bindings (wrangler's getPlatformProxy: Miniflare's D1, the
//    same SQLite as `wrangler dev`), runs of YEAR_MOVE_CALLS_PER_RUN D1 calls as the cron does, until
//    complete; per run the D1 calls, wall time and the CPU time of this process and its workerd;
// 3. the rows in each database, the main database's size after a VACUUM, and EXPLAIN QUERY PLAN of
//    every distinct statement the move sent, on the database it went to (a SCAN of a table is reported).
// Prints a summary and, last, one JSON line. Stop any local server on that state first.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { mainDatabaseFile } from '../local-d1.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: {
    'persist-to': { type: 'string', default: '.wrangler/rehearsal' },
    year: { type: 'string', default: '2025' },
    now: { type: 'string', default: '2026-07-15T02:00:00.000Z' },
    'skip-prepare': { type: 'boolean', default: false },
  },
});
const persist = path.resolve(root, values['persist-to']);
const yr = Number(values.year);
const now = new Date(values.now);
const d1Dir = path.join(persist, 'v3/d1/miniflare-D1DatabaseObject');
const { DatabaseSync } = await import('node:sqlite');

const mainFile = await mainDatabaseFile(d1Dir);
/** the year database's file: the one with year_user_counts */
const yearFile = readdirSync(d1Dir)
  .filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')
  .map((f) => path.join(d1Dir, f))
  .find((f) => {
    const db = new DatabaseSync(f, { readOnly: true });
    try {
      return !!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'year_user_counts'").get();
    } finally {
      db.close();
    }
  });
if (!yearFile) throw new Error('no year database (migrate DB_Y2025: npm run seed:volume does)');

const sizeOf = (file) => statSync(file).size + (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0);
const vacuum = (file) => {
  const db = new DatabaseSync(file);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE); VACUUM; PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return sizeOf(file);
};
const MOVED = ['orders', 'order_items', 'shipments', 'payments', 'bank_transactions', 'refunds', 'invoices', 'invoice_orders', 'nps_responses', 'tracking_events', 'change_requests', 'claims', 'claim_messages', 'claim_files', 'ledger_entries', 'credit_entries'];
const counts = (file) => {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return Object.fromEntries(MOVED.map((t) => [t, db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get().n]));
  } finally {
    db.close();
  }
};
const start = `${yr}-01-01T00:00:00.000Z`;
const end = `${yr + 1}-01-01T00:00:00.000Z`;

if (!values['skip-prepare']) {
  // what the archive jobs have done by July: records of the year's paid orders, events of final parcels
  const db = new DatabaseSync(mainFile);
  const archivedAt = `${yr + 1}-06-30T03:17:00.000Z`;
  db.exec('BEGIN');
  const paid = `SELECT id FROM orders WHERE created_at >= '${start}' AND created_at < '${end}' AND status <> 'unpaid'`;
  db.exec(`UPDATE order_items SET quote = '' WHERE order_id IN (${paid})`);
  db.exec(`UPDATE shipments SET label = '' WHERE order_id IN (${paid})`);
  db.exec(`UPDATE invoices SET data = '' WHERE order_id IN (${paid})`);
  db.exec(`UPDATE orders SET records_archived_at = '${archivedAt}', records_archive_key = 'archive/orders/rehearsal/' || id, idempotency_key = '' WHERE id IN (${paid})`);
  const final = `SELECT id FROM shipments WHERE order_id IN (${paid}) AND (delivered_at IS NOT NULL OR cancelled_at IS NOT NULL)`;
  db.exec(`DELETE FROM tracking_events WHERE shipment_id IN (${final})`);
  db.exec(`DELETE FROM shipment_notifications WHERE shipment_id IN (${final})`);
  db.exec(`UPDATE shipments SET events_archived_at = '${archivedAt}', events_archive_key = 'archive/tracking/rehearsal/' || id WHERE id IN (${final})`);
  db.exec(`DELETE FROM outbox WHERE created_at < '${yr + 1}-06-01'`);
  db.exec('COMMIT');
  db.close();
}
const before = { bytes: vacuum(mainFile), counts: counts(mainFile), yearBytes: sizeOf(yearFile), yearCounts: counts(yearFile) };
const ofYear = (() => {
  const db = new DatabaseSync(mainFile, { readOnly: true });
  try {
    return {
      orders: db.prepare(`SELECT COUNT(*) AS n FROM orders WHERE created_at >= ? AND created_at < ?`).get(start, end).n,
      parcels: db.prepare(`SELECT COUNT(*) AS n FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.created_at >= ? AND o.created_at < ?`).get(start, end).n,
      ledger: db.prepare(`SELECT COUNT(*) AS n FROM ledger_entries WHERE day >= ? AND day < ?`).get(start.slice(0, 10), end.slice(0, 10)).n,
    };
  } finally {
    db.close();
  }
})();
console.log(`main ${(before.bytes / 1048576).toFixed(1)} MB after VACUUM; the year ${yr}: ${ofYear.orders} orders, ${ofYear.parcels} parcels, ${ofYear.ledger} ledger lines`);

const bundle = path.join(root, `.wrangler/rehearse-bundle-${process.pid}.mjs`);
await build({ stdin: { contents: "export * from './src/server/services/archive/years/move.ts';", resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'warning' });
const { moveYear, YEAR_MOVE_CALLS_PER_RUN } = await import(pathToFileURL(bundle).href);
rmSync(bundle);

/** CPU seconds (user + system) of a process and its descendants, from /proc */
function treeCpu(pid) {
  const tick = 100;
  let seconds = 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    seconds += (Number(fields[11]) + Number(fields[12])) / tick;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) seconds += treeCpu(Number(child));
    }
  } catch {
    // gone
  }
  return seconds;
}

const { getPlatformProxy } = await import('wrangler');
const proxy = await getPlatformProxy({ configPath: path.join(root, 'wrangler.toml'), persist: { path: path.join(persist, 'v3') }, remoteBindings: false, envFiles: [] });
const seen = { main: new Set(), year: new Set() };
const recording = (d1, into) => new Proxy(d1, { get: (t, p) => (p === 'prepare' ? (sql) => (into.add(sql), t.prepare(sql)) : typeof t[p] === 'function' ? t[p].bind(t) : t[p]) });
const env = { DB: recording(proxy.env.DB, seen.main), DB_Y2025: recording(proxy.env.DB_Y2025, seen.year), YEAR_DATABASES: 'DB_Y2025' };
if (yr !== 2025) throw new Error('the rehearsal binds DB_Y2025 only');

const runs = [];
const cpu0 = treeCpu(process.pid);
const wall0 = performance.now();
// a run that throws (a mismatch, a constraint) ends the rehearsal: the figures so far are still reported
let failed = null;
for (;;) {
  const c = treeCpu(process.pid);
  const w = performance.now();
  let r;
  try {
    r = await moveYear(env, yr, { maxCalls: YEAR_MOVE_CALLS_PER_RUN, now });
  } catch (error) {
    failed = String(error?.message ?? error);
    console.log(`run ${runs.length + 1} failed after ${Math.round(performance.now() - w)} ms: ${failed}`);
    break;
  }
  runs.push({ phase: r.phase, calls: r.calls, orders: r.orders, ledger: r.ledger, credit: r.credit, deleted: r.deletedOrders, wallMs: Math.round(performance.now() - w), cpuS: +(treeCpu(process.pid) - c).toFixed(2) });
  console.log(`run ${runs.length}: ${JSON.stringify(runs[runs.length - 1])}`);
  if (r.complete) break;
  if (runs.length > 5000) throw new Error('no end');
}
const wallS = (performance.now() - wall0) / 1000;
const cpuS = treeCpu(process.pid) - cpu0;
await proxy.dispose();

const after = { bytes: vacuum(mainFile), counts: counts(mainFile), yearBytes: vacuum(yearFile), yearCounts: counts(yearFile) };
const calls = runs.reduce((s, r) => s + r.calls, 0);
const moved = runs.reduce((s, r) => s + r.orders, 0);

/** EXPLAIN QUERY PLAN of every statement, on its database: SCANs of a table (not json_each) */
function scans(file, sqls) {
  const db = new DatabaseSync(file, { readOnly: true });
  const found = [];
  try {
    for (const sql of sqls) {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all().map((r) => r.detail);
      const bad = plan.filter((d) => /^SCAN /.test(d) && !/VIRTUAL TABLE|json_each|\bj\b/.test(d) && !/USING (COVERING )?INDEX/.test(d));
      if (bad.length) found.push({ sql: sql.replace(/\s+/g, ' ').slice(0, 200), plan: bad });
    }
  } finally {
    db.close();
  }
  return found;
}
const scanned = { main: scans(mainFile, seen.main), year: scans(yearFile, seen.year) };

const mb = (b) => +(b / 1048576).toFixed(1);
const per1000 = (x) => +((x * 1000) / Math.max(moved, 1)).toFixed(2);
const rowsMoved = Object.fromEntries(MOVED.map((t) => [t, after.yearCounts[t] - before.yearCounts[t]]));
console.log(`moved ${moved} of ${ofYear.orders} orders in ${runs.length} runs, ${calls} D1 calls (${per1000(calls)} per 1,000 orders)`);
console.log(`wall ${wallS.toFixed(1)} s (${per1000(wallS)} s per 1,000 orders), CPU ${cpuS.toFixed(1)} s (${per1000(cpuS)} s per 1,000 orders; node + workerd)`);
console.log(`rows moved: ${JSON.stringify(rowsMoved)}`);
console.log(`main ${mb(before.bytes)} MB → ${mb(after.bytes)} MB (VACUUM); year database ${mb(after.yearBytes)} MB`);
console.log(`statements: ${seen.main.size} on DB, ${seen.year.size} on DB_Y${yr}; scanning: ${JSON.stringify(scanned)}`);
console.log(JSON.stringify({ year: ofYear, failed, moved, runs: runs.length, calls, wallS, cpuS, rowsMoved, before: { bytes: before.bytes, counts: before.counts }, after: { bytes: after.bytes, counts: after.counts, yearBytes: after.yearBytes }, statements: { main: seen.main.size, year: seen.year.size }, scanned, perRun: runs }));
