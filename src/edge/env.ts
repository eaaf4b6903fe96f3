import type { OriginBindings } from '../server/env';
import type { Locale } from '../routes';
import type { Territory } from '../lib/types/quote';
import type { RateLimitBindings } from './rate-limit';
import type { FormPostState } from '../lib/form-post';

/** Bindings and vars declared in wrangler.toml (+ SESSION_SECRET from .dev.vars / wrangler secret). */
export type Bindings = OriginBindings &
  RateLimitBindings & {
  CACHE: KVNamespace;
  ASSETS?: Fetcher;
  /** host (with port, if any) of the Czech site, e.g. www.example.cz or 127.0.0.1:8787 */
  CZ_HOST: string;
  /** host of the Slovak site, e.g. www.example.sk or sk.localhost:8787 */
  SK_HOST: string;
  /** scheme of the public site: 'https' deployed (HSTS, Secure cookies even behind a proxy), 'http' locally; unset means https */
  PUBLIC_SCHEME?: string;
  /** remote origin speaking the same /api; unset = the origin app in-process */
  API_ORIGIN?: string;
  SESSION_SECRET: string;
  ENVIRONMENT?: string;
  BUILD_VERSION?: string;
  GOOGLE_MAPS_KEY?: string;
  /** '1' under local wrangler dev: turn off compression so streams are not buffered */
  DEV_NO_COMPRESS?: string;
};

/** What the edge learns about a request, for the gateway and for pages. */
export type RequestInfo = {
  locale: Locale;
  territory: Territory;
  /** API key from the sealed auth cookie; never sent to the browser */
  apiKey: string | null;
  /** the key's fingerprint (the zslt_session cookie's value), for the client's cookie-auth rule; null when signed out */
  session: string | null;
  anonymousId: string | null;
  /** a form posted without JavaScript that the page shows again with its outcome (./forms.ts) */
  form?: FormPostState;
};

export type Variables = {
  info: RequestInfo;
  /** CSP nonce of this response's inline scripts */
  nonce: string;
  /** a server component's API call found the cookie's key unknown: the page's answer clears the cookies */
  authInvalid?: boolean;
};
export type Env = { Bindings: Bindings; Variables: Variables };
