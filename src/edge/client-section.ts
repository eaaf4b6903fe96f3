import type { Dispatch } from './gateway';
import { callApi } from './gateway';
import { newClientSectionTarget, prefersNewClientSection } from '../lib/client-section';
import { MANAGER_APP_URL } from '../lib/manager-app';
import type { BasicProfile } from '../lib/types/user';
import { recallProfile, rememberProfile } from '../profile-memory';
import { href, type RouteId } from '../routes';

/**
 * Spec §2.8 in the edge: a signed-in visitor who prefers the new client section and opens an
 * old client page gets a 302 to its v2 screen or to the manager app. The browser keeps the
 * URL's #hash across the redirect (a Location without a fragment inherits it). The profile
 * comes from the isolate's profile memory (src/profile-memory.ts), which a profile or
 * settings write through the gateway clears, so switching versions shows on the next page.
 */
async function prefersNew(apiKey: string, dispatch: Dispatch): Promise<boolean> {
  let profile = recallProfile(apiKey);
  if (!profile) {
    const res = await callApi(new Request('http://internal/api/v1/user/profile?basic=1'), dispatch);
    if (!res.ok) return false; // the page itself deals with a key the origin refuses
    profile = ((await res.json()) as { data: BasicProfile }).data;
    rememberProfile(apiKey, profile);
  }
  return prefersNewClientSection(profile);
}

/** the Location for an old client page under the preference, or null */
export async function clientSectionLocation(routeId: RouteId, locale: 'cs' | 'en', apiKey: string, dispatch: Dispatch): Promise<string | null> {
  const target = newClientSectionTarget(routeId);
  if (!target || !(await prefersNew(apiKey, dispatch))) return null;
  return target.kind === 'external' ? `${MANAGER_APP_URL}${target.path}` : href(target.id as 'klient-v2-prehled', locale);
}
