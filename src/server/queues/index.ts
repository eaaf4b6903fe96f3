import type { OriginBindings } from '../env';
import type { MailTransport } from '../mail/transport';
import type { Defer } from '../services/accounts/account';
import { recordDeadLetters } from './dead-letters';
import { consumeMail } from './mail';
import { QUEUES, type MailMessage, type QueueMessageBody, type TrackingMessage } from './messages';
import { consumeTracking } from './tracking';

/**
 * Test-only seams (tests/worker/queues.test.ts), never set by the app: `fault` runs after a
 * batch's work, before it is acknowledged (a throw fails the batch and the platform retries
 * it, so the work must not happen twice); `mailTransport` replaces the MAIL binding.
 */
export const queueTestHooks: { fault?: (queue: string, messages: readonly Message<unknown>[]) => void | Promise<void>; mailTransport?: MailTransport } = {};

const isKind = <K extends QueueMessageBody['kind']>(m: Message<unknown>, ...kinds: K[]): boolean =>
  typeof m.body === 'object' && m.body !== null && kinds.includes((m.body as { kind: K }).kind);

/** The Worker's queue handler (wrangler.toml [[queues.consumers]]): each message is handled by its kind; the dead-letter queue's are recorded. */
export async function handleQueue(batch: MessageBatch<unknown>, env: OriginBindings): Promise<void> {
  if (batch.queue === QUEUES.dead) await recordDeadLetters(env, batch.messages);
  else {
    const pending: Promise<unknown>[] = [];
    // work a message causes (the recipient's tracking mail) is done before the batch is acknowledged
    const defer: Defer = (work, what) => void pending.push(work.catch((error: unknown) => console.error(`queue: ${what} failed`, error)));
    const tracking = batch.messages.filter((m) => isKind(m, 'tracking-events', 'tracking-poll')) as Message<TrackingMessage>[];
    const mail = batch.messages.filter((m) => isKind(m, 'mail')) as Message<MailMessage>[];
    for (const m of batch.messages) {
      if (!tracking.includes(m as Message<TrackingMessage>) && !mail.includes(m as Message<MailMessage>)) {
        console.error(`queue ${batch.queue}: a message of no known kind, dropped`);
        m.ack();
      }
    }
    await consumeTracking(env, tracking, defer);
    await consumeMail(env, mail, queueTestHooks.mailTransport);
    await Promise.all(pending);
  }
  await queueTestHooks.fault?.(batch.queue, batch.messages);
}

export default { queue: (batch: MessageBatch<unknown>, env: OriginBindings) => handleQueue(batch, env) };
