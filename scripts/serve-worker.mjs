#!/usr/bin/env node
// Serves the built worker (dist/) with Miniflare alone: the same workerd runtime, bindings
// (wrangler.toml, .dev.vars) and local D1/KV/R2 state as `wrangler dev`, without the dev
// proxy worker, live reload, local explorer and request tracing wrangler puts in front.
// The bench measures request latency here; `npm start` keeps `wrangler dev`.
//
//   node scripts/serve-worker.mjs [--port 8797] [--persist-to .wrangler/state] [--var NAME:VALUE ...]
//                                 [--dist DIR]       (another build than wrangler.toml's dist/)
//                                 [--inspector-port N] (workerd's DevTools inspector: heap snapshots, GC)
//                                 [--rate-limit N|off] (every rate-limit binding allows N per period:
//                                                     a load test from one address measures speed, not the
//                                                     limiter; `off` removes the bindings, whose local
//                                                     simulation is a Durable Object call per request)
//                                 [--mail sink]      (the MAIL binding answered by scripts/mail-sink.worker.js
//                                                     instead of miniflare's send_email simulator, which stores,
//                                                     files and logs every message on the worker's own thread)
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

const root = path.resolve(import.meta.dirname, '..');
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8797' },
    'persist-to': { type: 'string', default: '.wrangler/state' },
    var: { type: 'string', multiple: true, default: [] },
    'rate-limit': { type: 'string' },
    dist: { type: 'string' },
    'inspector-port': { type: 'string' },
    mail: { type: 'string' },
  },
});

const { workerOptions, main } = unstable_getMiniflareWorkerOptions(path.join(root, 'wrangler.toml'));
// wrangler bundles before it runs; the Waku build is already bundled, so list its modules
const { modulesRules: _bundled, ...options } = workerOptions;
const dist = values.dist ? path.resolve(root, values.dist) : null;
const entry = dist ? path.join(dist, 'server', path.basename(main)) : path.resolve(root, main);
if (dist && options.assets) options.assets = { ...options.assets, directory: path.join(dist, 'public') };
const serverDir = path.dirname(entry);
const chunks = readdirSync(serverDir, { recursive: true })
  .filter((file) => file.endsWith('.js'))
  .map((file) => path.join(serverDir, file))
  .filter((file) => file !== entry);
const modules = [entry, ...chunks].map((file) => ({ type: 'ESModule', path: file }));

if (values['rate-limit'] === 'off') delete options.ratelimits;
else if (values['rate-limit']) {
  for (const binding of Object.values(options.ratelimits ?? {})) binding.simple.limit = Number(values['rate-limit']);
}
// the sink takes the binding's name: the product calls env.MAIL.send(...) the same way (over RPC)
const mailSink = values.mail === 'sink';
if (values.mail && !mailSink) throw new Error(`--mail ${values.mail}: only "sink" is known`);
if (mailSink) {
  const names = (options.email?.send_email ?? []).map((binding) => binding.name);
  delete options.email;
  options.serviceBindings = { ...options.serviceBindings, ...Object.fromEntries(names.map((name) => [name, { name: 'mail-sink' }])) };
}
const vars = Object.fromEntries(values.var.map((pair) => [pair.slice(0, pair.indexOf(':')), pair.slice(pair.indexOf(':') + 1)]));
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: '127.0.0.1',
    port: Number(values.port),
    logRequests: false,
    unsafeObservability: false,
    unsafeLocalExplorer: false,
    telemetry: { enabled: false },
    ...(values['inspector-port'] ? { inspectorPort: Number(values['inspector-port']) } : {}),
    // wrangler keeps local state under <persist-to>/v3
    resourcePersistencePath: path.resolve(root, values['persist-to'], 'v3'),
    workers: [
      { name: 'zasilkovac', modules, modulesRoot: serverDir, ...options, bindings: { ...options.bindings, ...vars } },
      ...(mailSink ? [{ name: 'mail-sink', modules: true, scriptPath: path.join(root, 'scripts/mail-sink.worker.js'), compatibilityDate: options.compatibilityDate }] : []),
    ],
  }),
);
const url = await mf.ready;
console.log(`serving the built worker at ${url.href}`);

const stop = async () => {
  await mf.dispose();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
