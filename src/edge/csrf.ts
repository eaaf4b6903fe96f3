const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Unsafe methods must come from our own origin. Browsers send Origin (and Sec-Fetch-Site)
 * with every POST; a request carrying neither is not from a browser form and cannot ride
 * on the user's cookies cross-site, so it passes.
 */
export function isCrossSiteWrite(req: { method: string; url: string; origin: string | null; fetchSite: string | null }): boolean {
  if (SAFE.has(req.method)) return false;
  if (req.origin && req.origin !== 'null') return new URL(req.url).origin !== req.origin;
  if (req.origin === 'null') return true;
  return req.fetchSite === 'cross-site';
}
