import type { OriginBindings } from '../env';
import { deliverOutboxMail } from '../mail/send';
import { platformMail, type MailTransport } from '../mail/transport';
import type { MailMessage } from './messages';

/** The mail queue's consumer: sends each outbox row once; a failed send is retried (after the last retry, the dead-letter queue). */
export async function consumeMail(env: OriginBindings, messages: readonly Message<MailMessage>[], transport: MailTransport | null = env.MAIL ? platformMail(env.MAIL) : null): Promise<void> {
  for (const m of messages) {
    const outcome = await deliverOutboxMail(env, m.body.outboxId, transport, m.id).catch((error: unknown) => {
      console.error('mail queue: delivering failed', error);
      return 'failed' as const;
    });
    if (outcome === 'failed') m.retry();
    else m.ack();
  }
}
