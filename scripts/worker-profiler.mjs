// The worker's CPU profiler over workerd's DevTools inspector (serve-worker.mjs --inspector-port N),
// for scripts/bench-checkout.mjs and scripts/bench-ttfb.mjs: start() before the rounds to profile,
// stop(file) writes the .cpuprofile (scripts/cpuprofile-summary.mjs ranks it), close() at the end.
import { writeFileSync } from 'node:fs';

export async function workerProfiler(port) {
  const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
  const target = targets.find((t) => t.id?.includes('zasilkovac')) ?? targets[0];
  const { WebSocket } = await import('ws');
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
  let id = 0;
  const pending = new Map();
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method, params = {}) => new Promise((resolve) => (pending.set(++id, resolve), ws.send(JSON.stringify({ id, method, params }))));
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  return {
    start: () => send('Profiler.start'),
    stop: async (file) => {
      const { result } = await send('Profiler.stop');
      writeFileSync(file, JSON.stringify(result.profile));
    },
    close: () => ws.close(),
  };
}
