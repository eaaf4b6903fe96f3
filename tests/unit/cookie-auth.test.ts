import { describe, expect, it } from 'vitest';
import { cookieAuthAction, readCookie, SESSION_COOKIE } from '../../src/lib/cookie-auth';

describe('cookie auth in the browser (spec §4)', () => {
  it('keeps a page whose session cookie is the one it was rendered with', () => {
    expect(cookieAuthAction('a1b2c3d4e5f60718', 'a1b2c3d4e5f60718')).toBe('keep');
    expect(cookieAuthAction(null, null)).toBe('keep');
  });

  it('signs the page out when the cookie is gone', () => {
    expect(cookieAuthAction('a1b2c3d4e5f60718', null)).toBe('logout');
  });

  it('switches to the user of another key, or of a first one', () => {
    expect(cookieAuthAction('a1b2c3d4e5f60718', '0000000000000001')).toBe('switch');
    expect(cookieAuthAction(null, '0000000000000001')).toBe('switch');
  });

  it('reads the readable session cookie among others', () => {
    expect(readCookie(`locale=cs; ${SESSION_COOKIE}=a1b2c3d4e5f60718; zslt_state=%7B%7D`, SESSION_COOKIE)).toBe('a1b2c3d4e5f60718');
    expect(readCookie('locale=cs; zslt_session_old=x', SESSION_COOKIE)).toBeNull();
    expect(readCookie(`${SESSION_COOKIE}=`, SESSION_COOKIE)).toBeNull();
    expect(readCookie('', SESSION_COOKIE)).toBeNull();
    expect(readCookie('a=%E0%A4%A', 'a')).toBe('%E0%A4%A');
  });
});
