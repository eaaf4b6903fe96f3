import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { appendFileSync, writeFileSync } from 'node:fs';

/**
 * Builds the worker, migrates and seeds a separate local D1 (.wrangler/e2e) and serves the
 * build with `wrangler dev --local` on E2E_PORT. E2E_BASE_URL skips all of this and
 * tests an already running server.
 */
const root = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.E2E_PORT ?? 8799);
const PERSIST = '.wrangler/e2e';
// request tracing and the local explorer of wrangler dev cost time on every request; tests need neither
const env = { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false', X_LOCAL_OBSERVABILITY: 'false', X_LOCAL_EXPLORER: 'false', XDG_CONFIG_HOME: path.join(root, '.wrangler/config') };
const wrangler = path.join(root, 'node_modules/wrangler/bin/wrangler.js');

const run = (cmd: string, args: string[]) => {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed with ${r.status}`);
};

let server: ChildProcess | undefined;

export async function setup() {
  if (process.env.E2E_BASE_URL) return;
  if (!process.env.E2E_SKIP_BUILD) run(process.execPath, [path.join(root, 'node_modules/waku/cli.js'), 'build']);
  run(process.execPath, [path.join(root, 'scripts/dev-secrets.mjs')]);
  // DB and the closed year's database (wrangler.toml DB_Y2025), each then PRAGMA optimize (docs/d1-reads.md)
  run(process.execPath, [path.join(root, 'scripts/d1-migrate.mjs'), '--local', '--persist-to', PERSIST]);
  run(process.execPath, [path.join(root, 'scripts/seed.mjs'), '--local', '--persist-to', PERSIST]);
  const host = `127.0.0.1:${PORT}`;
  server = spawn(
    process.execPath,
    [wrangler, 'dev', '--local', '--ip', '127.0.0.1', '--port', String(PORT), '--persist-to', PERSIST, '--var', 'DEV_NO_COMPRESS:1', '--var', 'LOCAL_DEV:1', '--var', `CZ_HOST:${host}`, '--var', `SK_HOST:sk.localhost:${PORT}`, '--var', 'ENVIRONMENT:e2e'],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let log = '';
  // the server's log, for tests that check what it records (no password in it)
  const logFile = path.join(root, '.wrangler', `e2e-server-${PORT}.log`);
  writeFileSync(logFile, '');
  process.env.E2E_SERVER_LOG = logFile;
  server.stdout?.on('data', (d) => {
    log += d;
    appendFileSync(logFile, d);
  });
  server.stderr?.on('data', (d) => {
    log += d;
    appendFileSync(logFile, d);
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`http://${host}/api/v1/benefit-stats/info`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`wrangler dev did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  process.env.E2E_BASE_URL = `http://${host}`;
}

export async function teardown() {
  if (server?.pid) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
