import * as v from 'valibot';
import { object } from './object';

/** Request schemas of the daily books (GET v1/app/ledger/daily) and the hand-match of a bank line. */

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

/** a real calendar day, YYYY-MM-DD */
const isDay = (text: string) => {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

export const LedgerDailyQuerySchema = object(
  {
    date: v.pipe(v.string('validation.required'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.date'), v.check(isDay, 'validation.date')),
    format: v.optional(v.picklist(['json', 'csv'], 'ledger.format'), 'json'),
  },
  objectMessage,
);

const number = v.optional(v.pipe(v.string('validation.string'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(40, 'validation.too_long')));

/** an order's number or a monthly invoice's, exactly one */
export const LedgerMatchSchema = v.pipe(
  object({ order: number, invoice: number }, objectMessage),
  v.forward(
    v.check((input) => (input.order === undefined) !== (input.invoice === undefined), 'ledger.match.order_or_invoice'),
    ['order'],
  ),
);
