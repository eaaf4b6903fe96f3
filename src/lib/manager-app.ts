/**
 * The separate shipment-manager application of business users with a contract (spec §1
 * {host}). Its address is set at build time with WAKU_PUBLIC_MANAGER_APP_URL (in the
 * environment or .env of `waku build`: the links are in client code too); unset, the
 * production address. Links to it are labelled as leading to another app.
 */
export const DEFAULT_MANAGER_APP_URL = 'https://manager.zasilkovac.cz';

/** the configured address without a trailing slash; anything but an absolute http(s) URL is a configuration mistake */
export function managerAppUrl(configured: string | undefined): string {
  const value = configured?.trim();
  if (!value) return DEFAULT_MANAGER_APP_URL;
  if (!URL.canParse(value) || !['http:', 'https:'].includes(new URL(value).protocol)) {
    throw new Error(`WAKU_PUBLIC_MANAGER_APP_URL must be an absolute http(s) URL, not ${JSON.stringify(value)}`);
  }
  return value.replace(/\/+$/, '');
}

export const MANAGER_APP_URL = managerAppUrl(import.meta.env.WAKU_PUBLIC_MANAGER_APP_URL);
