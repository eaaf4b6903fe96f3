import type { BasicProfile } from './lib/types/user';

/**
 * The navbar's profile per API key, kept per isolate for a few seconds: every page of a
 * signed-in visitor needs it, and asking the origin each time made a signed-in page clearly
 * slower than an anonymous one. Shared by the layouts and the edge (the same module in the
 * worker): a profile or settings write passing the edge forgets the key's entry at once, so
 * a changed name or client-section version shows on the next page. Only the key's holder
 * sees it; calls that act on the account always check the key at the origin.
 */
export const PROFILE_MEMORY_MS = 10_000;
const PROFILE_MEMORY_MAX = 1_000;
const profiles = new Map<string, { profile: BasicProfile; until: number }>();

export function recallProfile(apiKey: string, now = Date.now()): BasicProfile | null {
  const remembered = profiles.get(apiKey);
  return remembered && remembered.until > now ? remembered.profile : null;
}

export function rememberProfile(apiKey: string, profile: BasicProfile, now = Date.now()) {
  if (profiles.size >= PROFILE_MEMORY_MAX) profiles.delete(profiles.keys().next().value!);
  profiles.set(apiKey, { profile, until: now + PROFILE_MEMORY_MS });
}

export function forgetProfile(apiKey: string) {
  profiles.delete(apiKey);
  overdue.delete(apiKey);
}

/**
 * The unpaid-invoice bar's answer per key, kept as briefly as the profile: every client page
 * shows the bar, and the overdue invoice changes rarely (a payment through this key clears it).
 */
type Overdue = { number: string; token: string } | null;
const overdue = new Map<string, { invoice: Overdue; until: number }>();

export function recallOverdue(apiKey: string, now = Date.now()): Overdue | undefined {
  const remembered = overdue.get(apiKey);
  return remembered && remembered.until > now ? remembered.invoice : undefined;
}

export function rememberOverdue(apiKey: string, invoice: Overdue, now = Date.now()) {
  if (overdue.size >= PROFILE_MEMORY_MAX) overdue.delete(overdue.keys().next().value!);
  overdue.set(apiKey, { invoice, until: now + PROFILE_MEMORY_MS });
}

/** the writes that change what the memory holds */
export const PROFILE_WRITES = new Set(['/api/v1/user/profile', '/api/v1/user/company', '/api/v1/app/settings', '/api/v1/contracts/activate']);

/** writes that can pay an invoice: the bar is asked again */
export const isPaymentWrite = (pathname: string) => /^\/api\/v1\/invoices\/[^/]+\/pay$/.test(pathname);
