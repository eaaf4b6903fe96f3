import type { ErrorReportOutput, HandshakeOutput } from '../../lib/schemas/app';
import { deleteEventsBefore, deleteIdempotencyKeysBefore, deleteKeysRevokedBefore, deleteTokensExpiredBefore, insertAppError, insertHandshake } from '../db/repositories/app-events';

/** Spec §8: passwords, pass and secret fields are masked in error reports. */
const SECRET_KEY = /pass|secret/i;
export const MASK = '***';
/** Deeper parts of a report are dropped: they carry no diagnosis and would exhaust the stack. */
const MAX_DEPTH = 32;

/**
 * Masks every value whose key looks secret, at any depth of objects and arrays, including
 * JSON text inside strings (request bodies in xhr reports arrive serialised; such text is re-serialised).
 */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[too deep]';
  if (typeof value === 'string') return maskJsonText(value, depth);
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, SECRET_KEY.test(key) ? MASK : maskSecrets(item, depth + 1)]),
    );
  }
  return value;
}

function maskJsonText(text: string, depth: number): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith('{') || trimmed.startsWith('['))) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return text;
  }
  return JSON.stringify(maskSecrets(parsed, depth + 1));
}

/** a stored JSON field is cut at this many characters (the report stays readable, the table bounded) */
export const MAX_STORED_FIELD_CHARS = 16 * 1024;

const capped = (text: string) =>
  text.length <= MAX_STORED_FIELD_CHARS ? text : `${text.slice(0, MAX_STORED_FIELD_CHARS)}…[${text.length - MAX_STORED_FIELD_CHARS} characters cut]`;

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : capped(JSON.stringify(maskSecrets(value))));

export async function recordHandshake(db: D1Database, handshake: HandshakeOutput): Promise<void> {
  await insertHandshake(db, { url: handshake.url, referrer: handshake.referrer ?? null, userAgent: handshake.userAgent ?? null, anonymousId: handshake.anonymousId });
}

/** Stores a client error report with secrets masked. */
export async function recordErrorReport(db: D1Database, report: ErrorReportOutput): Promise<void> {
  await insertAppError(db, {
    url: report.url ?? null,
    build: report.build ?? null,
    error: jsonOrNull(report.error),
    xhr: jsonOrNull(report.xhr),
    store: jsonOrNull(report.store),
    context: jsonOrNull(report.context),
    note: report.note ?? null,
    debug: jsonOrNull(report.debug),
  });
}

/** an error as JSON can hold it: Error objects have no enumerable fields */
const describeError = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message, stack: error.stack ?? null } : { value: error };

/**
 * A bug the server caught and recovered from (e.g. in a carrier's pricing), stored as a
 * §8 error report (build 'server') so it is seen, not mistaken for a carrier outage.
 */
export function recordServerError(db: D1Database, report: { where: string; error: unknown; context?: unknown }): Promise<void> {
  return recordErrorReport(db, { url: report.where, build: 'server', error: describeError(report.error), context: report.context, xhr: null, store: null, note: null, debug: null });
}

/**
 * How long log-like rows are kept (docs/retention.md): error reports 30 days, handshakes 90, the
 * carriers' call log 7, sign-in attempts 30 (the limits look back minutes), contact messages a
 * year (they were mailed to the team; personal data is not kept longer), and the credentials'
 * leftovers: one-time tokens 30 days after they expired, revoked API keys 90 days after
 * revocation, idempotency keys 30 days (a client retries within minutes).
 */
export const RETENTION_DAYS = { app_errors: 30, handshakes: 90, carrier_calls: 7, sign_in_attempts: 30, contact_messages: 365, expired_tokens: 30, revoked_keys: 90, idempotency_keys: 30 } as const;
type Retained = keyof typeof RETENTION_DAYS;
const deleters: Record<Retained, (db: D1Database, before: string, limit: number) => Promise<number>> = {
  app_errors: (db, before, limit) => deleteEventsBefore(db, 'app_errors', before, limit),
  handshakes: (db, before, limit) => deleteEventsBefore(db, 'handshakes', before, limit),
  carrier_calls: (db, before, limit) => deleteEventsBefore(db, 'carrier_calls', before, limit),
  sign_in_attempts: (db, before, limit) => deleteEventsBefore(db, 'sign_in_attempts', before, limit),
  contact_messages: (db, before, limit) => deleteEventsBefore(db, 'contact_messages', before, limit),
  expired_tokens: deleteTokensExpiredBefore,
  revoked_keys: deleteKeysRevokedBefore,
  idempotency_keys: deleteIdempotencyKeysBefore,
};
const PRUNE_BATCH = 1_000;
const PRUNE_MAX_BATCHES = 100;

/**
 * Deletes the events older than their retention, in batches (a D1 statement stays short),
 * at most PRUNE_MAX_BATCHES a run; the next run continues. Returns the rows deleted per table.
 */
export async function pruneAppEvents(db: D1Database, now: Date): Promise<Record<Retained, number>> {
  const deleted = Object.fromEntries(Object.keys(RETENTION_DAYS).map((k) => [k, 0])) as Record<Retained, number>;
  for (const table of Object.keys(RETENTION_DAYS) as Retained[]) {
    const before = new Date(now.getTime() - RETENTION_DAYS[table] * 86_400_000).toISOString();
    for (let batch = 0; batch < PRUNE_MAX_BATCHES; batch++) {
      const changes = await deleters[table](db, before, PRUNE_BATCH);
      deleted[table] += changes;
      if (changes < PRUNE_BATCH) break;
    }
  }
  return deleted;
}

/** A CSP violation as browsers report it, in either format, reduced to what diagnoses it. */
export type CspViolation = { documentUrl: string | null; directive: string | null; blocked: string | null; report: unknown };
/** at most this many violations of one request are stored */
export const MAX_CSP_REPORTS = 10;

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 2048) : null);

/**
 * The violations in a report body: `{ "csp-report": {...} }` (report-uri) or an array of
 * Reporting API reports of type csp-violation. Anything else yields none.
 */
export function cspViolationsOf(body: unknown): CspViolation[] {
  const list: unknown[] = Array.isArray(body) ? body : [body];
  return list
    .flatMap((entry): CspViolation[] => {
      if (typeof entry !== 'object' || entry === null) return [];
      const legacy = (entry as Record<string, unknown>)['csp-report'];
      if (typeof legacy === 'object' && legacy !== null) {
        const r = legacy as Record<string, unknown>;
        return [{ documentUrl: text(r['document-uri']), directive: text(r['effective-directive'] ?? r['violated-directive']), blocked: text(r['blocked-uri']), report: r }];
      }
      const report = entry as { type?: unknown; body?: unknown };
      if (report.type === 'csp-violation' && typeof report.body === 'object' && report.body !== null) {
        const r = report.body as Record<string, unknown>;
        return [{ documentUrl: text(r.documentURL), directive: text(r.effectiveDirective), blocked: text(r.blockedURL), report: r }];
      }
      return [];
    })
    .slice(0, MAX_CSP_REPORTS);
}

/** Stores CSP violations as error reports (build 'csp'). */
export async function recordCspViolations(db: D1Database, violations: CspViolation[]): Promise<void> {
  for (const v of violations) {
    await recordErrorReport(db, {
      url: v.documentUrl,
      build: 'csp',
      error: `${v.directive ?? 'unknown directive'} blocked ${v.blocked ?? 'unknown'}`,
      context: v.report,
      xhr: null,
      store: null,
      note: null,
      debug: null,
    });
  }
}
