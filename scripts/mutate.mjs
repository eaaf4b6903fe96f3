// `npm run mutate` mutates every file of stryker.config.mjs; `npm run mutate -- a.ts b.ts` only those.
// Other arguments go to Stryker as they are (`npm run mutate -- --concurrency 2 src/lib/format.ts`).
import { spawnSync } from 'node:child_process';

const isFile = (arg) => !arg.startsWith('-') && /\.(ts|tsx)$|\*/.test(arg);
const args = process.argv.slice(2);
const files = args.filter(isFile);
const stryker = ['stryker', 'run', 'stryker.config.mjs', ...args.filter((arg) => !isFile(arg))];
if (files.length) stryker.push('--mutate', files.join(','));
const result = spawnSync('npx', stryker, { stdio: 'inherit' });
process.exit(result.status ?? 1);
