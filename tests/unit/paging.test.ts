import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { afterParam, cappedTotal, decodeCursor, encodeCursor, FILTERED_TOTAL_MAX, pagerPages } from '../../src/lib/paging';

/** the oracle: Node's own base64url of the cursor's text (no padding) */
const url64 = (text: string | Buffer) => Buffer.from(text).toString('base64url');

describe('keyset cursors (base64url of "sortKey|id")', () => {
  it('encodes as base64url without padding, also where plain base64 would have + / and =', () => {
    expect(encodeCursor('2026-11-28T10:00:00.000Z', 42)).toBe(url64('2026-11-28T10:00:00.000Z|42'));
    // ">>>" and "???" are "Pj4+" and "Pz8/" in plain base64; "ab|1" needs two "=" of padding
    expect(encodeCursor('>>>???', 7)).toBe('Pj4-Pz8_fDc');
    expect(encodeCursor('ab', 1)).toBe('YWJ8MQ');
    expect(encodeCursor('Žluťoučký kůň', 3)).toBe(url64('Žluťoučký kůň|3'));
  });

  it('decodes what it encodes, the id after the last bar', () => {
    for (const [key, id] of [['2026-11-28T10:00:00.000Z', 42], ['>>>???', 7], ['a|b', 9], ['Žluťoučký kůň', 123456789012345], ['', 1]] as const) {
      expect(decodeCursor(encodeCursor(key, id))).toEqual({ key, id });
    }
    expect(decodeCursor(url64('|1'))).toEqual({ key: '', id: 1 }); // three characters: the shortest
    expect(decodeCursor(url64(`${'a'.repeat(148)}|1`))).toEqual({ key: 'a'.repeat(148), id: 1 }); // 200 characters: the longest
  });

  it('refuses what is not a cursor', () => {
    for (const text of [
      '', 'fD', // too short
      url64(`${'a'.repeat(150)}|1`), // 202 characters
      Buffer.from('>>>???|1').toString('base64'), // plain base64 with + and /
      `!${url64('a|1')}`, `${url64('a|1')}!`, `${url64('a|1')}=`,
      url64(Buffer.from([0xff, 0x7c, 0x31])), // not UTF-8
      url64('abc'), url64('123'), url64('a|'), url64('a|x'), url64('a|-1'), url64('a|1.5'), url64('a| 1'), url64('a|1234567890123456'),
      'abcde', // not base64 (atob throws)
    ]) {
      expect(decodeCursor(text), text).toBeNull();
    }
  });

  it('is the optional `after` parameter: absent or blank is null, a bad one names its rule', () => {
    expect(v.parse(afterParam, undefined)).toBeNull();
    expect(v.parse(afterParam, '')).toBeNull();
    expect(v.parse(afterParam, '   ')).toBeNull();
    expect(v.parse(afterParam, ` ${encodeCursor('k', 5)} `)).toEqual({ key: 'k', id: 5 });
    const issue = (input: unknown) => v.safeParse(afterParam, input).issues?.map((i) => i.message);
    expect(issue('zz!')).toEqual(['validation.invalid']);
    expect(issue(url64('no bar'))).toEqual(['validation.invalid']);
    expect(issue(5)).toEqual(['validation.string']);
  });
});

describe('capped totals (issue 28: a filtered list counts at most FILTERED_TOTAL_MAX rows)', () => {
  it('is exact up to the cap and "at least the cap" past it', () => {
    expect(cappedTotal(0)).toEqual({ total: 0, exact: true });
    expect(cappedTotal(FILTERED_TOTAL_MAX)).toEqual({ total: FILTERED_TOTAL_MAX, exact: true });
    expect(cappedTotal(FILTERED_TOTAL_MAX + 1)).toEqual({ total: FILTERED_TOTAL_MAX, exact: false });
    expect(cappedTotal(7, 5)).toEqual({ total: 5, exact: false });
  });
});

describe('pager pages', () => {
  it('an exact total names its last page', () => {
    expect(pagerPages({ total: 41, exact: true, page: 1, size: 20, hasNext: true })).toEqual({ pages: 3, open: false });
    expect(pagerPages({ total: 40, exact: true, page: 2, size: 20, hasNext: false })).toEqual({ pages: 2, open: false });
  });

  it('a capped total is open-ended: the pages it covers, and the next one while the list goes on', () => {
    expect(pagerPages({ total: 1000, exact: false, page: 1, size: 20, hasNext: true })).toEqual({ pages: 50, open: true });
    expect(pagerPages({ total: 1000, exact: false, page: 50, size: 20, hasNext: true })).toEqual({ pages: 51, open: true });
    expect(pagerPages({ total: 1000, exact: false, page: 73, size: 20, hasNext: true })).toEqual({ pages: 74, open: true });
    expect(pagerPages({ total: 1000, exact: false, page: 73, size: 20, hasNext: false })).toEqual({ pages: 73, open: true });
  });
});
