// Issue 28: the heavy account's statements (client overview, shipments list, monthly run) timed
// and explained on a volume sqlite file through a node:sqlite stand-in for D1.
// npx tsx scripts/volume/probe-heavy.ts <file.sqlite> [--write]
import { DatabaseSync } from 'node:sqlite';
import { clientOverview } from '../../src/server/services/client-overview';
import { listShipments } from '../../src/server/services/client-shipments/shipments';
import { issueMonthlyInvoices } from '../../src/server/services/billing/monthly';

const file = process.argv[2]!;
const sqlite = new DatabaseSync(file);
const log: { sql: string; ms: number; plan: string[] }[] = [];
const norm = (v: unknown) => (typeof v === 'boolean' ? Number(v) : v);
function stmt(sql: string, params: unknown[] = []) {
  const exec = (mode: 'all' | 'raw' | 'run') => {
    const plan = sql.trimStart().toUpperCase().startsWith('SELECT') || sql.includes('SELECT') ? sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...(params.map(norm) as never[])).map((r: any) => r.detail as string) : [];
    const p = sqlite.prepare(sql);
    const t0 = performance.now();
    let out: any;
    if (mode === 'run') out = p.run(...(params.map(norm) as never[]));
    else if (mode === 'raw') { p.setReturnArrays?.(true); out = p.all(...(params.map(norm) as never[])).map((r: any) => (Array.isArray(r) ? r : Object.values(r))); }
    else out = p.all(...(params.map(norm) as never[]));
    log.push({ sql, ms: performance.now() - t0, plan });
    return out;
  };
  return {
    bind: (...v: unknown[]) => stmt(sql, v),
    all: async () => ({ results: exec('all'), success: true, meta: {} }),
    raw: async () => exec('raw'),
    first: async (col?: string) => { const r = exec('all')[0] ?? null; return col && r ? r[col] : r; },
    run: async () => { exec('run'); return { success: true, meta: {}, results: [] }; },
  };
}
const d1: any = {
  prepare: (sql: string) => stmt(sql),
  batch: async (ss: any[]) => { const out = []; for (const s of ss) out.push(await s.all()); return out; },
};

const heavy = sqlite.prepare("SELECT * FROM users WHERE email = 'eshop@zasilkovac.test'").get() as any;
const user = { ...heavy, id: heavy.id } as any;
async function time(name: string, f: () => Promise<unknown>) {
  log.length = 0;
  const runs: number[] = [];
  for (let i = 0; i < 5; i++) { log.length = 0; const t0 = performance.now(); await f(); runs.push(performance.now() - t0); }
  runs.sort((a, b) => a - b);
  console.log(`\n== ${name}: median ${runs[2]!.toFixed(1)} ms (min ${runs[0]!.toFixed(1)})`);
  for (const s of log) console.log(`  ${s.ms.toFixed(1).padStart(7)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 140)}\n${s.plan.map((p) => `             ${p}`).join('\n')}`);
}
const q = (x: object) => ({ q: '', status: [], carrier: null, from: null, to: null, limit: 20, offset: 0, after: null, ...x }) as any;
await time('client overview', () => clientOverview(d1, user, 'cz'));
await time('shipments first page', () => listShipments(d1, user, q({})));
await time('shipments filtered delivered+dpd', () => listShipments(d1, user, q({ q: '', status: ['delivered'], carrier: 'dpd', from: null, to: null })));
await time('shipments page 200', () => listShipments(d1, user, q({ offset: 199 * 20 })));
if (process.argv.includes('--write')) {
  const now = new Date();
  const period = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const env: any = { DB: d1 };
  await time('monthly run', () => issueMonthlyInvoices(env, period, now));
}
