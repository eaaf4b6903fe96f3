import type { Dispatch } from './gateway';
import { callApi } from './gateway';
import { newClientSectionTarget, prefersNewClientSection } from '../lib/client-section';
import { MANAGER_APP_URL } from '../lib/manager-app';
import type { BasicProfile } from '../lib/types/user';
import { href, type RouteId } from '../routes';

/**
 * Spec §2.8 in the edge: a signed-in visitor who prefers the new client section and opens an
 * old client page gets a 302 to its v2 screen or to the manager app. The browser keeps the
 * URL's #hash across the redirect (a Location without a fragment inherits it). The
 * preference is remembered per key for a few seconds; a profile or settings write through
 * the gateway forgets it at once, so switching versions takes effect on the next page.
 */
const MEMORY_MS = 10_000;
const MEMORY_MAX = 1_000;
const preferences = new Map<string, { prefers: boolean; until: number }>();

export function forgetClientSectionPreference(apiKey: string) {
  preferences.delete(apiKey);
}

/** the writes that can change the preference */
export const PREFERENCE_WRITES = new Set(['/api/v1/user/profile', '/api/v1/app/settings']);

async function prefersNew(apiKey: string, dispatch: Dispatch): Promise<boolean> {
  const now = Date.now();
  const known = preferences.get(apiKey);
  if (known && known.until > now) return known.prefers;
  const res = await callApi(new Request('http://internal/api/v1/user/profile?basic=1'), dispatch);
  if (!res.ok) return false; // the page itself deals with a key the origin refuses
  const profile = ((await res.json()) as { data: BasicProfile }).data;
  const prefers = prefersNewClientSection(profile);
  if (preferences.size >= MEMORY_MAX) preferences.delete(preferences.keys().next().value!);
  preferences.set(apiKey, { prefers, until: now + MEMORY_MS });
  return prefers;
}

/** the Location for an old client page under the preference, or null */
export async function clientSectionLocation(routeId: RouteId, locale: 'cs' | 'en', apiKey: string, dispatch: Dispatch): Promise<string | null> {
  const target = newClientSectionTarget(routeId);
  if (!target || !(await prefersNew(apiKey, dispatch))) return null;
  return target.kind === 'external' ? `${MANAGER_APP_URL}${target.path}` : href(target.id as 'klient-v2-prehled', locale);
}
