import type { OriginBindings } from '../env';
import { deliverOutboxMails } from '../mail/send';
import { platformMail, type MailTransport } from '../mail/transport';
import type { MailMessage } from './messages';

/**
 * The mail queue's consumer: sends each outbox row once; a failed send is retried (after the
 * last retry, the dead-letter queue). The batch's rows are claimed and their outcomes recorded
 * in one D1 round trip each (deliverOutboxMails); when the claim cannot be made, every message
 * of the batch is retried.
 */
export async function consumeMail(env: OriginBindings, messages: readonly Message<MailMessage>[], transport: MailTransport | null = env.MAIL ? platformMail(env.MAIL) : null): Promise<void> {
  if (messages.length === 0) return;
  const outcomes = await deliverOutboxMails(env, messages.map((m) => ({ id: m.body.outboxId, claim: m.id })), transport).catch((error: unknown) => {
    console.error('mail queue: delivering failed', error);
    return messages.map(() => 'failed' as const);
  });
  messages.forEach((m, i) => (outcomes[i] === 'failed' ? m.retry() : m.ack()));
}
