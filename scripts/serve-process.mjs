// Starts a server (wrangler dev, scripts/serve-worker.mjs) as its own process group and waits
// until it answers; used by the bench, the checkout bench and the volume scripts.
import { spawn } from 'node:child_process';

/** resolves with { pid, stop } once `base` answers; stop() ends the whole group and waits `settleMs` */
export async function serveProcess(args, base, { cwd, env, stdio = 'ignore', tries = 200, settleMs = 500 }) {
  const child = spawn(process.execPath, args, { cwd, env, stdio, detached: true });
  const stopNow = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  };
  process.on('exit', stopNow);
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/v1/benefit-stats/info`)).ok) break;
    } catch {}
    if (i > tries) throw new Error(`${args.join(' ')} did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    pid: child.pid,
    stop: async () => {
      stopNow();
      await new Promise((r) => setTimeout(r, settleMs));
    },
  };
}
