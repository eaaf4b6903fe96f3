import { eq } from 'drizzle-orm';
import { database } from '../db/client';
import { outbox } from '../db/schema';
import type { OriginBindings } from '../env';
import { renderMail, type MailLanguage, type MailTemplate, type MailValues } from './templates';
import { platformMail, type MailTransport } from './transport';

export const DEFAULT_MAIL_FROM = 'noreply@zasilkovac.invalid';

/**
 * Renders a template, records it in the outbox (queued), hands it to the transport and
 * records the outcome (sent with the message id, or failed with the reason). A failed send
 * does not fail the request that caused it: the outbox keeps it for a retry.
 */
export async function sendMail(
  env: OriginBindings,
  mail: { to: string; template: MailTemplate; language: MailLanguage } & MailValues,
  transport: MailTransport | null = env.MAIL ? platformMail(env.MAIL) : null,
): Promise<'sent' | 'failed'> {
  const rendered = renderMail(mail.template, mail.language, mail);
  const db = database(env.DB);
  const [row] = await db
    .insert(outbox)
    .values({ to: mail.to, subject: rendered.subject, text: rendered.text, html: rendered.html, template: mail.template, language: mail.language })
    .returning({ id: outbox.id });
  try {
    if (!transport) throw new Error('no mail transport configured (the MAIL binding)');
    const { messageId } = await transport.send({ from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM, to: mail.to, ...rendered });
    await db.update(outbox).set({ status: 'sent', messageId, sentAt: new Date().toISOString() }).where(eq(outbox.id, row!.id));
    return 'sent';
  } catch (error) {
    console.error(`mail ${mail.template} to ${mail.to} failed`, error);
    await db.update(outbox).set({ status: 'failed', error: String(error instanceof Error ? error.message : error).slice(0, 500) }).where(eq(outbox.id, row!.id));
    return 'failed';
  }
}
