// Creates .dev.vars (gitignored) with the development secrets, and adds any that a newer
// version needs; never changes a value that is there. Deployed, the same names are set with
// `wrangler secret put` (SANDBOX_IDP_JWK is not needed there: the sandbox is local only).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const SECRETS = {
  SESSION_SECRET: () => randomBytes(32).toString('hex'),
  PASSWORD_PEPPER: () => randomBytes(32).toString('hex'),
  // the sandbox identity provider's RSA signing key (JWK), so its tokens outlive a restart
  SANDBOX_IDP_JWK: () =>
    JSON.stringify({ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), kid: `sandbox-${randomBytes(4).toString('hex')}`, alg: 'RS256' }),
};

const current = existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : '';
const present = new Set([...current.matchAll(/^([A-Z_]+)=/gm)].map((m) => m[1]));
const missing = Object.keys(SECRETS).filter((name) => !present.has(name));
if (missing.length > 0) {
  const lines = missing.map((name) => `${name}=${SECRETS[name]()}`).join('\n');
  writeFileSync('.dev.vars', `${current}${current && !current.endsWith('\n') ? '\n' : ''}${lines}\n`, { mode: 0o600 });
  console.log(`.dev.vars: added ${missing.join(', ')}`);
}
