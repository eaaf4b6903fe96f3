/** Redirect rules of spec §2.8 that need no profile. Pure: URL in, target out. */
export type Hosts = { czHost: string; skHost: string };
export type Redirect = { location: string; status: 301 | 302 };

const FIXED: Record<string, string> = {
  '/manazer-zasilek': '/business/manazer-zasilek',
  '/pro-podnikatele': '/business/kontakt',
  '/sluzby-pro-obchodniky': '/business/kontakt',
  '/business/kontakt': '/business/ziskat-nabidku',
  '/dopravce/grid-online': '/',
  '/en/carrier/grid-online': '/en',
  '/dopravce/wedo': '/dopravce/one-by-allegro',
  '/en/carrier/wedo': '/en/carrier/one-by-allegro',
  '/klient/v2': '/klient/v2/prehled',
  '/en/klient/v2': '/en/klient/v2/prehled',
  '/en/prihlaseni': '/en/login',
  '/en/shipment-manager': '/en/business/shipment-manager',
};

const isUnder = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

export function redirectFor(url: URL, { czHost, skHost }: Hosts): Redirect | null {
  const path = url.pathname;
  // any /sk/* goes to the Slovak host without the prefix
  if (isUnder(path, '/sk')) {
    return { location: `${url.protocol}//${skHost}${path.slice(3) || '/'}${url.search}`, status: 301 };
  }
  // English is served by the Czech host only
  if (url.host === skHost && isUnder(path, '/en')) {
    return { location: `${url.protocol}//${czHost}${path}${url.search}`, status: 301 };
  }
  const target = FIXED[path];
  if (target) return { location: `${target}${url.search}`, status: 301 };
  return null;
}
