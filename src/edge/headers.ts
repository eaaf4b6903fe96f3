import STATIC_HEADERS from './static-headers.json';

/**
 * Security headers of every response (ARCHITECTURE.md security rules). The parts that do
 * not depend on the request live in static-headers.json, which the build also writes into
 * dist/public/_headers for the hashed assets the platform serves without the Worker.
 */
export { STATIC_HEADERS };

/**
 * where browsers send CSP violation reports. Only `report-uri`: a policy that also names
 * `report-to` makes Chromium ignore report-uri and batch reports through the Reporting API
 * (up to a minute late); the endpoint accepts both formats for when that changes.
 */
export const CSP_REPORT_PATH = '/api/v1/app/csp-report';
export const HSTS = 'max-age=31536000; includeSubDomains';

export type HeaderOptions = {
  /** the public URL is https (by configuration or by the request) */
  https: boolean;
  /** partner pages of the external layout may be framed */
  embeddable: boolean;
  /** a Google Maps key is configured: its hosts are allowed */
  mapsKey: boolean;
  /** per-response nonce of the inline scripts the render emits */
  nonce: string;
  /** `waku dev` only: Vite's own inline scripts carry no nonce */
  allowInlineScripts?: boolean;
};

/** 16 random bytes, base64: a fresh CSP nonce */
export function cspNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(opts: Omit<HeaderOptions, 'https'>): string {
  const maps = opts.mapsKey ? ' https://maps.googleapis.com https://maps.gstatic.com' : '';
  // 'strict-dynamic': scripts the nonced bootstrap loads (the page's module chunks, the map
  // loader) run; 'self' only for browsers without CSP 3, which ignore 'strict-dynamic'
  const scripts = opts.allowInlineScripts ? `'self' 'unsafe-inline'${maps}` : `'nonce-${opts.nonce}' 'strict-dynamic' 'self'${maps}`;
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "script-src-attr 'none'",
    // React sets style attributes; inline styles stay allowed until they move out
    `style-src 'self' 'unsafe-inline'${opts.mapsKey ? ' https://fonts.googleapis.com' : ''}`,
    `img-src 'self' data: blob:${maps}`,
    `connect-src 'self'${maps}`,
    `font-src 'self' data:${opts.mapsKey ? ' https://fonts.gstatic.com' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${opts.embeddable ? '*' : "'self'"}`,
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

export function securityHeaders(opts: HeaderOptions): Record<string, string> {
  return {
    ...STATIC_HEADERS,
    'content-security-policy': contentSecurityPolicy(opts),
    ...(opts.embeddable ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
    ...(opts.https ? { 'strict-transport-security': HSTS } : {}),
  };
}
