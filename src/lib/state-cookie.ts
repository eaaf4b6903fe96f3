import * as v from 'valibot';
import { object } from './schemas/object';
import { STEP_IDS } from './configurator-rules';
import { QuoteAttributesSchema } from './schemas/draft';
import { STATE_COOKIE_NAME } from './state-cookie-name';

/**
 * The minimal copy of the configurator state kept in a cookie for the server (spec §4):
 * written by the client state, read by pages and the edge. The full state stays in
 * localStorage.
 */

export { STATE_COOKIE_NAME } from './state-cookie-name';
export const STATE_COOKIE_MAX_AGE_S = 60 * 24 * 60 * 60;

const PlaceSchema = object({ country: v.string(), zip: v.string(), city: v.string() });

export const StateCookieSchema = object({
  has_contract: v.boolean(),
  /** sender and recipient location the quotes are computed for, placeholders filled in (spec §5) */
  placeholders: v.nullable(object({ from: PlaceSchema, to: PlaceSchema })),
  quote_attributes: v.nullable(QuoteAttributesSchema),
  completed_steps: v.array(v.picklist(STEP_IDS)),
  order_token: v.nullable(v.string()),
});
export type StateCookie = v.InferOutput<typeof StateCookieSchema>;

/** The `document.cookie` assignment: path /, 60 days, SameSite=Lax (Secure on https). */
export function serializeStateCookie(value: StateCookie, options: { secure: boolean }): string {
  const parts = [
    `${STATE_COOKIE_NAME}=${encodeURIComponent(JSON.stringify(value))}`,
    'Path=/',
    `Max-Age=${STATE_COOKIE_MAX_AGE_S}`,
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** The cookie value as the server received it; anything unreadable is null. */
export function parseStateCookie(raw: string | null | undefined): StateCookie | null {
  if (!raw) return null;
  try {
    const result = v.safeParse(StateCookieSchema, JSON.parse(decodeURIComponent(raw)));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}
