import * as v from 'valibot';
import { trackingNumberError } from '../tracking-number';
import { isValidIco } from '../validators';
import { EmailSchema, phoneE164 } from './account';
import { multiLineText, text } from './fields';
import { object, variant, withAliases } from './object';

/**
 * POST v1/contact/submit (issue 11): the contact form (/kontaktni-formular) and the
 * business get-offer form (/business/ziskat-nabidku). The forms validate with this schema
 * too; issue messages are translation ids. Unknown keys are dropped.
 *
 * `website` is the honeypot and `started_at` the moment the form was rendered (ms epoch):
 * the origin answers a filled honeypot or a submission within 3 s like a success and keeps
 * nothing, so the schema lets any value of them through (a type error only).
 */

export const CONTACT_FORMS = ['contact', 'offer'] as const;
export const CONTACT_TOPICS = ['customer_care', 'pr_marketing', 'sales', 'other'] as const;
export const MONTHLY_PARCELS = ['1-50', '51-200', '201-1000', '1000+'] as const;
export type ContactForm = (typeof CONTACT_FORMS)[number];
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export type MonthlyParcels = (typeof MONTHLY_PARCELS)[number];

export const MESSAGE_MIN_LENGTH = 10;
export const MESSAGE_MAX_LENGTH = 5000;
/** faster than this from render to submit is a bot */
export const MIN_FILL_MS = 3000;

/** one line (no line breaks), inner spaces collapsed, so it is safe in a mail subject */
const line = (required: boolean, max: number) =>
  v.pipe(
    text(required),
    v.transform((value) => value.replace(/\s+/g, ' ')),
    v.maxLength(max, 'validation.too_long'),
  );
const optionalLine = (max: number) => v.optional(line(false, max), '');

const PhoneSchema = v.optional(
  v.pipe(
    text(false),
    v.maxLength(40, 'validation.too_long'),
    v.check((value) => value === '' || phoneE164(value) !== null, 'validation.phone'),
  ),
  '',
);

const MessageSchema = v.pipe(
  multiLineText(true),
  v.check((value) => value === '' || value.length >= MESSAGE_MIN_LENGTH, 'contact.error.messageShort'),
  v.maxLength(MESSAGE_MAX_LENGTH, 'validation.too_long'),
);

/** optional; when given, a tracking number of this product (spec §5), stored uppercase */
const TrackingNumberField = v.optional(
  v.pipe(
    text(false),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed || dataset.value === '') return;
      const error = trackingNumberError(dataset.value);
      if (error) addIssue({ message: `tracking.${error}` });
    }),
    v.toUpperCase(),
  ),
  '',
);

const IcoField = v.optional(
  v.pipe(
    text(false),
    v.transform((value) => value.replace(/\s/g, '')),
    v.check((value) => value === '' || isValidIco(value), 'validation.tin'),
  ),
  '',
);

const common = {
  name: line(true, 200),
  email: EmailSchema,
  phone: PhoneSchema,
  message: MessageSchema,
  /** the honeypot: people never see it, so it stays empty */
  website: v.optional(v.pipe(v.string('validation.string'), v.maxLength(1000, 'validation.too_long')), ''),
  started_at: v.pipe(v.number('validation.required'), v.finite('validation.number')),
  captcha_token: v.optional(v.pipe(v.string('validation.string'), v.maxLength(4096, 'validation.too_long'))),
};

export const ContactMessageSchema = object({
  form: v.literal('contact', 'validation.invalid'),
  /** the topic (spec §3 Contact: type, default other) */
  type: v.optional(v.picklist(CONTACT_TOPICS, 'contact.error.topic'), 'other'),
  ...common,
  company: optionalLine(200),
  tracking_number: TrackingNumberField,
});

export const OfferRequestSchema = object({
  form: v.literal('offer', 'validation.invalid'),
  /** the offer goes to sales; nothing else is accepted */
  type: v.optional(v.literal('sales', 'validation.invalid'), 'sales'),
  ...common,
  company: line(true, 200),
  ico: IcoField,
  monthly_parcels: v.picklist(MONTHLY_PARCELS, 'contact.error.monthlyParcels'),
});

/** `topic` is the older name of `type` */
export const ContactSubmitSchema = withAliases({ topic: 'type' }, variant('form', [ContactMessageSchema, OfferRequestSchema], 'validation.invalid'));

export type ContactSubmitInput = v.InferInput<typeof ContactMessageSchema> | v.InferInput<typeof OfferRequestSchema>;
export type ContactSubmitOutput = v.InferOutput<typeof ContactSubmitSchema>;

/** spam signals of a raw body, read before it is validated (a bot learns nothing from the answer) */
export function isSpamSubmission(body: unknown, now: number): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { website, started_at } = body as { website?: unknown; started_at?: unknown };
  if (typeof website === 'string' ? website.trim() !== '' : website !== undefined && website !== null) return true;
  if (typeof started_at === 'number' && Number.isFinite(started_at)) {
    const elapsed = now - started_at;
    // a start in the future is a visitor's clock running ahead, not a bot: let it through
    return elapsed >= 0 && elapsed < MIN_FILL_MS;
  }
  return false;
}
