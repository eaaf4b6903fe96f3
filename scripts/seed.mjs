// Seeds the D1 database with src/server/db/seed.ts: bundles it with esbuild, writes the
// statements to .wrangler/seed-<pid>.sql and runs them with `wrangler d1 execute`.
// Usage: node scripts/seed.mjs [--local | --remote] [--demo | --no-demo]   (default --local; run migrations first)
// Reference data always; the demo accounts, credit, contracts and invoices only locally
// (or --remote --demo for a staging database).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, '.wrangler');
// per process: several seeds may run at once (previews, the e2e setup)
const bundlePath = path.join(outDir, `seed-bundle-${process.pid}.mjs`);
const sqlPath = path.join(outDir, `seed-${process.pid}.sql`);
const target = process.argv.includes('--remote') ? '--remote' : '--local';
// --persist-to DIR: seed a local D1 kept elsewhere than .wrangler/state (the e2e tests use one)
const persistAt = process.argv.indexOf('--persist-to');
const persist = persistAt > 0 ? ['--persist-to', process.argv[persistAt + 1]] : [];

mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [path.join(root, 'src/server/db/seed.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: bundlePath,
  logLevel: 'warning',
});
const { referenceSeedStatements, demoSeedStatements, seedsDemoData } = await import(pathToFileURL(bundlePath).href);
rmSync(bundlePath);
const demo = seedsDemoData(process.argv.slice(2));
const statements = referenceSeedStatements();
if (demo) {
  // the demo accounts' passwords are hashed with the database's pepper: .dev.vars locally,
  // PASSWORD_PEPPER in the environment for --remote --demo
  const devVars = existsSync(path.join(root, '.dev.vars')) ? readFileSync(path.join(root, '.dev.vars'), 'utf8') : '';
  const pepper = process.env.PASSWORD_PEPPER ?? /^PASSWORD_PEPPER=(.*)$/m.exec(devVars)?.[1];
  if (!pepper) throw new Error('PASSWORD_PEPPER: run `npm run dev-secrets` (local) or set it in the environment (--remote --demo)');
  statements.push(...(await demoSeedStatements(pepper)));
}
writeFileSync(sqlPath, `${statements.join('\n')}\n`);
console.log(`${statements.length} statements (${demo ? 'reference and demo data' : 'reference data only, no demo accounts'}) written to ${path.relative(root, sqlPath)}`);

const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');
const result = spawnSync(
  process.execPath,
  [wrangler, 'd1', 'execute', 'zasilkovac', target, ...persist, '--yes', '--file', sqlPath],
  {
    cwd: root,
    stdio: ['inherit', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      XDG_CONFIG_HOME: process.env.XDG_CONFIG_HOME ?? path.join(root, '.wrangler/config'),
    },
  },
);
// wrangler prints one JSON result per statement after its summary; keep only the summary unless it failed
const output = result.stdout ?? '';
const summaryEnd = output.indexOf('\n[');
console.log(result.status === 0 && summaryEnd !== -1 ? output.slice(0, summaryEnd) : output);
rmSync(sqlPath, { force: true });
process.exit(result.status ?? 1);
