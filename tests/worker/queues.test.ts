import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { carrierWebhookSecret, signCarrierBody } from '../../src/server/api/tracking';
import { retryStaleMail, sendMail } from '../../src/server/mail/send';
import type { OutgoingMail } from '../../src/server/mail/transport';
import { queueTestHooks } from '../../src/server/queues';
import { QUEUES, type TrackingMessage } from '../../src/server/queues/messages';
import { consumeTracking, enqueueTrackingPoll, POLL_CHUNK } from '../../src/server/queues/tracking';
import { PARAMS_PER_STATEMENT } from '../../src/server/db/chunks';
import { retryOrderWork } from '../../src/server/services/orders/jobs';
import { createSandboxApp } from '../../src/server/sandbox/app';
import { parseGlsRef } from '../../src/server/carriers/gls/client';
import { browser, dataOf, type Browser } from './client';

/**
 * Cloudflare Queues (src/server/queues), as miniflare runs them: the worker project's queues
 * deliver each batch at once to the real consumer in this isolate and retry at once
 * (vitest.config.ts: 3 retries, then the dead-letter queue).
 */
const party = (name: string, email: string) => ({ firstname: name, surname: 'Fronta', street: 'Dlouhá 12', city: 'Praha', zip: '11000', country: 'cz', phone: '+420777123456', email });

type Shipment = { id: number; tracking_number: string; carrier_ref: string };

/** a paid order of `count` GLS parcels, each to its own recipient */
async function paidShipments(b: Browser, count: number): Promise<Shipment[] & { tag?: string }> {
  const tag = crypto.randomUUID().slice(0, 8);
  const items = Array.from({ length: count }, (_, i) => ({ shipment: { from: party('Jana', 'jana@example.cz'), to: party('Žofie', `q${tag}-${i}@example.cz`), packages: [{ weight: 2 }], service_id: 'gls-business-parcel' } }));
  const res = await b.post('/api/v1/orders', { items, payment_method: 'bank_transfer', payer: { type: 'person' }, email: `o${tag}@example.cz`, terms: true }, { 'idempotency-key': `q-${tag}` });
  const order = await dataOf<{ token: string; total_vat: number; currency: string; payment: { variable_symbol: string } }>(res);
  await b.post('/api/v1/sandbox/bank/statement', { variable_symbol: order.payment.variable_symbol, amount: order.total_vat, currency: order.currency });
  const read = async () => (await dataOf<{ shipments: Shipment[] }>(await b.get(`/api/v1/orders/${order.token}`))).shipments;
  let shipments = await read();
  // booked at GLS (the webhook names parcels by GLS's number); a cold first label can outlast the
  // carrier call's timeout on a busy machine, and the order job books it again
  if (!shipments.every((s) => s.carrier_ref)) {
    const work: Promise<unknown>[] = [];
    await retryOrderWork(env as never, (p) => void work.push(p), new Date());
    await Promise.all(work);
    shipments = await read();
  }
  expect(shipments.every((s) => s.carrier_ref)).toBe(true);
  return Object.assign(shipments, { tag });
}

const postEvents = async (b: Browser, body: unknown, extra: Record<string, unknown> = {}, signature?: string) => {
  const text = JSON.stringify(body);
  const sig = signature ?? (await signCarrierBody(carrierWebhookSecret(env as never, 'gls')!, text));
  return b.call('POST', '/api/v1/carriers/gls/events', body, { 'x-carrier-signature': sig }, extra);
};

const storedEvents = async (shipmentIds: number[]) =>
  (await env.DB.prepare(`SELECT shipment_id, event_key FROM tracking_events WHERE shipment_id IN (${shipmentIds.join(',')})`).all<{ shipment_id: number; event_key: string }>()).results;

/** a queue that only keeps what it is given (nothing is consumed) */
function capturingQueue() {
  const bodies: TrackingMessage[] = [];
  const queue = {
    send: async (body: TrackingMessage) => void bodies.push(body),
    sendBatch: async (batch: Iterable<{ body: TrackingMessage }>) => void bodies.push(...[...batch].map((m) => m.body)),
  } as unknown as Queue<TrackingMessage>;
  return { queue, bodies };
}

/** the mail sink: every message handed to the transport, by recipient; `refuse` always throws */
function countingTransport(refuse: string) {
  const delivered: OutgoingMail[] = [];
  queueTestHooks.mailTransport = {
    async send(mail) {
      if (mail.to === refuse) throw new Error('550 mailbox unavailable');
      delivered.push(mail);
      return { messageId: `sink-${delivered.length}` };
    },
  };
  return delivered;
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  delete queueTestHooks.fault;
  delete queueTestHooks.mailTransport;
});

describe('queues for bursts', () => {
  it('the webhook answers 202 before anything is stored; a bad signature is refused before anything is queued; without the queue it stores inline', async () => {
    const b = browser();
    const [shipment] = await paidShipments(b, 1);
    const { queue, bodies } = capturingQueue();
    const events = [
      { parcel: shipment!.carrier_ref, event_id: 'a1', status: '1', time: '2026-11-24T10:00:00.000Z' },
      { parcel: shipment!.carrier_ref, event_id: 'a2', status: '2', time: '2026-11-24T12:00:00.000Z' },
      { parcel: 'UNKNOWN-9', status: '2', time: '2026-11-24T12:00:00.000Z' },
    ];
    const forged = await postEvents(b, { events }, { TRACKING_QUEUE: queue }, 'sha256=00');
    expect(forged.status).toBe(403);
    expect(bodies).toEqual([]);

    const res = await postEvents(b, { events }, { TRACKING_QUEUE: queue });
    expect(res.status).toBe(202);
    expect(await dataOf(res)).toEqual({ queued: 3 });
    // one message per parcel, nothing stored yet
    expect(bodies.map((m) => m.kind === 'tracking-events' && [m.parcel, m.events.length])).toEqual([
      [shipment!.carrier_ref, 2],
      ['UNKNOWN-9', 1],
    ]);
    expect(await storedEvents([shipment!.id])).toEqual([]);

    // no queue binding (deployed without it): stored in the request, as before
    const inline = await postEvents(b, { events }, { TRACKING_QUEUE: undefined });
    expect(inline.status).toBe(200);
    expect(await dataOf(inline)).toEqual({ stored: 2, duplicates: 0, unknown_parcels: 1 });
  });

  it('nothing is lost when the consumer fails every third batch: every event is stored once and every mail sent once', { timeout: 60_000 }, async () => {
    const b = browser();
    const shipments = await paidShipments(b, 3);
    // the order's own mails leave first: from here on every mail batch is one this test counts
    await expect.poll(async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE status = 'queued'").first<{ n: number }>())!.n, { timeout: 20_000, interval: 50 }).toBe(0);
    const delivered = countingTransport('never@example.invalid');
    const batches = new Map<string, number>();
    const failures = new Map<string, number>();
    // messages of a failed batch, until the platform delivered them again and that batch passed
    const awaitingRetry = new Set<string>();
    let redelivered = 0;
    queueTestHooks.fault = (queue, messages) => {
      if (queue === QUEUES.dead) return;
      const n = (batches.get(queue) ?? 0) + 1;
      batches.set(queue, n);
      if (n % 3 === 0) {
        failures.set(queue, (failures.get(queue) ?? 0) + 1);
        for (const m of messages) awaitingRetry.add(m.id);
        throw new Error('injected consumer failure');
      }
      for (const m of messages) if (awaitingRetry.delete(m.id)) redelivered++;
    };
    // four events per parcel, each parcel's posted in two webhooks, the second one repeated by the carrier
    const statuses = ['1', '2', '3', '4'];
    for (const s of shipments) {
      const events = statuses.map((status, i) => ({ parcel: s.carrier_ref, event_id: `${s.id}-${i}`, status, time: `2026-11-2${i}T10:00:00.000Z` }));
      for (const part of [events.slice(0, 2), events.slice(2), events.slice(2)]) expect((await postEvents(b, { events: part })).status).toBe(202);
    }
    // mail from the request path too
    const subjects: string[] = [];
    for (let i = 0; i < 12; i++) {
      const tag = `burst-${crypto.randomUUID().slice(0, 6)}`;
      subjects.push(tag);
      expect(await sendMail(env as never, { to: `${tag}@example.cz`, template: 'contact_ack', language: 'cs', name: tag, link: 'http://zasilkovac.test/' })).toBe('queued');
    }

    const ids = shipments.map((s) => s.id);
    await expect.poll(async () => (await storedEvents(ids)).length, { timeout: 20_000, interval: 50 }).toBe(12);
    // the recipients' out-for-delivery mails (the picked-up event is never the newest of its batch) and the burst
    const recipients = `q${shipments.tag}-%`;
    await expect.poll(async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM outbox WHERE "to" LIKE ?').bind(recipients).first<{ n: number }>())!.n, { timeout: 20_000, interval: 50 }).toBe(3);
    const outboxIds = (await env.DB.prepare(`SELECT id FROM outbox WHERE "to" LIKE 'burst-%' OR "to" LIKE ?`).bind(recipients).all<{ id: number }>()).results.map((r) => r.id);
    const unsent = () => env.DB.prepare(`SELECT COUNT(*) AS n FROM outbox WHERE id IN (${outboxIds.join(',')}) AND status <> 'sent'`).first<{ n: number }>();
    await expect.poll(async () => (await unsent())!.n, { timeout: 20_000, interval: 50 }).toBe(0);

    expect([failures.get(QUEUES.tracking), failures.get(QUEUES.mail)]).toEqual([expect.any(Number), expect.any(Number)]);
    // the failed batches' work was done before they failed: their second delivery must not do it again
    await expect.poll(() => awaitingRetry.size, { timeout: 20_000, interval: 50 }).toBe(0);
    expect(redelivered).toBeGreaterThan(0);
    const events = await storedEvents(ids);
    expect(new Set(events.map((e) => `${e.shipment_id}/${e.event_key}`)).size).toBe(12);
    // each parcel reached out-for-delivery, its recipient told once per milestone (picked up, on the way)
    for (const s of shipments) expect((await dataOf<{ status: string }>(await b.get(`/api/v1/orders/${s.tracking_number}?tracking=1`))).status).toBe('out_for_delivery');
    const sent = (await env.DB.prepare(`SELECT "to", subject, message_id FROM outbox WHERE id IN (${outboxIds.join(',')})`).all<{ to: string; subject: string; message_id: string }>()).results;
    expect(sent.filter((m) => m.to.startsWith('burst-'))).toHaveLength(12);
    expect(sent.filter((m) => m.to.startsWith(`q${shipments.tag}-`))).toHaveLength(3);
    // the sink got each message exactly once
    for (const m of sent) expect(delivered.filter((d) => d.to === m.to && d.subject === m.subject)).toHaveLength(1);
    expect(new Set(sent.map((m) => m.message_id)).size).toBe(sent.length);
  });

  it('a full batch of 100 parcels of one carrier is looked up and stored, not retried (D1 binds at most 100 parameters)', async () => {
    const b = browser();
    const [known] = await paidShipments(b, 1);
    const acked: string[] = [];
    const retried: string[] = [];
    // the batch size the tracking queue delivers (wrangler.toml max_batch_size = 100): one known parcel, 99 unknown
    const refs = [known!.carrier_ref, ...Array.from({ length: 99 }, (_, i) => `99${String(i).padStart(9, '0')}`)];
    expect(refs.length).toBeGreaterThan(PARAMS_PER_STATEMENT);
    const messages = refs.map((parcel, i) => ({
      id: `m${i}`,
      timestamp: new Date(),
      attempts: 1,
      body: { kind: 'tracking-events', carrier: 'gls', parcel, events: [{ eventId: `full-${known!.id}-${i}`, rawStatus: '1', time: '2026-11-20T10:00:00.000Z', location: null, description: null }] },
      ack: () => void acked.push(`m${i}`),
      retry: () => void retried.push(`m${i}`),
    })) as unknown as Message<TrackingMessage>[];
    const work: Promise<unknown>[] = [];
    await consumeTracking(env as never, messages, (p) => void work.push(p));
    await Promise.all(work);
    expect(retried).toEqual([]);
    expect(acked).toHaveLength(100);
    expect(await storedEvents([known!.id])).toHaveLength(1);
  });

  it('a message that always fails ends in the dead-letter record, and its outbox row says so', async () => {
    countingTransport('never@example.invalid');
    expect(await sendMail(env as never, { to: 'never@example.invalid', template: 'contact_ack', language: 'cs', name: 'Nikdo', link: 'http://zasilkovac.test/' })).toBe('queued');
    const row = await env.DB.prepare(`SELECT id FROM outbox WHERE "to" = 'never@example.invalid' ORDER BY id DESC`).first<{ id: number }>();
    const dead = () => env.DB.prepare(`SELECT error, context FROM app_errors WHERE url = 'queue:dead-letter' AND context LIKE ?`).bind(`%"outboxId":${row!.id}%`).all<{ error: string; context: string }>();
    await expect.poll(async () => (await dead()).results.length, { timeout: 20_000, interval: 50 }).toBe(1);
    expect(JSON.parse((await dead()).results[0]!.context)).toMatchObject({ body: { kind: 'mail', outboxId: row!.id } });
    await expect
      .poll(async () => env.DB.prepare('SELECT status, error FROM outbox WHERE id = ?').bind(row!.id).first(), { timeout: 5_000, interval: 50 })
      .toEqual({ status: 'failed', error: expect.stringContaining('dead letter') });
  });

  it('the cron queues again a mail that never reached the queue (a young one is left to its consumer)', async () => {
    const insert = (to: string, minutesAgo: number) =>
      env.DB.prepare(`INSERT INTO outbox ("to", subject, text, html, template, language, created_at) VALUES (?, 'S', 'T', '<p>T</p>', 'contact_ack', 'cs', ?) RETURNING id`)
        .bind(to, new Date(Date.now() - minutesAgo * 60_000).toISOString())
        .first<{ id: number }>();
    const lost = (await insert('lost@example.cz', 20))!.id;
    const young = (await insert('young@example.cz', 1))!.id;
    expect(await retryStaleMail(env as never)).toEqual({ mails: 1 });
    const status = (id: number) => env.DB.prepare('SELECT status FROM outbox WHERE id = ?').bind(id).first<string>('status');
    await expect.poll(() => status(lost), { timeout: 20_000, interval: 50 }).toBe('sent');
    expect(await status(young)).toBe('queued');
  });

  it('the poller fans out per carrier through the queue, and the consumer stores what each carrier says', async () => {
    const b = browser();
    const [shipment] = await paidShipments(b, 1);
    // GLS's sandbox driver took the parcel two days ago
    const parcelId = parseGlsRef(shipment!.carrier_ref)!.parcelId;
    expect((await createSandboxApp().request(`/_sandbox/carriers/gls/_driver/pickup-scan/${parcelId}?hoursAgo=48`, { method: 'POST' }, env)).status).toBe(204);
    const { queue, bodies } = capturingQueue();
    const later = new Date(Date.now() + 10 * 86_400_000);
    const fanned = await enqueueTrackingPoll({ ...(env as never as Parameters<typeof enqueueTrackingPoll>[0]), TRACKING_QUEUE: queue }, later);
    expect(fanned.messages).toBe(bodies.length);
    // each message names at most 25 shipments, all of its carrier
    const ids = bodies.flatMap((m) => (m.kind === 'tracking-poll' ? m.shipmentIds : []));
    const carrierOf = new Map((await env.DB.prepare(`SELECT id, carrier FROM shipments WHERE id IN (${ids.join(',')})`).all<{ id: number; carrier: string }>()).results.map((r) => [r.id, r.carrier]));
    for (const m of bodies) if (m.kind === 'tracking-poll') expect(m.shipmentIds.length <= POLL_CHUNK && m.shipmentIds.every((id) => carrierOf.get(id) === m.carrier)).toBe(true);
    const mine = bodies.find((m) => m.kind === 'tracking-poll' && m.shipmentIds.includes(shipment!.id));
    expect(mine).toMatchObject({ kind: 'tracking-poll', carrier: 'gls', at: later.toISOString() });
    // no cron work asked a carrier yet; the real queue's consumer does
    expect(await storedEvents([shipment!.id])).toEqual([]);
    await env.TRACKING_QUEUE.send({ ...mine!, shipmentIds: [shipment!.id] }, { contentType: 'json' });
    await expect.poll(async () => (await storedEvents([shipment!.id])).length, { timeout: 20_000, interval: 50 }).toBeGreaterThan(0);
    await expect.poll(async () => (await dataOf<{ status: string }>(await b.get(`/api/v1/orders/${shipment!.tracking_number}?tracking=1`))).status, { timeout: 5_000, interval: 50 }).toBe('delivered');
  });
});
