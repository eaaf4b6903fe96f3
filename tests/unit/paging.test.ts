import { describe, expect, it } from 'vitest';
import { cappedTotal, FILTERED_TOTAL_MAX, pagerPages } from '../../src/lib/paging';

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
