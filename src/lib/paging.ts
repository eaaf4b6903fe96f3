import * as v from 'valibot';

/**
 * Keyset paging of the long lists (issue 28): a page's `next` cursor names its last row by
 * the list's sort key and id, and the next page starts after that row, so a deep page reads
 * no rows before it (OFFSET would). Opaque to clients: base64url of "sortKey|id".
 */
export type Cursor = { key: string; id: number };

const toBase64Url = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const encodeCursor = (key: string, id: number): string => toBase64Url(`${key}|${id}`);

/** the cursor a text names, or null when it is not one */
export function decodeCursor(text: string): Cursor | null {
  if (!/^[A-Za-z0-9_-]{3,200}$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const at = decoded.lastIndexOf('|');
    const id = Number(decoded.slice(at + 1));
    if (at < 0 || !/^\d{1,15}$/.test(decoded.slice(at + 1)) || !Number.isSafeInteger(id)) return null;
    return { key: decoded.slice(0, at), id };
  } catch {
    return null;
  }
}

/** the optional `after` query parameter: a cursor, or absent (null) */
export const afterParam = v.pipe(
  v.optional(v.string('validation.string'), ''),
  v.trim(),
  v.transform((s) => (s === '' ? null : decodeCursor(s) ?? false)),
  v.check((c) => c !== false, 'validation.invalid'),
  v.transform((c) => c as Cursor | null),
);

/**
 * A filtered list counts at most this many matching rows (issue 28: the heavy account's
 * filters can match thousands of its 50,000 shipments; counting them all cost more than the
 * page). Past it the total is "FILTERED_TOTAL_MAX or more" and the pager is open-ended.
 */
export const FILTERED_TOTAL_MAX = 1000;

/** a total counted with LIMIT max + 1: exact up to max, else max and not exact */
export function cappedTotal(counted: number, max = FILTERED_TOTAL_MAX): { total: number; exact: boolean } {
  return counted > max ? { total: max, exact: false } : { total: counted, exact: true };
}

/**
 * The pages a pager offers: every page of an exact total; of a capped one, the pages the
 * total covers and, while the list goes on (`hasNext`), the page after the current one —
 * with no last page named (`open`).
 */
export function pagerPages(p: { total: number; exact: boolean; page: number; size: number; hasNext: boolean }): { pages: number; open: boolean } {
  const counted = Math.ceil(p.total / p.size);
  if (p.exact) return { pages: counted, open: false };
  return { pages: Math.max(counted, p.hasNext ? p.page + 1 : p.page), open: true };
}
