import { and, between, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { database } from '../db/client';
import { batchOf, bind, preparedOnce, type Bound } from '../db/prepared';
import { outbox } from '../db/schema';
import type { OriginBindings } from '../env';
import { renderMail, type MailLanguage, type MailTemplate, type MailValues } from './templates';
import { platformMail, type MailTransport } from './transport';

export const DEFAULT_MAIL_FROM = 'noreply@zasilkovac.invalid';

const defaultTransport = (env: OriginBindings) => (env.MAIL ? platformMail(env.MAIL) : null);

/**
 * Renders a template and records it in the outbox (queued): the outbox is the record. With
 * the mail queue (MAIL_QUEUE) the message's id is queued and its consumer sends it
 * (deliverOutboxMail); without it, or when the queue refuses it, it is sent here. A failed
 * send does not fail the request that caused it: the outbox keeps it for a retry.
 */
export async function sendMail(
  env: OriginBindings,
  mail: { to: string; template: MailTemplate; language: MailLanguage } & MailValues,
  transport?: MailTransport | null,
): Promise<'queued' | 'sent' | 'failed'> {
  const [row] = await database(env.DB).insert(outbox).values(outboxRowOf(mail)).returning({ id: outbox.id });
  return dispatchOutboxMail(env, row!.id, transport);
}

/** the outbox row of a rendered mail, for a batch that records it with the change it tells of */
export function outboxRowOf(mail: { to: string; template: MailTemplate; language: MailLanguage } & MailValues) {
  const rendered = renderMail(mail.template, mail.language, mail);
  return { to: mail.to, subject: rendered.subject, text: rendered.text, html: rendered.html, template: mail.template, language: mail.language };
}

/** an outbox row on its way: queued (MAIL_QUEUE), or sent here without the queue or when it refuses */
export async function dispatchOutboxMail(env: OriginBindings, id: number, transport?: MailTransport | null): Promise<'queued' | 'sent' | 'failed'> {
  if (env.MAIL_QUEUE && transport === undefined) {
    try {
      await env.MAIL_QUEUE.send({ kind: 'mail', outboxId: id }, { contentType: 'json' });
      return 'queued';
    } catch (error) {
      console.error(`mail ${id}: the mail queue refused it, sending inline`, error);
    }
  }
  const outcome = await deliverOutboxMail(env, id, transport === undefined ? defaultTransport(env) : transport);
  return outcome === 'failed' ? 'failed' : 'sent';
}

/**
 * Sends one outbox row and records the outcome (sent with the message id, or failed with the
 * reason). A row already sent is not sent again (a queue may deliver a message twice);
 * `claim` (the queue message's id) marks the row while it is being sent, so a second
 * delivery of another message for the same row skips it. 'failed' lets the caller retry.
 */
export async function deliverOutboxMail(env: OriginBindings, id: number, transport: MailTransport | null = defaultTransport(env), claim?: string): Promise<'sent' | 'failed' | 'skipped'> {
  const db = database(env.DB);
  const mark = claim ? `claim:${claim}`.slice(0, 200) : null;
  const unsent = and(eq(outbox.id, id), inArray(outbox.status, ['queued', 'failed']));
  const [row] = mark
    ? await db
        .update(outbox)
        .set({ messageId: mark })
        .where(and(unsent, or(isNull(outbox.messageId), eq(outbox.messageId, mark))))
        .returning()
    : await db.select().from(outbox).where(unsent);
  if (!row) return 'skipped';
  try {
    if (!transport) throw new Error('no mail transport configured (the MAIL binding)');
    const { messageId } = await transport.send({ from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM, to: row.to, subject: row.subject, text: row.text, html: row.html });
    await db.update(outbox).set({ status: 'sent', messageId, error: null, sentAt: new Date().toISOString() }).where(eq(outbox.id, id));
    return 'sent';
  } catch (error) {
    console.error(`mail ${row.template} to ${row.to} failed`, error);
    await db
      .update(outbox)
      .set({ status: 'failed', messageId: null, error: String(error instanceof Error ? error.message : error).slice(0, 500) })
      .where(eq(outbox.id, id));
    return 'failed';
  }
}

/** the queue consumer's statements (deliverOutboxMails), built once per binding */
const deliveryStatements = preparedOnce((db) => {
  const id = sql.placeholder('id');
  const mark = sql.placeholder('mark');
  return {
    claim: db
      .update(outbox)
      .set({ messageId: sql`${mark}` })
      .where(and(eq(outbox.id, id), inArray(outbox.status, ['queued', 'failed']), or(isNull(outbox.messageId), eq(outbox.messageId, mark))))
      .returning()
      .prepare(),
    sent: db
      .update(outbox)
      .set({ status: 'sent', messageId: sql`${sql.placeholder('messageId')}`, error: null, sentAt: sql`${sql.placeholder('sentAt')}` })
      .where(eq(outbox.id, id))
      .prepare(),
    failed: db
      .update(outbox)
      .set({ status: 'failed', messageId: null, error: sql`${sql.placeholder('error')}` })
      .where(eq(outbox.id, id))
      .prepare(),
  };
});

/**
 * The mail queue's batch: what deliverOutboxMail does for one row, for many in two D1 round
 * trips instead of two per row (issue 29: the consumer shares the one thread that serves the
 * checkout). One batch claims every row (each with its message's id, as deliverOutboxMail
 * claims it); the claimed ones are sent one by one; one batch records the outcomes. When
 * that batch fails, each outcome is recorded alone, so one bad write does not send the whole
 * batch's mail again: a row whose outcome could not be recorded stays claimed by its message
 * and is 'failed' (retried), exactly as deliverOutboxMail leaves it.
 */
export async function deliverOutboxMails(env: OriginBindings, messages: readonly { id: number; claim: string }[], transport: MailTransport | null): Promise<('sent' | 'failed' | 'skipped')[]> {
  if (messages.length === 0) return [];
  const statements = deliveryStatements(env.DB);
  const claimed = await batchOf(
    env.DB,
    messages.map((m) => bind(statements.claim, { id: m.id, mark: `claim:${m.claim}`.slice(0, 200) })),
  );
  const outcomes: ('sent' | 'failed' | 'skipped')[] = [];
  const writes: { at: number; write: Bound<unknown> }[] = [];
  for (const [i, rows] of claimed.entries()) {
    const row = rows[0];
    if (!row) {
      outcomes.push('skipped');
      continue;
    }
    try {
      if (!transport) throw new Error('no mail transport configured (the MAIL binding)');
      const { messageId } = await transport.send({ from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM, to: row.to, subject: row.subject, text: row.text, html: row.html });
      outcomes.push('sent');
      writes.push({ at: i, write: bind(statements.sent, { id: row.id, messageId, sentAt: new Date().toISOString() }) });
    } catch (error) {
      console.error(`mail ${row.template} to ${row.to} failed`, error);
      outcomes.push('failed');
      writes.push({ at: i, write: bind(statements.failed, { id: row.id, error: String(error instanceof Error ? error.message : error).slice(0, 500) }) });
    }
  }
  if (writes.length === 0) return outcomes;
  try {
    await batchOf(env.DB, writes.map((w) => w.write));
  } catch (error) {
    console.warn('mail queue: recording a batch of outcomes failed, recording each alone', error);
    for (const { at, write } of writes) {
      await write.statement.run().catch((e: unknown) => {
        console.error(`mail ${messages[at]!.id}: its outcome could not be recorded`, e);
        outcomes[at] = 'failed';
      });
    }
  }
  return outcomes;
}

/** a queued row this old was lost on its way to the queue (or its consumer died sending it) */
export const STALE_MAIL_MS = 10 * 60_000;
const STALE_MAIL_WINDOW_MS = 24 * 3_600_000;

/**
 * The 5-minute cron: outbox rows still queued after STALE_MAIL_MS (and younger than a day) are
 * queued again, or sent here without the queue; a claim left by a consumer that died is released.
 */
export async function retryStaleMail(env: OriginBindings, now = new Date(), limit = 100): Promise<{ mails: number }> {
  const db = database(env.DB);
  const range = and(eq(outbox.status, 'queued'), between(outbox.createdAt, new Date(now.getTime() - STALE_MAIL_WINDOW_MS).toISOString(), new Date(now.getTime() - STALE_MAIL_MS).toISOString()));
  const rows = await db.update(outbox).set({ messageId: null }).where(inArray(outbox.id, db.select({ id: outbox.id }).from(outbox).where(range).orderBy(outbox.createdAt).limit(limit))).returning({ id: outbox.id });
  for (const { id } of rows) {
    if (env.MAIL_QUEUE) await env.MAIL_QUEUE.send({ kind: 'mail', outboxId: id }, { contentType: 'json' });
    else await deliverOutboxMail(env, id);
  }
  return { mails: rows.length };
}
