import type { RawTrackingEvent } from '../carriers/sandbox-story';

/** the queues' names (wrangler.toml [[queues.producers]] / [[queues.consumers]]) */
export const QUEUES = { tracking: 'zasilkovac-tracking', mail: 'zasilkovac-mail', dead: 'zasilkovac-dead' } as const;

/** a carrier's webhook events of one parcel (its own number), verified and validated */
export type TrackingEventsMessage = { kind: 'tracking-events'; carrier: string; parcel: string; events: RawTrackingEvent[] };
/** the poller's fan-out: one carrier's open shipments to ask about */
export type TrackingPollMessage = { kind: 'tracking-poll'; carrier: string; shipmentIds: number[]; at: string };
export type TrackingMessage = TrackingEventsMessage | TrackingPollMessage;
/** an outbox row to send */
export type MailMessage = { kind: 'mail'; outboxId: number };
export type QueueMessageBody = TrackingMessage | MailMessage;
