import * as v from 'valibot';
import { multiLineText, text } from './fields';
import { object } from './object';
import { trackingNumberError } from '../tracking-number';
import { isValidCzechBankAccount, isValidEmail, isValidIban, looksLikeIban, normalizeIban } from '../validators';

/**
 * The claim forms' fields (issue 11), checked alike by the page and the API. Messages are
 * translation ids; the field names are the form's (and the multipart body's).
 */
export const CLAIM_REASON_VALUES = ['damaged', 'lost', 'late', 'contents_missing', 'other'] as const;
export const DESCRIPTION_MIN = 20;
export const DESCRIPTION_MAX = 5000;
export const MESSAGE_MAX = 5000;

const email = (required: boolean) =>
  v.pipe(
    text(required),
    v.toLowerCase(),
    v.maxLength(254, 'validation.too_long'),
    v.check((value) => value === '' || isValidEmail(value), 'validation.email'),
  );

export const trackingNumberField = v.pipe(
  text(true),
  v.toUpperCase(),
  v.check((value) => value === '' || trackingNumberError(value) !== 'invalid_number_op', 'tracking.invalid_number_op'),
  v.check((value) => value === '' || trackingNumberError(value) === null, 'tracking.invalid_number'),
);

/** a Czech account '(prefix-)number/bank' with its checksums, or an IBAN (mod 97); stored normalized */
export const bankAccountField = v.pipe(
  text(true),
  v.check((value) => value === '' || (looksLikeIban(value) ? isValidIban(value) : isValidCzechBankAccount(value)), 'claims.error.bank_account'),
  v.transform((value) => (looksLikeIban(value) ? normalizeIban(value) : value.replace(/\s+/g, ''))),
);

/** a missing field is a required one (valibot's own message is not a translation id) */
const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

/** step 1: the tracking number and what proves the parcel is yours (the order's token or an e-mail of it) */
export const FindReferenceSchema = v.pipe(
  object({
    tracking_number: trackingNumberField,
    token: v.optional(v.pipe(text(false), v.maxLength(200, 'validation.too_long')), ''),
    email: v.optional(email(false), ''),
  }, objectMessage),
  v.forward(
    v.partialCheck([['token'], ['email']], ({ token, email: mail }) => token !== '' || mail !== '', 'claims.error.token_or_email'),
    ['email'],
  ),
);

export const ClaimSchema = v.pipe(
  object({
    tracking_number: trackingNumberField,
    token: v.optional(v.pipe(text(false), v.maxLength(200, 'validation.too_long')), ''),
    email: v.optional(email(false), ''),
    reason: v.picklist(CLAIM_REASON_VALUES, 'claims.error.reason'),
    description: v.pipe(
      multiLineText(true),
      v.check((value) => value === '' || value.length >= DESCRIPTION_MIN, 'claims.error.description_short'),
      v.maxLength(DESCRIPTION_MAX, 'validation.too_long'),
    ),
    bank_account: bankAccountField,
    contact_email: email(true),
    language: v.optional(v.picklist(['cs', 'sk', 'en']), 'cs'),
  }, objectMessage),
  v.forward(
    v.partialCheck([['token'], ['email']], ({ token, email: mail }) => token !== '' || mail !== '', 'claims.error.token_or_email'),
    ['email'],
  ),
);
export type ClaimInput = v.InferOutput<typeof ClaimSchema>;

export const ClaimMessageSchema = object({
  body: v.pipe(multiLineText(true), v.maxLength(MESSAGE_MAX, 'validation.too_long')),
}, objectMessage);
