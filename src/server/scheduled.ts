import type { OriginBindings } from './env';
import { archiveOrderRecords } from './services/archive/orders';
import { pruneAppEvents } from './services/app-events';
import { pruneUnorderedUploads } from './services/customs-invoices/uploads';
import { fioStatement } from './payments/bank/fio';
import { runMonthlyInvoicing } from './services/billing/monthly';
import { retryOrderWork } from './services/orders/jobs';
import { ingestBankTransactions } from './services/orders/payments';
import { retryCardRefunds, sendRefundPaymentOrders } from './services/orders/refunds';
import { sandboxStatement } from './payments/bank/sandbox';
import { isLocalDev } from './env';
import { pollTracking } from './services/tracking/ingest';
import { archiveOutbox, archiveTrackingEvents } from './services/archive/tracking';
import { enqueueTrackingPoll } from './queues/tracking';
import { retryStaleMail } from './mail/send';
import { runYearlyMove } from './services/archive/years/move';
import { refreshPlannerStatistics } from './db/statistics';

/** wrangler.toml [triggers]: the daily housekeeping; every other cron is the 5-minute one */
export const DAILY_CRON = '17 3 * * *';

/**
 * The Worker's scheduled handler (Workers cron, wrangler.toml [triggers]): the origin's
 * housekeeping. Each job runs on its own, so one failing does not skip the others.
 */
export async function runScheduled(controller: Pick<ScheduledController, 'scheduledTime' | 'cron'>, env: OriginBindings): Promise<void> {
  const now = new Date(controller.scheduledTime);
  const daily = controller.cron === DAILY_CRON;
  const defer = (work: Promise<unknown>) => void work.catch((e: unknown) => console.error('scheduled deferred work failed', e));
  const jobs: Record<string, () => Promise<unknown>> = {
    'retry order work': () => retryOrderWork(env, defer, now),
    // with the tracking queue, one message per carrier and chunk of shipments (src/server/queues/tracking.ts)
    'tracking poll': () => (env.TRACKING_QUEUE ? enqueueTrackingPoll({ ...env, TRACKING_QUEUE: env.TRACKING_QUEUE }, now) : pollTracking(env, defer, now)),
    'monthly invoices': () => runMonthlyInvoicing(env, now),
    ...(env.FIO_TOKEN ? { 'bank statement': async () => ingestBankTransactions(env, await fioStatement(env.FIO_TOKEN!).incoming(), defer, now) } : {}),
    // locally the sandbox bank's statement is read the same way (its outgoing lines settle refunds)
    ...(!env.FIO_TOKEN && isLocalDev(env) ? { 'sandbox bank statement': async () => ingestBankTransactions(env, await sandboxStatement(env.DB).incoming(), defer, now) } : {}),
    'card refunds': () => retryCardRefunds(env, now),
    'stale mail': () => retryStaleMail(env, now),
    // July only (no D1 call otherwise); every cron of the month, as a year is ≈80,000 D1 calls at 1.25 M parcels (docs/retention.md)
    'move closed years': () => runYearlyMove(env, now),
    ...(daily ? { 'refund payment order': () => sendRefundPaymentOrders(env, now), 'prune app events': () => pruneAppEvents(env.DB, now), 'prune unordered customs invoices': () => pruneUnorderedUploads(env, now), 'archive tracking events': () => archiveTrackingEvents(env, now), 'archive outbox': () => archiveOutbox(env, now), 'archive order records': () => archiveOrderRecords(env, now),
      // after the day's deletes: PRAGMA optimize, the planner's statistics (src/server/db/statistics.ts)
      'planner statistics': () => refreshPlannerStatistics(env) } : {}),
  };
  for (const [name, job] of Object.entries(jobs)) {
    try {
      console.log(`scheduled ${name}:`, await job());
    } catch (error) {
      console.error(`scheduled ${name} failed`, error);
    }
  }
}
