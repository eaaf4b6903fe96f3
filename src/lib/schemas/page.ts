import * as v from 'valibot';
import { object } from './object';

/** Queries of the content endpoints (v1/page/faq, v1/page/news, v1/page/careers). Issue messages are translation ids. */

const objectMessage: v.ErrorMessage<v.ObjectIssue> = (issue) => (issue.path ? 'validation.required' : 'validation.object');

/** a positive integer id in a query or path (up to nine digits) */
export const CONTENT_ID = /^[1-9]\d{0,8}$/;
/** a news token: lower-case letters, digits and dashes */
export const NEWS_TOKEN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const NEWS_TOKEN_MAX = 100;
export const FAQ_QUERY_MAX = 100;
export const NEWS_PAGE_SIZE = 10;

const idParam = v.pipe(v.string('validation.string'), v.regex(CONTENT_ID, 'validation.integer'), v.transform(Number));

/**
 * `GET v1/page/faq`: nothing → the categories (with how many questions each); `get_all=true` →
 * every category with its questions; `id` → one category with its questions; `q` → the
 * questions matching the search (within the category `id` when both are given).
 */
export const FaqQuerySchema = object(
  {
    get_all: v.optional(v.pipe(v.picklist(['true', 'false', '1', '0'], 'validation.boolean'), v.transform((s) => s === 'true' || s === '1')), 'false'),
    id: v.optional(idParam),
    q: v.optional(v.pipe(v.string('validation.string'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(FAQ_QUERY_MAX, 'validation.too_long'))),
  },
  objectMessage,
);
export type FaqQuery = v.InferOutput<typeof FaqQuerySchema>;

/** `GET v1/page/news`: newest first, NEWS_PAGE_SIZE a page */
export const NewsQuerySchema = object(
  { page: v.optional(v.pipe(v.string('validation.string'), v.regex(/^[1-9]\d{0,5}$/, 'validation.page'), v.transform(Number)), '1') },
  objectMessage,
);

/** a token or id that cannot exist is simply not found (404), not a validation error */
export const isNewsToken = (token: string) => token.length <= NEWS_TOKEN_MAX && NEWS_TOKEN.test(token);
export const isContentId = (id: string) => CONTENT_ID.test(id);
