import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { addWorkingDays, pragueNow } from '../../../lib/calendar';
import { database } from '../../db/client';
import { sandboxToptransOrders } from '../../db/schema';
import { timingSafeEqualText } from '../../identity/crypto';
import type { OriginEnv } from '../../env';
import { SANDBOX_CARRIER_DOWN, SANDBOX_LOSE_ANSWER } from '../booking';
import { SANDBOX_UNKNOWN_STATUS } from '../ups/sandbox';
import { deleteRequest, orderSaveRequest, PACK_TYPES, printRequest, searchRequest, type OrderSaveRequest, type Partner } from './schemas';
import { TOPTRANS_SANDBOX_PASSWORD, TOPTRANS_SANDBOX_USERNAME } from './sandbox-account';
export { TOPTRANS_SANDBOX_PASSWORD, TOPTRANS_SANDBOX_USERNAME } from './sandbox-account';

/**
 * TOPTRANS's ZP API as the sandbox speaks it (local development and tests only; mounted under
 * /_sandbox/carriers/toptrans; PROTOCOL.md): Basic auth, POST /api/json/order/{save, send,
 * search, print-labels, delete}/, the {status, data, errors} envelope, 10-digit order numbers and
 * 12-digit consecutive piece numbers, a PDF label page per piece, delete until the order is
 * loaded, a history that moves over time.
 */

const HOUR = 3_600_000;
/** register/pack's names of the pack types we send */
const PACK_NAMES: Record<number, string> = { [PACK_TYPES.piece]: 'KUS', [PACK_TYPES.euroPallet]: 'EPAL', [PACK_TYPES.tyre]: 'PNEU', [PACK_TYPES.pallet]: 'PALETA', [PACK_TYPES.envelope]: 'OBALKA', [PACK_TYPES.parcel]: 'BALIK' };
const TERMS: Record<number, string> = { 1: 'Standard', 2: 'TopTime', 3: 'Top Privat', 4: 'Top Weekend', 5: 'Osobní odběr', 16: 'Rozvoz po avizaci' };

type Row = typeof sandboxToptransOrders.$inferSelect;
type Answer = { status: 'ok' | 'error'; data?: unknown; errors: string[] };

const ok = (c: Context, data: unknown) => c.json({ status: 'ok', data, errors: [] } satisfies Answer);
const refuse = (c: Context, ...errors: string[]) => c.json({ status: 'error', errors } satisfies Answer);
const down = (c: Context) => c.json({ status: 'error', errors: ['Služba je dočasně nedostupná.'] } satisfies Answer, 503);

const digits = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String(b % 10)).join('');
/** Czech post codes 100 00–799 99, Slovak 010 01–099 99 and 800 00–999 99 */
export const territoryOfZip = (zip: string): 'cz' | 'sk' | null => (/^\d{5}$/.test(zip) && zip !== '00000' ? (zip[0]! >= '1' && zip[0]! <= '7' ? 'cz' : 'sk') : null);

/** without a scan, the driver loads the order on its loading day at 14:00 UTC (booked later that day: at once), else the next working day */
export function dailyLoading(row: Pick<Row, 'loadingDate' | 'createdAt'>): number {
  const day = row.loadingDate ?? addWorkingDays(pragueNow(new Date(row.createdAt)).date, 1, 'cz');
  return Math.max(Date.parse(`${day}T14:00:00.000Z`), Date.parse(row.createdAt));
}

type State = { state: string; at: number; place: string; text: string };

/** a sent order's history: created, loaded, on its way, at the destination depot, out for delivery, delivered (or deleted) */
function historyOf(row: Row, now: number): State[] {
  if (!row.sentAt) return [];
  const list: State[] = [{ state: 'NEW', at: Date.parse(row.sentAt), place: row.fromCity, text: 'Objednávka přijata' }];
  if (row.deletedAt) list.push({ state: 'STORNO', at: Date.parse(row.deletedAt), place: row.fromCity, text: 'Objednávka stornována' });
  else {
    const loaded = row.loadedAt ? Date.parse(row.loadedAt) : dailyLoading(row);
    list.push({ state: 'LOADED', at: loaded, place: row.fromCity, text: 'Zásilka naložena' }, { state: 'TRANSIT', at: loaded + 4 * HOUR, place: row.fromCity, text: 'Zásilka na cestě' });
    if (row.label?.includes(SANDBOX_UNKNOWN_STATUS)) list.push({ state: 'WEIGHED', at: loaded + 5 * HOUR, place: row.fromCity, text: 'Sandbox: stav mimo tabulku' });
    list.push(
      { state: 'DEPOT', at: loaded + 10 * HOUR, place: row.toCity, text: 'Zásilka na depu' },
      { state: 'DELIVERY', at: loaded + 17 * HOUR, place: row.toCity, text: 'Zásilka v rozvozu' },
      { state: 'DELIVERED', at: loaded + 21 * HOUR, place: row.toCity, text: 'Zásilka doručena' },
    );
  }
  return list.filter((s) => s.at <= now).sort((a, b) => a.at - b.at);
}

function itemOf(row: Row, now: number) {
  const pieces = row.pieces ? (JSON.parse(row.pieces) as string[]) : [];
  const order = JSON.parse(row.order) as OrderSaveRequest;
  const history = historyOf(row, now);
  return {
    id: row.id,
    order_number: row.orderNumber,
    source: 3,
    label: row.label,
    labels_printed: row.sentAt ? 1 : 0,
    quantity_sum: order.packs.reduce((sum, p) => sum + p.quantity, 0),
    piece_number_from: pieces[0] ?? null,
    piece_numbers: pieces,
    state: history.at(-1)?.state ?? 'NEW',
    history: history.map((s) => ({ state: s.state, date: new Date(s.at).toISOString(), place: s.place, text: s.text })),
  };
}

const lines = (p: Partner) => [p.name, ...(p.first_name && p.last_name && `${p.first_name} ${p.last_name}` !== p.name ? [`${p.first_name} ${p.last_name}`] : []), [p.address.street, p.address.house_num].filter(Boolean).join(' '), `${p.address.zip} ${p.address.city}`].filter(Boolean);

async function labelsOf(rows: Row[]): Promise<string> {
  // the barcode code loads on demand (it is not in the worker's start-up chunk)
  const { sandboxLabelPdf } = await import('./sandbox-label');
  const labels = rows.flatMap((row) => {
    const order = JSON.parse(row.order) as OrderSaveRequest;
    const pieces = JSON.parse(row.pieces ?? '[]') as string[];
    const packs = order.packs.flatMap((p) => Array.from({ length: p.quantity }, () => PACK_NAMES[p.pack_id] ?? String(p.pack_id)));
    const cod = order.cash_on_delivery_type === 1 && order.cash_on_delivery_price ? `${order.cash_on_delivery_price} ${order.cash_on_delivery_price_cur_id === 2 ? 'EUR' : 'CZK'}` : null;
    return pieces.map((pieceNumber, i) => ({
      pieceNumber,
      orderNumber: row.orderNumber!,
      term: TERMS[order.term_id] ?? String(order.term_id),
      pack: packs[i] ?? '',
      sender: order.loading ? lines(order.loading) : [],
      recipient: lines(order.discharge),
      piece: `${i + 1}/${pieces.length}`,
      weight: `${order.kg} kg`,
      cod,
      label: row.label,
    }));
  });
  return sandboxLabelPdf(labels, new Date());
}

function problems(order: OrderSaveRequest, today: string): string[] {
  const errors: string[] = [];
  if (order.loading_select === 2 && !order.loading) errors.push('Chybí adresa nakládky (loading).');
  for (const [name, partner] of [['loading', order.loading], ['discharge', order.discharge]] as const) {
    if (partner && !territoryOfZip(partner.address.zip)) errors.push(`Neplatné PSČ ${partner.address.zip} (${name}): TOPTRANS přepravuje v ČR a SR.`);
  }
  if (order.loading_date && order.loading_date < today) errors.push('Datum nakládky je v minulosti.');
  const pieces = order.packs.reduce((sum, p) => sum + p.quantity, 0);
  if (order.kg > 3000) errors.push('Hmotnost zásilky přesahuje 3000 kg.');
  else if (order.kg / pieces > 1000) errors.push('Hmotnost jednoho kusu přesahuje 1000 kg.');
  if (order.cash_on_delivery_type === 1 && (order.cash_on_delivery_price ?? 0) > (order.cash_on_delivery_price_cur_id === 2 ? 8_000 : 200_000)) errors.push('Dobírka přesahuje povolený limit.');
  return errors;
}

export function toptransSandbox() {
  const app = new Hono<OriginEnv>();
  const db = (c: Context<OriginEnv>) => database(c.env.DB);
  const body = async (c: Context) => c.req.json().catch(() => null) as Promise<unknown>;
  const invalid = (c: Context, issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) => refuse(c, ...issues.slice(0, 5).map((i) => `Chybná data: ${v.getDotPath(i) ?? 'request'} (${i.message})`));
  const rowsOf = (c: Context<OriginEnv>, ids: number[]) => db(c).select().from(sandboxToptransOrders).where(inArray(sandboxToptransOrders.id, ids)).all();

  app.use('/api/*', async (c, next) => {
    const expected = `Basic ${btoa(`${TOPTRANS_SANDBOX_USERNAME}:${TOPTRANS_SANDBOX_PASSWORD}`)}`;
    if (!timingSafeEqualText(c.req.header('authorization') ?? '', expected)) {
      c.header('WWW-Authenticate', 'Basic realm="ZP2"');
      return c.json({ status: 'error', errors: ['Neplatné přihlašovací údaje.'] } satisfies Answer, 401);
    }
    await next();
  });

  app.post('/api/json/order/save/', async (c) => {
    const parsed = v.safeParse(orderSaveRequest, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const order = parsed.output;
    if (order.label?.includes(SANDBOX_CARRIER_DOWN)) return down(c);
    const errors = problems(order, pragueNow().date);
    if (errors.length > 0) return refuse(c, ...errors);
    const from = order.loading ?? order.discharge;
    const row = await db(c)
      .insert(sandboxToptransOrders)
      .values({ label: order.label ?? null, order: JSON.stringify(order), fromCity: from.address.city, toCity: order.discharge.address.city, loadingDate: order.loading_date ?? null, createdAt: new Date().toISOString() })
      .returning({ id: sandboxToptransOrders.id })
      .get();
    return ok(c, { id: row!.id });
  });

  app.post('/api/json/order/send/', async (c) => {
    const parsed = v.safeParse(printRequest, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const rows = await rowsOf(c, parsed.output.ids);
    const missing = parsed.output.ids.filter((id) => !rows.some((r) => r.id === id && !r.deletedAt));
    if (missing.length > 0) return refuse(c, `Objednávka ${missing.join(', ')} neexistuje.`);
    const sent = rows.filter((r) => r.sentAt);
    if (sent.length > 0) return refuse(c, `Objednávka ${sent.map((r) => r.id).join(', ')} již byla odeslána.`);
    const at = new Date().toISOString();
    for (const row of rows) {
      const count = (JSON.parse(row.order) as OrderSaveRequest).packs.reduce((sum, p) => sum + p.quantity, 0);
      const first = BigInt(`${1 + (crypto.getRandomValues(new Uint8Array(1))[0]! % 9)}${digits(11)}`);
      row.orderNumber = `${1 + (row.id % 9)}${digits(9)}`;
      row.pieces = JSON.stringify(Array.from({ length: count }, (_, i) => String(first + BigInt(i))));
      row.sentAt = at;
      await db(c).update(sandboxToptransOrders).set({ orderNumber: row.orderNumber, pieces: row.pieces, sentAt: at }).where(eq(sandboxToptransOrders.id, row.id)).run();
    }
    // sent, and the answer is lost on its way back, as behind a gateway that timed out
    if (rows.some((r) => r.label?.includes(SANDBOX_LOSE_ANSWER))) return c.text('upstream request timeout', 504);
    return ok(c, { files: [{ filename: `stitky_${rows[0]!.orderNumber}.pdf`, data: await labelsOf(rows) }], orderListObj: Date.now() });
  });

  app.post('/api/json/order/print-labels/', async (c) => {
    const parsed = v.safeParse(printRequest, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const rows = (await rowsOf(c, parsed.output.ids)).filter((r) => r.sentAt && !r.deletedAt);
    if (rows.length !== parsed.output.ids.length) return refuse(c, 'Štítky lze tisknout jen u odeslaných objednávek.');
    return ok(c, { files: [{ filename: `stitky_${rows[0]!.orderNumber}.pdf`, data: await labelsOf(rows) }] });
  });

  app.post('/api/json/order/search/', async (c) => {
    const parsed = v.safeParse(searchRequest, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const f = parsed.output;
    const t = sandboxToptransOrders;
    const where = 'id' in f ? eq(t.id, f.id) : 'order_number' in f ? eq(t.orderNumber, f.order_number) : like(t.label, `%${f.label}%`);
    const rows = await db(c).select().from(t).where(where).limit(50).all();
    const now = Date.now();
    return ok(c, rows.map((row) => itemOf(row, now)));
  });

  app.post('/api/json/order/delete/', async (c) => {
    const parsed = v.safeParse(deleteRequest, await body(c));
    if (!parsed.success) return invalid(c, parsed.issues);
    const rows = await rowsOf(c, parsed.output.ids);
    const now = Date.now();
    const errors = parsed.output.ids.flatMap((id) => {
      const row = rows.find((r) => r.id === id);
      if (!row || row.deletedAt) return [`Objednávka ${id} neexistuje.`];
      return historyOf(row, now).some((s) => s.state === 'LOADED') ? [`Objednávku ${row.orderNumber} nelze zrušit, zásilka již byla naložena.`] : [];
    });
    if (errors.length > 0) return refuse(c, ...errors);
    await db(c).update(sandboxToptransOrders).set({ deletedAt: new Date(now).toISOString() }).where(and(inArray(sandboxToptransOrders.id, parsed.output.ids), isNull(sandboxToptransOrders.deletedAt))).run();
    return ok(c, null);
  });

  // sandbox only (not TOPTRANS's): the driver loads the order now, or `hoursAgo` (its story moves on that far)
  app.post('/_driver/loading-scan/:orderNumber', async (c) => {
    const row = await db(c).select().from(sandboxToptransOrders).where(eq(sandboxToptransOrders.orderNumber, c.req.param('orderNumber'))).get();
    if (!row || row.deletedAt) return c.notFound();
    const at = Date.now() - Math.max(0, Number(c.req.query('hoursAgo') ?? 0) || 0) * HOUR;
    const moved = (iso: string | null) => (iso ? new Date(Math.min(Date.parse(iso), at - HOUR)).toISOString() : null);
    await db(c).update(sandboxToptransOrders).set({ createdAt: moved(row.createdAt)!, sentAt: moved(row.sentAt), loadedAt: new Date(at).toISOString() }).where(eq(sandboxToptransOrders.id, row.id)).run();
    return c.body(null, 204);
  });

  return app;
}
