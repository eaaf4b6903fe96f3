import { isErrorCode, type FieldError } from './api-errors';

/**
 * How a failed call shows (spec §8): field errors of a 400 in the field-error dialog, any
 * other failure (a status, a stream cut short, no answer at all) in the 7-second error toast.
 * `status` 0 is a call that got no answer (the network).
 */
export type ApiFailure = { kind: 'fields'; errors: FieldError[] } | { kind: 'toast'; status: number; message: string };

export function apiFailureOf(error: unknown): ApiFailure {
  const e = (typeof error === 'object' && error !== null ? error : {}) as { status?: unknown; errors?: unknown; message?: unknown };
  const status = typeof e.status === 'number' ? e.status : 0;
  const errors = Array.isArray(e.errors) ? (e.errors as FieldError[]) : [];
  if (status === 400 && errors.length > 0) return { kind: 'fields', errors };
  return { kind: 'toast', status, message: typeof e.message === 'string' ? e.message : '' };
}

const STATUS_TEXTS = new Set([400, 401, 403, 404]);

/** the toast's text: the server's message when it is a translation id, else the text of its status kind */
export function toastMessageId(failure: { status: number; message: string }, prefix = 'quote.failure'): string {
  if (isErrorCode(failure.message) && failure.message.includes('.')) return failure.message;
  if (failure.status === 0) return `${prefix}.network`;
  return STATUS_TEXTS.has(failure.status) ? `${prefix}.status.${failure.status}` : `${prefix}.generic`;
}

/** a quote request's field ('to.country', 'packages.0.weight') as the comparison form labels it */
export function quoteFieldLabel(field: string, t: (id: string) => string): string {
  const side = /^(from|to)\.(country|zip|city)$/.exec(field);
  if (side) return `${t(side[1] === 'from' ? 'quote.from' : 'quote.to')} – ${t(`quote.${side[2]}`)}`;
  const parcel = /^packages\.(\d+)\.(weight|width|height|length|type)$/.exec(field);
  if (parcel) return `${t('quote.packages')} ${Number(parcel[1]) + 1} – ${t(parcel[2] === 'type' ? 'quote.packageType' : `quote.${parcel[2]}`)}`;
  if (field === 'packages') return t('quote.packages');
  return field;
}
