import { unstable_notFound as notFound, unstable_redirect as redirect } from 'waku/router/server';
import { describe, expect, it, vi } from 'vitest';
import { isRenderRedirect, quietRenderRedirects } from '../../src/server/render-log';

const thrown = (f: () => void) => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

describe("Waku's render-error log", () => {
  it('drops the lines of redirects thrown while rendering (Waku’s own error shape), keeps every other error', () => {
    const error = vi.fn();
    const target = { error };
    quietRenderRedirects(target);
    target.error('Error during rendering:', thrown(() => redirect('/prihlaseni?from=klient-zasilky')));
    target.error('Error during rendering:', thrown(() => redirect('/en', 308)));
    expect(error).not.toHaveBeenCalled();

    const notFoundError = thrown(() => notFound());
    target.error('Error during rendering:', notFoundError);
    target.error('Error during rendering:', new Error('boom'));
    target.error('carrier call log failed', thrown(() => redirect('/x')));
    expect(error.mock.calls.map((call) => call[1])).toEqual([notFoundError, new Error('boom'), expect.objectContaining({ message: 'Redirect' })]);
  });

  it('tells a redirect only by a 3xx status in a well-formed digest', () => {
    const withDigest = (digest: unknown) => Object.assign(new Error('Redirect'), { digest });
    expect(isRenderRedirect(['Error during rendering:', withDigest('__WAKU_CUSTOM_ERROR__;{"status":307,"location":"/"}')])).toBe(true);
    expect(isRenderRedirect(['Error during rendering:', withDigest('__WAKU_CUSTOM_ERROR__;{"status":500}')])).toBe(false);
    expect(isRenderRedirect(['Error during rendering:', withDigest('__WAKU_CUSTOM_ERROR__;{bad')])).toBe(false);
    expect(isRenderRedirect(['Error during rendering:', withDigest('307')])).toBe(false);
    expect(isRenderRedirect(['Error during rendering:', withDigest(307)])).toBe(false);
    expect(isRenderRedirect(['Error during rendering:', null])).toBe(false);
    expect(isRenderRedirect([])).toBe(false);
  });
});
