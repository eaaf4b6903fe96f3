import type { ErrorReportOutput, HandshakeOutput } from '../../lib/schemas/app';

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

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(maskSecrets(value)));

export async function recordHandshake(db: D1Database, handshake: HandshakeOutput): Promise<void> {
  await db
    .prepare('INSERT INTO handshakes (url, referrer, user_agent, anonymous_id) VALUES (?, ?, ?, ?)')
    .bind(handshake.url, handshake.referrer ?? null, handshake.userAgent ?? null, handshake.anonymousId)
    .run();
}

/** Stores a client error report with secrets masked. */
export async function recordErrorReport(db: D1Database, report: ErrorReportOutput): Promise<void> {
  await db
    .prepare(
      `INSERT INTO app_errors (url, build, error, xhr, store, context, note, debug)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(
      report.url ?? null,
      report.build ?? null,
      jsonOrNull(report.error),
      jsonOrNull(report.xhr),
      jsonOrNull(report.store),
      jsonOrNull(report.context),
      report.note ?? null,
      jsonOrNull(report.debug),
    )
    .run();
}
