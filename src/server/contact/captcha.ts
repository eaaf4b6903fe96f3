/**
 * The captcha seam of the contact forms. With `TURNSTILE_SECRET` set, tokens are checked
 * with Cloudflare Turnstile's siteverify; without it (local development, tests) every
 * submission passes. A verifier never throws: a failure to reach the service counts as a
 * failed check, so the form says "try again" instead of a 500.
 */
export interface CaptchaVerifier {
  /** true when the token proves a person (or when there is nothing to check) */
  verify(token: string | undefined, remoteIp: string | null): Promise<boolean>;
}

export const TURNSTILE_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** off: local development and tests */
export const noCaptcha: CaptchaVerifier = { verify: async () => true };

export function turnstileVerifier(secret: string, fetcher: typeof fetch = fetch): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      if (!token) return false;
      const form = new FormData();
      form.set('secret', secret);
      form.set('response', token);
      if (remoteIp && remoteIp !== 'unknown') form.set('remoteip', remoteIp);
      try {
        const res = await fetcher(TURNSTILE_VERIFY_URL, { method: 'POST', body: form, signal: AbortSignal.timeout(5000) });
        if (!res.ok) return false;
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch (error) {
        console.warn('turnstile siteverify failed', error);
        return false;
      }
    },
  };
}

export const captchaVerifier = (env: { TURNSTILE_SECRET?: string }): CaptchaVerifier =>
  env.TURNSTILE_SECRET ? turnstileVerifier(env.TURNSTILE_SECRET) : noCaptcha;
