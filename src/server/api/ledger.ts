import { Hono } from 'hono';
import { LedgerDailyQuerySchema, LedgerMatchSchema } from '../../lib/schemas/ledger';
import type { OriginEnv } from '../env';
import { currentUser } from '../http/auth';
import { notFound } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { mayReadCarrierHealth } from '../services/carrier-health';
import { deferIn } from './user';

/** v1/app/ledger: the daily books and the hand-match, for the operator's staff only (as the carriers' health); for anyone else they do not exist */
export const ledgerApi = new Hono<OriginEnv>()
  .use(async (c, next) => {
    if (!mayReadCarrierHealth(c.env, (await currentUser(c))?.email ?? null)) throw notFound();
    c.header('cache-control', 'no-store');
    await next();
  })
  .get('/daily', async (c) => {
    const { date, format } = readQuery(c, LedgerDailyQuerySchema);
    // staff-only: the books' code loads on first use, not with every request's start-up chunk
    const [{ dailyBooks, dailyCsv }, { yearDatabase }] = await Promise.all([import('../services/ledger/daily'), import('../services/archive/years/databases')]);
    // a day of a closed year: its lines are (partly or wholly) in that year's database
    const books = await dailyBooks(c.env.DB, date, yearDatabase(c.env, Number(date.slice(0, 4)))?.db);
    if (format === 'json') return c.json({ data: books });
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="ledger-${date}.csv"`);
    return c.body(dailyCsv(books));
  })
  .post('/unmatched/:bankRef/match', async (c) => {
    const input = await readJson(c, LedgerMatchSchema);
    const { matchUnmatched } = await import('../services/ledger/match');
    return c.json({ data: await matchUnmatched(c.env, c.req.param('bankRef'), input, deferIn(c)) });
  });
