// `npm run mutate` mutates every file of stryker.config.mjs; `npm run mutate -- a.ts b.ts` only those.
import { spawnSync } from 'node:child_process';

const files = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('-'));
const args = ['stryker', 'run', 'stryker.config.mjs', ...flags];
if (files.length) args.push('--mutate', files.join(','));
const result = spawnSync('npx', args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
