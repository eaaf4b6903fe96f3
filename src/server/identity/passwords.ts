import { base64, fromBase64, hmacSha256 } from './crypto';

/**
 * Passwords: PBKDF2-SHA256 through WebCrypto at 100,000 iterations (the most deployed
 * Workers allow), over an HMAC of the password with a secret pepper, with a random salt per
 * password. Stored as `pbkdf2_sha256$<iterations>$<salt>$<hash>`; compared in constant time.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const enc = new TextEncoder();

async function derive(password: string, salt: Uint8Array, iterations: number, pepper: string): Promise<Uint8Array> {
  const peppered = await hmacSha256(pepper, password.normalize('NFC'));
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: salt as Uint8Array<ArrayBuffer>, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return `pbkdf2_sha256$${PBKDF2_ITERATIONS}$${base64(salt)}$${base64(await derive(password, salt, PBKDF2_ITERATIONS, pepper))}`;
}

/** equal-length buffers compared without an early exit */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function verifyPassword(password: string, stored: string, pepper: string): Promise<boolean> {
  const [scheme, iterations, salt, hash] = stored.split('$');
  if (scheme !== 'pbkdf2_sha256' || !iterations || !salt || !hash) return false;
  return timingSafeEqual(await derive(password, fromBase64(salt), Number(iterations), pepper), fromBase64(hash));
}

/**
 * A hash no password matches, verified when the e-mail is unknown or the account has no
 * password: a wrong e-mail then costs the same PBKDF2 as a wrong password.
 */
export const UNUSABLE_HASH = `pbkdf2_sha256$${PBKDF2_ITERATIONS}$${base64(enc.encode('no-such-account!'))}$${base64(new Uint8Array(32))}`;

let common: Promise<Set<string>> | undefined;

/**
 * On the list of the most common passwords (case-insensitive). The list (77 KB) is loaded on the
 * first password set in an isolate, not with the worker: it was 1/8 of the server entry chunk's
 * own code that no page render needs (tests/e2e/budget.test.ts).
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('./common-passwords').then((m) => new Set(m.COMMON_PASSWORDS_TEXT.split('\n')));
  return (await common).has(password.toLowerCase());
}
