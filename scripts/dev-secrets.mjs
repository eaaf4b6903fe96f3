// Creates .dev.vars (gitignored) with a random SESSION_SECRET on first run; never overwrites it.
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';

if (!existsSync('.dev.vars')) {
  writeFileSync('.dev.vars', `SESSION_SECRET=${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  console.log('created .dev.vars with a random SESSION_SECRET');
}
