import type { UserRow } from './db/repositories/users';

/** Bindings the origin app needs (declared in wrangler.toml; secrets from .dev.vars / wrangler secret). */
export type OriginBindings = {
  DB: D1Database;
  /** the closed accounting years' databases (wrangler.toml DB_Y<year>), comma-separated binding names, each a D1 binding of its own (services/archive/years) */
  YEAR_DATABASES?: string;
  FILES?: R2Bucket;
  /** KV: the edge's API cache; the origin keeps computed price-list rows in it */
  CACHE?: KVNamespace;
  ENVIRONMENT?: string;
  /** address suggestions: only 'local' (bundled CZ/SK places) is implemented */
  MAPS_PROVIDER?: string;
  /**
   * '1' only under `npm start` and the e2e server (a --var, never in wrangler.toml): turns on
   * the sandboxes (identity provider, …) and the local-only helpers (/_dev/mailbox).
   */
  LOCAL_DEV?: string;
  /** comma-separated e-mails of the operator's staff: signed in, they may read GET v1/app/carriers/health */
  INTERNAL_USER_EMAILS?: string;
  /** hosts and scheme of the public site, for links in e-mails */
  CZ_HOST?: string;
  SK_HOST?: string;
  PUBLIC_SCHEME?: string;
  /** secret: the pepper mixed into every password hash */
  PASSWORD_PEPPER?: string;
  /** secret: also the base of the sandbox Facebook secrets */
  SESSION_SECRET?: string;
  /** dev secret: the sandbox identity provider's RSA key (JWK JSON) */
  SANDBOX_IDP_JWK?: string;
  GOOGLE_CLIENT_ID?: string;
  FACEBOOK_APP_ID?: string;
  FACEBOOK_APP_SECRET?: string;
  /** the platform's send_email binding, and the address mail comes from */
  MAIL?: SendEmail;
  MAIL_FROM?: string;
  /** Cloudflare Queues (wrangler.toml; src/server/queues): carriers' events and the poller's fan-out, outgoing e-mail; unset, the work is done inline */
  TRACKING_QUEUE?: Queue<import('./queues/messages').TrackingMessage>;
  MAIL_QUEUE?: Queue<import('./queues/messages').MailMessage>;
  /** the business register: 'ares' asks ARES (falling back to the sample when it cannot be reached); 'sample' only the bundled sample */
  COMPANY_REGISTER?: string;
  /** Fio banka API token of the shop's account (secret): the 5-minute cron reads the statement with it, the daily one sends the refunds' payment order (Fio import); unset, only the sandbox bank exists */
  /** base of the carriers' webhook signing secrets (secret); unset deployed, webhooks are refused; locally the sandbox carriers sign with a derived one */
  CARRIER_WEBHOOK_SECRET?: string;
  FIO_TOKEN?: string;
  /** GoPay's payments API root (var; unset: production https://gate.gopay.cz/api; https://gw.sandbox.gopay.com/api is GoPay's test environment) */
  GOPAY_API_URL?: string;
  /** GoPay's OAuth client credentials and the e-shop's GoID (secrets); all three set, card is offered through GoPay */
  GOPAY_CLIENT_ID?: string;
  GOPAY_CLIENT_SECRET?: string;
  GOPAY_GOID?: string;
  /** team addresses of the contact forms' topics (defaults: customer care of the territory, pr@…, obchod@…) */
  CONTACT_CARE_EMAIL?: string;
  CONTACT_PR_EMAIL?: string;
  CONTACT_SALES_EMAIL?: string;
  /** secret: Cloudflare Turnstile of the contact forms; unset, the captcha is off */
  TURNSTILE_SECRET?: string;
  /** secrets of the carriers' own APIs (src/server/carriers/availability.ts); deployed, a carrier without its client and these is not orderable */
  /** UPS's host (var; unset: production https://onlinetools.ups.com; https://wwwcie.ups.com is UPS's test environment) */
  UPS_API_URL?: string;
  /** UPS OAuth client credentials and the 6-character shipper number */
  UPS_CLIENT_ID?: string;
  UPS_CLIENT_SECRET?: string;
  UPS_ACCOUNT_NUMBER?: string;
  /** PPL's CPL API root (var; unset: production https://api.dhl.com/ecs/ppl/myapi2; https://api-dev.dhl.com/ecs/ppl/myapi2 is PPL's test host) */
  PPL_API_URL?: string;
  /** PPL CPL API OAuth client credentials (issued by PPL's IT support) */
  PPL_CLIENT_ID?: string;
  PPL_CLIENT_SECRET?: string;
  /** DPD CZ's DPD Shipping API (NST) host (var; unset: https://shipping.dpdgroup.com); its API token, customer id and registered sender address id */
  DPD_CZ_API_URL?: string;
  DPD_CZ_API_TOKEN?: string;
  DPD_CZ_CUSTOMER_ID?: string;
  DPD_CZ_SENDER_ADDRESS_ID?: string;
  /** DPD SK's Shipper API endpoint (var; unset: https://api.dpd.sk/shipment/json); its API key, login e-mail, DELIS ID, pickup address id and COD bank account id */
  DPD_SK_API_URL?: string;
  DPD_SK_API_KEY?: string;
  DPD_SK_EMAIL?: string;
  DPD_SK_DELIS_ID?: string;
  DPD_SK_ADDRESS_ID?: string;
  DPD_SK_BANK_ACCOUNT_ID?: string;
  /** DPD's parcel tracking host (var; unset: https://tracking.dpd.de) */
  DPD_TRACKING_URL?: string;
  /** GLS CZ's MyGLS host (var; unset: https://api.mygls.cz; https://api.test.mygls.cz is its test host); the MyGLS user, its password and the client number */
  GLS_CZ_API_URL?: string;
  GLS_CZ_USERNAME?: string;
  GLS_CZ_PASSWORD?: string;
  GLS_CZ_CLIENT_NUMBER?: string;
  /** GLS SK's MyGLS host (var; unset: https://api.mygls.sk; https://api.test.mygls.sk is its test host); its user, password and client number */
  GLS_SK_API_URL?: string;
  GLS_SK_USERNAME?: string;
  GLS_SK_PASSWORD?: string;
  GLS_SK_CLIENT_NUMBER?: string;
  /** Česká pošta's ZSKService (var; unset: production https://b2b.postaonline.cz:444/restservices/ZSKService/v1; b2b-test.postaonline.cz is its test host) */
  CPOST_API_URL?: string;
  /** Česká pošta B2B: the API token and secret key (B2B profile), the sender's technological number and the post code of its post office */
  CPOST_API_TOKEN?: string;
  CPOST_SECRET_KEY?: string;
  CPOST_CUSTOMER_ID?: string;
  CPOST_POST_CODE?: string;
  /** var: the sender's location (podací místo) number at Česká pošta; unset: 1 */
  CPOST_LOCATION_NUMBER?: string;
  GLS_USERNAME?: string;
  GLS_PASSWORD?: string;
  /** FedEx's API host (var; unset: production https://apis.fedex.com; https://apis-sandbox.fedex.com is FedEx's test host) */
  FEDEX_API_URL?: string;
  /** FedEx's Trade Documents Upload host (var; unset: https://documentapi.prod.fedex.com; https://documentapitest.prod.fedex.com/sandbox for tests) */
  FEDEX_DOCUMENTS_URL?: string;
  /** FedEx OAuth client credentials (the project's API key and secret key) and the 9-digit account number */
  FEDEX_CLIENT_ID?: string;
  FEDEX_CLIENT_SECRET?: string;
  /** TOPTRANS's ZP API host (var; unset: https://zp.toptrans.cz) and the ZP2 login its API takes (Basic auth) */
  TOPTRANS_API_URL?: string;
  FEDEX_ACCOUNT_NUMBER?: string;
  TOPTRANS_USERNAME?: string;
  TOPTRANS_PASSWORD?: string;
  /** One by Allegro (WE|DO) API v2 base URL (var; unset: production https://api.wedo.cz/v2; https://api.test.wedo.cz/v2 is its test environment) */
  WEDO_API_URL?: string;
  /** WE|DO's API user and API key (HTTP Basic) */
  WEDO_API_USER?: string;
  WEDO_API_KEY?: string;
  /** var: the customer's pickup place code (X-WEDO-PickupPlaceCode) when the account has several */
  WEDO_PICKUP_PLACE?: string;
  /** Liftago's API host (var; unset: https://api.liftago.com); its Bearer token, partner id and optional product setting */
  LIFTAGO_API_URL?: string;
  LIFTAGO_API_TOKEN?: string;
  LIFTAGO_PARTNER_ID?: string;
  LIFTAGO_PRODUCT_SETTING_ID?: string;
};

export const isLocalDev = (env: Pick<OriginBindings, 'LOCAL_DEV'>) => env.LOCAL_DEV === '1';

export type OriginVariables = {
  /** the request's session, looked up on first use (src/server/http/auth.ts) */
  session?: () => Promise<{ user: UserRow; keyHash: string } | null>;
};

export type OriginEnv = { Bindings: OriginBindings; Variables: OriginVariables };
