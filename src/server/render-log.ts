/**
 * Waku logs every error thrown while rendering, the redirects of its own `unstable_redirect`
 * too (a signed-out visit to the client section): an answer, not an error. Each such line
 * carries a stack that `wrangler dev` source-maps afresh (~0.4 s of CPU), so a page fuzz or
 * an e2e run spent most of its time on them, and deployed logs counted them as errors.
 */
const RENDER_ERROR = 'Error during rendering:';
const CUSTOM_ERROR = '__WAKU_CUSTOM_ERROR__;';

export function isRenderRedirect(args: readonly unknown[]): boolean {
  const [label, error] = args;
  if (label !== RENDER_ERROR || typeof error !== 'object' || error === null) return false;
  const digest = (error as { digest?: unknown }).digest;
  if (typeof digest !== 'string' || !digest.startsWith(CUSTOM_ERROR)) return false;
  try {
    const { status } = JSON.parse(digest.slice(CUSTOM_ERROR.length)) as { status?: unknown };
    return typeof status === 'number' && status >= 300 && status < 400;
  } catch {
    return false;
  }
}

/** drops Waku's render-error lines of redirects; every other error is logged as before */
export function quietRenderRedirects(target: Pick<Console, 'error'> = console) {
  const error = target.error.bind(target);
  target.error = (...args: unknown[]) => {
    if (!isRenderRedirect(args)) error(...args);
  };
}
