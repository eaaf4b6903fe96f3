/** Security headers for every response (spec: ARCHITECTURE.md security rules). */
export function securityHeaders(opts: { https: boolean; embeddable: boolean; mapsKey: boolean }): Record<string, string> {
  const maps = opts.mapsKey ? ' https://maps.googleapis.com https://maps.gstatic.com' : '';
  const csp = [
    "default-src 'self'",
    // Waku inlines the RSC payload in <script> tags, so inline scripts stay allowed
    `script-src 'self' 'unsafe-inline'${maps}`,
    `style-src 'self' 'unsafe-inline'${opts.mapsKey ? ' https://fonts.googleapis.com' : ''}`,
    `img-src 'self' data: blob:${maps}`,
    `connect-src 'self'${maps}`,
    `font-src 'self' data:${opts.mapsKey ? ' https://fonts.gstatic.com' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${opts.embeddable ? '*' : "'self'"}`,
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(opts.embeddable ? {} : { 'x-frame-options': 'SAMEORIGIN' }),
    ...(opts.https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
