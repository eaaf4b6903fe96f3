// Issue 28 item 2: the statements behind the volume bench's figures, run through the services on a
// volume sqlite file (opened read-only) with a node:sqlite stand-in for D1, each with its query plan
// and the work sqlite did for it: virtual-machine steps and pages read (the sqlite3 shell's
// `.stats`, when `sqlite3` is on the PATH). Steps and pages do not depend on the machine's load, so
// two volumes (or a schema before and after a migration) compare on them where timings are noise.
// npx tsx scripts/volume/probe-figures.ts <file.sqlite> [--only ledger,tracking,...] [--day YYYY-MM-DD] [--quiet]
import { spawnSync } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { parseArgs } from 'node:util';
import { orderByToken } from '../../src/server/db/repositories/orders';
import { orderView } from '../../src/server/services/orders/view';
import { trackingView } from '../../src/server/services/tracking/view';
import { clientOverview } from '../../src/server/services/client-overview';
import { listInvoices } from '../../src/server/services/billing/invoices';
import { billingSummary } from '../../src/server/services/billing/credit';
import { listAddresses } from '../../src/server/services/addresses/book';
import { dailyBooks } from '../../src/server/services/ledger/daily';
import { issueMonthlyInvoices } from '../../src/server/services/billing/monthly';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { only: { type: 'string', default: '' }, day: { type: 'string', default: '' }, quiet: { type: 'boolean', default: false } } });
const file = positionals[0]!;
const sqlite = new DatabaseSync(file, { readOnly: true });
const shell = spawnSync('sqlite3', ['--version'], { encoding: 'utf8' }).status === 0;
type Logged = { sql: string; params: unknown[]; plan: string[]; rows: number };
const log: Logged[] = [];
const norm = (v: unknown) => (typeof v === 'boolean' ? Number(v) : v);

/** a fresh stand-in per call: the tracking memo (keyed by the binding) never answers */
function standIn() {
  function stmt(sql: string, params: unknown[] = []) {
    const exec = (mode: 'all' | 'raw' | 'run') => {
      const bound = params.map(norm) as never[];
      const plan = /\bSELECT\b/i.test(sql) ? sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...bound).map((r: any) => r.detail as string) : [];
      const p = sqlite.prepare(sql);
      let out: any;
      if (mode === 'run') out = p.run(...bound);
      else {
        // rows as arrays for raw(): a join's columns of the same name would collapse in an object
        if (mode === 'raw') (p as any).setReturnArrays(true);
        out = p.all(...bound);
      }
      log.push({ sql, params: bound, plan, rows: Array.isArray(out) ? out.length : 0 });
      return out;
    };
    return {
      bind: (...v: unknown[]) => stmt(sql, v),
      all: async () => ({ results: exec('all'), success: true, meta: {} }),
      raw: async () => exec('raw'),
      first: async (col?: string) => {
        const r = exec('all')[0] ?? null;
        return col && r ? r[col] : r;
      },
      run: async () => (exec('run'), { success: true, meta: {}, results: [] }),
    };
  }
  return { prepare: (sql: string) => stmt(sql), batch: async (ss: any[]) => Promise.all(ss.map((s) => s.all())) } as any;
}

/** the work sqlite does for one statement: the shell's .stats, parameters bound as ?1…?n */
function work(s: Logged): { steps: number; pages: number; fullscan: number; sorts: number } | null {
  if (!shell) return null;
  // the shell evaluates the value as SQL: a string as a quoted literal, the argument itself in double quotes
  const lit = (v: unknown) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' || typeof v === 'bigint' ? String(v) : `"'${String(v).replace(/'/g, "''").replace(/\\/g, '\\\\').replace(/"/g, '\\"')}'"`);
  const numbered = s.sql.includes('?1') ? s.sql : (() => { let i = 0; return s.sql.replace(/\?(?!\d)/g, () => `?${++i}`); })();
  const script = ['.parameter init', ...s.params.map((v, i) => `.parameter set ?${i + 1} ${lit(v)}`), '.stats on', `${numbered.replace(/\s+/g, ' ')};`].join('\n');
  const r = spawnSync('sqlite3', ['-readonly', file], { input: script, encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`;
  const num = (label: string) => Number(new RegExp(`${label}:\\s+(\\d+)`).exec(out)?.[1] ?? NaN);
  return { steps: num('Virtual Machine Steps'), pages: num('Page cache hits') + num('Page cache misses'), fullscan: num('Fullscan Steps'), sorts: num('Sort Operations') };
}

const heavy = sqlite.prepare("SELECT * FROM users WHERE email = 'eshop@zasilkovac.test'").get() as any;
const camel = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()), v]));
const user = camel(heavy) as any;
const n = (sqlite.prepare('SELECT COUNT(*) AS n FROM orders').get() as any).n as number;
const step = Math.max(1, Math.floor(n / 40));
const orderTokens = (sqlite.prepare(`SELECT token FROM orders WHERE status <> 'unpaid' AND id % ${step} = 0 LIMIT 8`).all() as any[]).map((r) => r.token as string);
const parcels = (sqlite.prepare(`SELECT tracking_number AS tn FROM shipments WHERE carrier_ref IS NOT NULL AND id % ${step} = 0 LIMIT 8`).all() as any[]).map((r) => r.tn as string);
const day = values.day || ((sqlite.prepare('SELECT day FROM ledger_entries GROUP BY day ORDER BY COUNT(*) DESC LIMIT 1').get() as any)?.day ?? new Date().toISOString().slice(0, 10));
const lastMonth = (() => { const now = new Date(); return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7); })();

const cases: [string, () => Promise<unknown>][] = [
  ['order page', async () => { for (const t of orderTokens) { const d1 = standIn(); const o = await orderByToken(d1, t); if (o) await orderView(d1, o, undefined, 'cs'); } }],
  ['public tracking', async () => { for (const tn of parcels) await trackingView({ DB: standIn(), FILES: undefined, SESSION_SECRET: 'x' } as any, tn, { token: null, user: null }, 'cs'); }],
  ['client overview', () => clientOverview(standIn(), user, 'cz')],
  ['invoices list', async () => { const d1 = standIn(); await Promise.all([listInvoices(d1, user, { limit: 20, offset: 0 }), billingSummary(d1, user, 'cz')]); }],
  ['address-book search', async () => { for (const q of ['novak', 'praha', 'brno kounicova']) await listAddresses(standIn(), user, { q, limit: 20, offset: 0 } as any); }],
  ['daily ledger', () => dailyBooks(standIn(), day)],
  ['monthly invoicing, nothing left', () => issueMonthlyInvoices({ DB: standIn() } as any, lastMonth).catch((e) => console.log(`   (${(e as Error).message}: read-only file, the month still has accounts to invoice)`))],
];
const only = values.only.split(',').filter(Boolean);
console.log(`${file}: ${n.toLocaleString('en')} orders; heavy account ${user.id}; ledger day ${day}; invoicing period ${lastMonth}`);
for (const [name, run] of cases.filter(([c]) => !only.length || only.some((w) => c.includes(w)))) {
  log.length = 0;
  await run();
  const stats = log.map((s) => ({ s, w: work(s) }));
  const total = stats.reduce((a, { w }) => ({ steps: a.steps + (w?.steps ?? 0), pages: a.pages + (w?.pages ?? 0) }), { steps: 0, pages: 0 });
  console.log(`\n== ${name}: ${log.length} statement(s), ${total.steps.toLocaleString('en')} VM steps, ${total.pages.toLocaleString('en')} pages`);
  if (values.quiet) continue;
  const seen = new Set<string>();
  for (const { s, w } of stats) {
    const key = s.sql;
    const repeat = seen.has(key);
    seen.add(key);
    console.log(`  ${w ? `${String(w.steps).padStart(8)} steps ${String(w.pages).padStart(6)} pages` : ''} ${String(s.rows).padStart(5)} rows  ${s.sql.replace(/\s+/g, ' ').slice(0, 150)}`);
    if (!repeat) for (const p of s.plan) console.log(`${' '.repeat(36)}${p}`);
  }
}
