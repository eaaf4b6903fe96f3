import { and, eq, ne } from 'drizzle-orm';
import { database } from '../db/client';
import { outbox } from '../db/schema';
import type { OriginBindings } from '../env';
import { recordServerError } from '../services/app-events';
import type { QueueMessageBody } from './messages';

/**
 * The dead-letter queue's consumer: a message its queue gave up on is recorded as a server
 * error report (app_errors, build 'server', where 'queue:dead-letter') with its body, so it
 * is seen and can be replayed; a dead mail's outbox row is marked failed.
 */
export async function recordDeadLetters(env: OriginBindings, messages: readonly Message<unknown>[]): Promise<void> {
  for (const m of messages) {
    const body = m.body as Partial<QueueMessageBody> | null;
    const kind = typeof body?.kind === 'string' ? body.kind : 'unknown';
    await recordServerError(env.DB, { where: 'queue:dead-letter', error: new Error(`queue message ${kind} gave up after its retries`), context: { message_id: m.id, sent_at: m.timestamp.toISOString(), body } });
    if (body?.kind === 'mail' && typeof body.outboxId === 'number') {
      await database(env.DB)
        .update(outbox)
        .set({ status: 'failed', messageId: null, error: 'dead letter: gave up after the mail queue retries' })
        .where(and(eq(outbox.id, body.outboxId), ne(outbox.status, 'sent')));
    }
    m.ack();
  }
}
