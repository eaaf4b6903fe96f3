import { yearDatabase, yearDatabases, type YearBindings } from './databases';

/**
 * The yearly move (docs/retention.md, "A D1 database per closed accounting year"): a closed year's
 * slim rows go from the main database (DB) to the year's own (DB_Y<year>), in bounded parts, resumable
 * at any point and idempotent. Phases, each recorded in `archived_years.cursor` of DB:
 *
 * 1. copy: the year's orders that are closed for good (paid, records archived, no open claim, refund,
 *    unpaid invoice or later credit entry) with every row keyed to them; the ledger entries of the
 *    year's days; the year's credit entries. `INSERT OR IGNORE` in the year database, so a part copied
 *    twice (a run that died before its cursor was saved) changes nothing. Sets copied_at.
 * 2. verify: for every part of the year database's orders, the count of each table's rows and their
 *    amounts equal DB's; the ledger's count and sum per day and currency; each user's credit entries
 *    of the year (count and sum per currency). Sets verified_at.
 * 3. delete: per user, the year's credit entries are summed into one carried-forward entry per
 *    currency (dated 1 January of the next year) and deleted, in one batch; per part of orders, the
 *    part is compared again and deleted (children first) in one batch with the cursor; the ledger day
 *    by day, the same. A part is either wholly in DB or wholly gone, so a crash resumes cleanly. Sets
 *    deleted_at.
 *
 * Orders of the year are walked along the primary key: ids are AUTOINCREMENT and created_at is the
 * insert time, so the year's orders form one id range (the walk stops at the first order of the next
 * year). What the walk skips (orders still open) stays in DB; the next July's run moves what closed.
 */

/** orders per part: their ids are bound in one statement, under D1's 100 parameters */
export const YEAR_ORDERS_PER_PART = 50;
/** rows of one table in one INSERT … SELECT FROM json_each(?) (one bound parameter, under D1's 2 MB) */
const JSON_CHUNK_BYTES = 500_000;
/** ledger rows of one day per read (≈17,000 a day at 1.25 M parcels a year); a read covers up to 31 days */
const LEDGER_PER_READ = 2_000;
const LEDGER_DAYS_PER_READ = 31;
const CREDIT_USERS_PER_PART = 40;
/** D1 calls (statements or batches) of one run: a cron invocation's subrequests stay well under its limit */
export const YEAR_MOVE_CALLS_PER_RUN = 600;

type Part = { where: string; table: string; sum?: string };
const IN_SHIPMENTS = 'shipment_id IN (SELECT id FROM shipments WHERE order_id IN (:ids))';
const IN_CLAIMS = 'claim_id IN (SELECT id FROM claims WHERE shipment_id IN (SELECT id FROM shipments WHERE order_id IN (:ids)))';
/** every table whose rows belong to an order, parents first (the delete runs them in reverse) */
export const ORDER_TABLES: Part[] = [
  { table: 'orders', where: 'id IN (:ids)', sum: 'total_vat_minor' },
  { table: 'order_items', where: 'order_id IN (:ids)', sum: 'price_vat_minor' },
  { table: 'shipments', where: 'order_id IN (:ids)', sum: 'refund_minor' },
  { table: 'payments', where: 'order_id IN (:ids)', sum: 'received_minor' },
  { table: 'bank_transactions', where: 'order_id IN (:ids)', sum: 'amount_minor' },
  { table: 'refunds', where: 'order_id IN (:ids)', sum: 'amount_minor' },
  { table: 'invoices', where: 'order_id IN (:ids)', sum: 'total_minor' },
  { table: 'invoice_orders', where: 'order_id IN (:ids)' },
  { table: 'nps_responses', where: 'order_id IN (:ids)' },
  { table: 'tracking_events', where: IN_SHIPMENTS },
  { table: 'change_requests', where: IN_SHIPMENTS },
  { table: 'claims', where: IN_SHIPMENTS, sum: 'amount_minor' },
  { table: 'claim_messages', where: IN_CLAIMS },
  { table: 'claim_files', where: IN_CLAIMS },
];
// Not moved: ratings (public: the rating list and the aggregate read DB; no foreign key), monthly
// invoices and billing payments (an account's, not an order's), shipment_search and
// shipment_notifications (derived; deleted with the shipment by their foreign keys' cascade).

/** an order that nothing can change any more (docs/retention.md) */
const CLOSED = `o.status <> 'unpaid' AND o.records_archived_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM shipments s JOIN claims c ON c.shipment_id = s.id WHERE s.order_id = o.id AND c.status NOT IN ('accepted', 'rejected', 'paid_out'))
  AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = o.id AND r.status <> 'settled')
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'pending')
  AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id AND i.paid_at IS NULL)
  AND NOT EXISTS (SELECT 1 FROM invoice_orders io JOIN invoices m ON m.id = io.invoice_id WHERE io.order_id = o.id AND m.paid_at IS NULL)
  AND NOT EXISTS (SELECT 1 FROM invoices i JOIN billing_payments bp ON bp.invoice_id = i.id WHERE i.order_id = o.id)
  AND NOT EXISTS (SELECT 1 FROM credit_entries ce WHERE ce.order_id = o.id AND ce.created_at >= ?)`;

type Phase = 'copy-orders' | 'copy-ledger' | 'copy-credit' | 'verify-orders' | 'verify-ledger' | 'verify-credit' | 'delete-credit' | 'delete-orders' | 'delete-ledger' | 'done';
/** where the move is: the phase and its position (an id, a day) */
export type YearCursor = { phase: Phase; id?: number; day?: string };
export type YearMoveResult = { year: number; phase: Phase; calls: number; orders: number; ledger: number; credit: number; deletedOrders: number; complete: boolean };
/** test hook: called after each part a phase finished (its cursor saved); throwing there is a crash */
export type AfterPart = (phase: Phase, parts: number) => void | Promise<void>;
export type YearMoveOptions = { maxCalls?: number; now?: Date; afterPart?: AfterPart };

const yearStart = (year: number) => `${year}-01-01T00:00:00.000Z`;
const yearEnd = (year: number) => yearStart(year + 1);
const expand = (sql: string, ids: number[]) => sql.replaceAll(':ids', ids.map(() => '?').join(', '));
/** ?s of `where` are the ids, once per ':ids' */
const bindIds = (where: string, ids: number[]) => Array.from({ length: where.split(':ids').length - 1 }).flatMap(() => ids);

function daysOf(year: number): string[] {
  const days: string[] = [];
  for (let d = new Date(Date.UTC(year, 0, 1)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
  return days;
}

class Budget {
  calls = 0;
  constructor(readonly max: number) {}
  spend(n = 1) {
    this.calls += n;
  }
  get left() {
    return this.calls < this.max;
  }
}

type Row = Record<string, unknown>;

/** INSERT OR IGNORE of `rows` into `table` of `db`, a few statements of one JSON parameter each */
function insertRows(db: D1Database, table: string, rows: Row[]): D1PreparedStatement[] {
  if (rows.length === 0) return [];
  const cols = Object.keys(rows[0]!);
  const sql = `INSERT OR IGNORE INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) SELECT ${cols.map((c) => `j.value ->> '$.${c}'`).join(', ')} FROM json_each(?) j`;
  const statements: D1PreparedStatement[] = [];
  let chunk: Row[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = JSON.stringify(row).length;
    if (chunk.length && bytes + size > JSON_CHUNK_BYTES) {
      statements.push(db.prepare(sql).bind(JSON.stringify(chunk)));
      chunk = [];
      bytes = 0;
    }
    chunk.push(row);
    bytes += size;
  }
  statements.push(db.prepare(sql).bind(JSON.stringify(chunk)));
  return statements;
}

/** each order table's count and amount for the part's orders, as one comparable string per table */
async function partFigures(db: D1Database, ids: number[], budget: Budget): Promise<string[]> {
  budget.spend();
  const results = await db.batch<{ n: number; s: number }>(
    ORDER_TABLES.map((t) => db.prepare(`SELECT COUNT(*) AS n, ${t.sum ? `COALESCE(SUM(${t.sum}), 0)` : '0'} AS s FROM ${t.table} WHERE ${expand(t.where, ids)}`).bind(...bindIds(t.where, ids))),
  );
  return results.map((r, i) => `${ORDER_TABLES[i]!.table}:${r.results[0]!.n}:${r.results[0]!.s}`);
}

async function copyOrders(main: D1Database, year: D1Database, ids: number[], budget: Budget): Promise<void> {
  budget.spend();
  const read = await main.batch<Row>(ORDER_TABLES.map((t) => main.prepare(`SELECT * FROM ${t.table} WHERE ${expand(t.where, ids)}`).bind(...bindIds(t.where, ids))));
  const inserts = ORDER_TABLES.flatMap((t, i) => insertRows(year, t.table, read[i]!.results));
  budget.spend();
  await year.batch(inserts);
}

/**
 * The ledger of `days` in both databases, comparable day by day, and what DB may delete of each day.
 * A day's lines in DB are always a tail of its ids: a move deletes what the year database holds, and a
 * line posted later with a day of the year (a posting dated back, docs/retention.md) gets a higher id.
 * So per day: `upTo` is the highest id the year database holds (null: none); `main` is DB's count and
 * sum per currency of its lines up to `upTo`, `year` the year database's from DB's lowest id of those
 * (a day deleted before compares nothing: both empty). Lines DB holds above `upTo` came after the copy:
 * they are neither compared nor deleted, and move next July (the July run starts over once).
 */
async function ledgerFigures(main: D1Database, year: D1Database, days: string[], budget: Budget): Promise<{ main: string[]; year: string[]; upTo: (number | null)[] }> {
  budget.spend();
  const tops = await year.batch<{ top: number | null }>(days.map((day) => year.prepare('SELECT MAX(id) AS top FROM ledger_entries WHERE day = ?').bind(day)));
  const upTo = tops.map((r) => r.results[0]?.top ?? null);
  budget.spend();
  const inMain = await main.batch<{ currency: string; n: number; s: number; low: number }>(
    days.map((day, i) => main.prepare('SELECT currency, COUNT(*) AS n, SUM(amount_minor) AS s, MIN(id) AS low FROM ledger_entries WHERE day = ? AND id <= ? GROUP BY currency ORDER BY currency').bind(day, upTo[i] ?? 0)),
  );
  const lows = inMain.map((r) => (r.results.length ? Math.min(...r.results.map((x) => x.low)) : null));
  budget.spend();
  const inYear = await year.batch<{ currency: string; n: number; s: number }>(
    days.map((day, i) => year.prepare('SELECT currency, COUNT(*) AS n, SUM(amount_minor) AS s FROM ledger_entries WHERE day = ? AND id >= ? GROUP BY currency ORDER BY currency').bind(day, lows[i] ?? Number.MAX_SAFE_INTEGER)),
  );
  const text = (rows: { currency: string; n: number; s: number }[], i: number) => `${days[i]}:${rows.map((x) => `${x.currency}=${x.n}/${x.s}`).join(',')}`;
  return { main: inMain.map((r, i) => text(r.results, i)), year: inYear.map((r, i) => text(r.results, i)), upTo };
}

/**
 * Copies the ledger of up to 31 days from `day` (ids after `afterId` on that first day), LEDGER_PER_READ
 * rows a day at most: returns where to go on (the day that filled its read, or the day after the window)
 */
async function copyLedgerDays(main: D1Database, year: D1Database, days: string[], day: string, afterId: number, budget: Budget): Promise<{ rows: number; next: { day: string; id: number } | null }> {
  const window = days.slice(days.indexOf(day), days.indexOf(day) + LEDGER_DAYS_PER_READ);
  budget.spend();
  const read = await main.batch<Row>(window.map((d, i) => main.prepare('SELECT * FROM ledger_entries WHERE day = ? AND id > ? ORDER BY id LIMIT ?').bind(d, i === 0 ? afterId : 0, LEDGER_PER_READ)));
  // a day that filled its read is continued next time; the days after it are read again then
  const full = read.findIndex((r) => r.results.length === LEDGER_PER_READ);
  const taken = full === -1 ? read : read.slice(0, full + 1);
  const rows = taken.flatMap((r) => r.results);
  if (rows.length) {
    budget.spend();
    await year.batch(insertRows(year, 'ledger_entries', rows));
  }
  if (full !== -1) return { rows: rows.length, next: { day: window[full]!, id: Number(read[full]!.results[LEDGER_PER_READ - 1]!.id) } };
  const after = days[days.indexOf(window[window.length - 1]!) + 1];
  return { rows: rows.length, next: after ? { day: after, id: 0 } : null };
}

const CREDIT_OF_USER = 'SELECT currency, COUNT(*) AS n, SUM(amount_minor) AS s FROM credit_entries WHERE user_id = ? AND created_at >= ? AND created_at < ? GROUP BY currency ORDER BY currency';
async function creditFigures(db: D1Database, users: number[], yr: number, budget: Budget): Promise<string[]> {
  budget.spend();
  const results = await db.batch<{ currency: string; n: number; s: number }>(users.map((u) => db.prepare(CREDIT_OF_USER).bind(u, yearStart(yr), yearEnd(yr))));
  return results.map((r, i) => `${users[i]}:${r.results.map((x) => `${x.currency}=${x.n}/${x.s}`).join(',')}`);
}

/** the next users (ascending) with credit entries in the year database */
async function creditUsers(year: D1Database, afterUser: number, budget: Budget): Promise<number[]> {
  budget.spend();
  return (await year.prepare('SELECT DISTINCT user_id FROM credit_entries WHERE user_id > ? ORDER BY user_id LIMIT ?').bind(afterUser, CREDIT_USERS_PER_PART).all<{ user_id: number }>()).results.map((r) => r.user_id);
}

/** the next part of the year database's orders (ascending ids), and those of them DB still holds */
async function yearOrderIds(main: D1Database, year: D1Database, afterId: number, budget: Budget): Promise<{ ids: number[]; inMain: number[] }> {
  budget.spend();
  const ids = (await year.prepare('SELECT id FROM orders WHERE id > ? ORDER BY id LIMIT ?').bind(afterId, YEAR_ORDERS_PER_PART).all<{ id: number }>()).results.map((r) => r.id);
  if (ids.length === 0) return { ids, inMain: [] };
  budget.spend();
  const inMain = (await main.prepare(`SELECT id FROM orders WHERE id IN (${ids.map(() => '?').join(', ')})`).bind(...ids).all<{ id: number }>()).results.map((r) => r.id);
  return { ids, inMain };
}

class YearMismatch extends Error {}
const differs = (a: string[], b: string[]) => a.some((x, i) => x !== b[i]);

/**
 * Moves the closed year `yr` from DB to its database (the binding DB_Y<yr> listed in YEAR_DATABASES),
 * at most `maxCalls` D1 calls this run; call again until `complete`. Throws when the year has no
 * database or the copy does not match DB (then nothing of the mismatching part is deleted).
 */
export async function moveYear(env: YearBindings & { DB: D1Database }, yr: number, options: YearMoveOptions = {}): Promise<YearMoveResult> {
  const target = yearDatabase(env, yr);
  if (!target) throw new Error(`no database for the year ${yr} (YEAR_DATABASES, wrangler.toml)`);
  const main = env.DB;
  const year = target.db;
  const budget = new Budget(options.maxCalls ?? YEAR_MOVE_CALLS_PER_RUN);
  const at = () => (options.now ?? new Date()).toISOString();
  const result: YearMoveResult = { year: yr, phase: 'copy-orders', calls: 0, orders: 0, ledger: 0, credit: 0, deletedOrders: 0, complete: false };
  let parts = 0;

  budget.spend(2);
  await main.prepare("INSERT OR IGNORE INTO archived_years (year, binding, cursor) VALUES (?, ?, '{\"phase\":\"copy-orders\"}')").bind(yr, target.binding).run();
  const row = await main.prepare('SELECT cursor FROM archived_years WHERE year = ?').bind(yr).first<{ cursor: string }>();
  let cursor = { phase: 'copy-orders', ...(JSON.parse(row?.cursor ?? '{}') as Partial<YearCursor>) } as YearCursor;
  const cursorStatement = (next: YearCursor, stamp?: 'copied_at' | 'verified_at' | 'deleted_at') =>
    main.prepare(`UPDATE archived_years SET cursor = ?${stamp ? `, ${stamp} = ?` : ''} WHERE year = ?`).bind(...[JSON.stringify(next), ...(stamp ? [at()] : []), yr]);
  /** saves the cursor (with the statements that must go with it, atomically) and calls the hook */
  const save = async (next: YearCursor, stamp?: 'copied_at' | 'verified_at' | 'deleted_at', withIt: D1PreparedStatement[] = []) => {
    budget.spend();
    await main.batch([...withIt, cursorStatement(next, stamp)]);
    const finished = cursor.phase;
    cursor = next;
    await options.afterPart?.(finished, ++parts);
  };
  const days = daysOf(yr);

  while (budget.left && cursor.phase !== 'done') {
    switch (cursor.phase) {
      case 'copy-orders': {
        const afterId = cursor.id ?? 0;
        budget.spend();
        const walked = (await main.prepare(`SELECT o.id, o.created_at, (o.created_at >= ? AND ${CLOSED}) AS closed FROM orders o WHERE o.id > ? ORDER BY o.id LIMIT ?`).bind(yearStart(yr), yearEnd(yr), afterId, YEAR_ORDERS_PER_PART).all<{ id: number; created_at: string; closed: number }>()).results;
        const inYear = walked.filter((o) => o.created_at < yearEnd(yr));
        const ids = inYear.filter((o) => o.closed).map((o) => o.id);
        if (ids.length) await copyOrders(main, year, ids, budget);
        result.orders += ids.length;
        const finished = inYear.length < walked.length || walked.length < YEAR_ORDERS_PER_PART;
        await save(finished ? { phase: 'copy-ledger' } : { phase: 'copy-orders', id: inYear[inYear.length - 1]!.id });
        break;
      }
      case 'copy-ledger': {
        const { rows, next } = await copyLedgerDays(main, year, days, cursor.day ?? days[0]!, cursor.id ?? 0, budget);
        result.ledger += rows;
        await save(next ? { phase: 'copy-ledger', ...next } : { phase: 'copy-credit' });
        break;
      }
      case 'copy-credit': {
        // the year's credit entries per user (users along credit_entries_user_id, then each user's entries
        // of the year): ids need not follow created_at (the rehearsal at volume, docs/retention.md)
        budget.spend();
        const users = (await main.prepare('SELECT DISTINCT user_id FROM credit_entries WHERE user_id > ? ORDER BY user_id LIMIT ?').bind(cursor.id ?? 0, CREDIT_USERS_PER_PART).all<{ user_id: number }>()).results.map((r) => r.user_id);
        let rows: Row[] = [];
        if (users.length) {
          budget.spend();
          const read = await main.batch<Row>(users.map((u) => main.prepare('SELECT * FROM credit_entries WHERE user_id = ? AND created_at >= ? AND created_at < ?').bind(u, yearStart(yr), yearEnd(yr))));
          rows = read.flatMap((r) => r.results);
        }
        if (rows.length) {
          budget.spend();
          await year.batch(insertRows(year, 'credit_entries', rows));
        }
        result.credit += rows.length;
        const finished = users.length < CREDIT_USERS_PER_PART;
        await save(finished ? { phase: 'verify-orders' } : { phase: 'copy-credit', id: users[users.length - 1]! }, finished ? 'copied_at' : undefined);
        break;
      }
      case 'verify-orders': {
        // orders DB no longer holds (deleted by an earlier July's run) are not compared
        const { ids, inMain: held } = await yearOrderIds(main, year, cursor.id ?? 0, budget);
        if (held.length) {
          const [inMain, inYear] = [await partFigures(main, held, budget), await partFigures(year, held, budget)];
          if (differs(inMain, inYear)) throw new YearMismatch(`year ${yr}: orders ${held[0]}–${held[held.length - 1]} differ: DB ${inMain.join(' ')} / year ${inYear.join(' ')}`);
        }
        await save(ids.length < YEAR_ORDERS_PER_PART ? { phase: 'verify-ledger' } : { phase: 'verify-orders', id: ids[ids.length - 1]! });
        break;
      }
      case 'verify-ledger': {
        const start = days.indexOf(cursor.day ?? days[0]!);
        const month = days.slice(start, start + 31);
        const figures = await ledgerFigures(main, year, month, budget);
        month.forEach((_, i) => {
          if (figures.main[i] !== figures.year[i]) throw new YearMismatch(`year ${yr}: ledger differs: DB ${figures.main[i]} / year ${figures.year[i]}`);
        });
        const next = days[start + 31];
        await save(next ? { phase: 'verify-ledger', day: next } : { phase: 'verify-credit' });
        break;
      }
      case 'verify-credit': {
        const users = await creditUsers(year, cursor.id ?? 0, budget);
        if (users.length) {
          const [inMain, inYear] = [await creditFigures(main, users, yr, budget), await creditFigures(year, users, yr, budget)];
          // entries the walk along ids did not reach (written out of id order at the year's end): copied by the user's index
          const behind = users.filter((u, i) => inMain[i] !== `${u}:` && inMain[i] !== inYear[i]);
          if (behind.length) {
            budget.spend(2);
            const read = await main.batch<Row>(behind.map((u) => main.prepare('SELECT * FROM credit_entries WHERE user_id = ? AND created_at >= ? AND created_at < ?').bind(u, yearStart(yr), yearEnd(yr))));
            await year.batch(insertRows(year, 'credit_entries', read.flatMap((r) => r.results)));
            const [again, againYear] = [await creditFigures(main, behind, yr, budget), await creditFigures(year, behind, yr, budget)];
            behind.forEach((u, i) => {
              if (again[i] !== againYear[i]) throw new YearMismatch(`year ${yr}: credit of user ${u} differs: DB ${again[i]} / year ${againYear[i]}`);
            });
          }
        }
        const done = users.length < CREDIT_USERS_PER_PART;
        await save(done ? { phase: 'delete-credit' } : { phase: 'verify-credit', id: users[users.length - 1]! }, done ? 'verified_at' : undefined);
        break;
      }
      case 'delete-credit': {
        const users = await creditUsers(year, cursor.id ?? 0, budget);
        let statements: D1PreparedStatement[] = [];
        if (users.length) {
          const [inMain, inYear] = [await creditFigures(main, users, yr, budget), await creditFigures(year, users, yr, budget)];
          statements = users.flatMap((u, i) => {
            if (inMain[i] === `${u}:`) return [];
            if (inMain[i] !== inYear[i]) throw new YearMismatch(`year ${yr}: credit of user ${u} differs: DB ${inMain[i]} / year ${inYear[i]}`);
            return [
              // one entry per currency carries the year's sum forward: the balance reads DB alone
              main
                .prepare(`INSERT OR IGNORE INTO credit_entries (user_id, currency, amount_minor, reason, dedupe_key, created_at) SELECT user_id, currency, SUM(amount_minor), 'adjustment', 'carry:' || ? || ':' || user_id || ':' || currency, ? FROM credit_entries WHERE user_id = ? AND created_at >= ? AND created_at < ? GROUP BY currency HAVING SUM(amount_minor) <> 0`)
                // (the year as text: a JS number binds as REAL, '2025.0')
                .bind(String(yr), yearEnd(yr), u, yearStart(yr), yearEnd(yr)),
              main.prepare('DELETE FROM credit_entries WHERE user_id = ? AND created_at >= ? AND created_at < ?').bind(u, yearStart(yr), yearEnd(yr)),
            ];
          });
        }
        await save(users.length < CREDIT_USERS_PER_PART ? { phase: 'delete-orders' } : { phase: 'delete-credit', id: users[users.length - 1]! }, undefined, statements);
        break;
      }
      case 'delete-orders': {
        const { ids, inMain: held } = await yearOrderIds(main, year, cursor.id ?? 0, budget);
        let statements: D1PreparedStatement[] = [];
        if (held.length) {
          const [inMain, inYear] = [await partFigures(main, held, budget), await partFigures(year, held, budget)];
          if (differs(inMain, inYear)) throw new YearMismatch(`year ${yr}: orders ${held[0]}–${held[held.length - 1]} differ: DB ${inMain.join(' ')} / year ${inYear.join(' ')}`);
          // children first (the foreign keys of DB); in the same batch as the cursor: a part is wholly in DB or wholly gone
          statements = [...ORDER_TABLES].reverse().map((t) => main.prepare(`DELETE FROM ${t.table} WHERE ${expand(t.where, held)}`).bind(...bindIds(t.where, held)));
          result.deletedOrders += held.length;
        }
        await save(ids.length < YEAR_ORDERS_PER_PART ? { phase: 'delete-ledger' } : { phase: 'delete-orders', id: ids[ids.length - 1]! }, undefined, statements);
        break;
      }
      case 'delete-ledger': {
        const start = days.indexOf(cursor.day ?? days[0]!);
        const month = days.slice(start, start + 31);
        const figures = await ledgerFigures(main, year, month, budget);
        const statements = month.flatMap((day, i) => {
          if (figures.main[i] === `${day}:`) return [];
          if (figures.main[i] !== figures.year[i]) throw new YearMismatch(`year ${yr}: ledger differs: DB ${figures.main[i]} / year ${figures.year[i]}`);
          // what the year database holds; a line posted since stays (next July)
          return [main.prepare('DELETE FROM ledger_entries WHERE day = ? AND id <= ?').bind(day, figures.upTo[i])];
        });
        const next = days[start + 31];
        await save(next ? { phase: 'delete-ledger', day: next } : { phase: 'done' }, next ? undefined : 'deleted_at', statements);
        break;
      }
    }
  }
  result.phase = cursor.phase;
  result.complete = cursor.phase === 'done';
  result.calls = budget.calls;
  return result;
}

/** July (UTC): the annual accounts of the previous year are approved by then (docs/retention.md) */
export const YEAR_MOVE_MONTH = 7;

/**
 * The daily cron's part: in July, each configured year up to last year is moved (oldest first), within
 * one run's budget. A year finished in an earlier July starts over once (what closed since), then rests.
 */
export async function runYearlyMove(env: YearBindings & { DB: D1Database }, now: Date): Promise<YearMoveResult[]> {
  if (now.getUTCMonth() + 1 !== YEAR_MOVE_MONTH) return [];
  const done: YearMoveResult[] = [];
  let calls = YEAR_MOVE_CALLS_PER_RUN;
  for (const { year } of yearDatabases(env).reverse()) {
    if (year >= now.getUTCFullYear() || calls <= 0) continue;
    // finished before this July: run the phases again for the orders that closed since
    await env.DB.prepare(`UPDATE archived_years SET cursor = '{"phase":"copy-orders"}' WHERE year = ? AND deleted_at < ?`).bind(year, `${now.getUTCFullYear()}-0${YEAR_MOVE_MONTH}-01`).run();
    const r = await moveYear(env, year, { maxCalls: calls, now });
    calls -= r.calls;
    done.push(r);
  }
  return done;
}
