// Waku build enhancer (listed in src/server-entry.tsx, runs after Cloudflare's):
// - the Worker entry (dist/server/serve-cloudflare.js) gets the scheduled handler that the
//   server entry exports next to fetch (Workers cron: housekeeping), and its queue handler
//   (Cloudflare Queues: carriers' events, e-mail);
// - dist/public/_headers gives the files the platform serves without the Worker (the
//   hashed /assets/*) the same static security headers, and a long immutable cache.
import fs from 'node:fs';
import path from 'node:path';
import STATIC_HEADERS from '../src/edge/static-headers.json' with { type: 'json' };

export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export function headersFile() {
  const lines = ['/*', ...Object.entries(STATIC_HEADERS).map(([k, v]) => `  ${k}: ${v}`), '  x-frame-options: SAMEORIGIN', '/assets/*', `  cache-control: ${ASSET_CACHE_CONTROL}`];
  return `${lines.join('\n')}\n`;
}

const WORKER_ENTRY = `\
import { INTERNAL_runFetch, unstable_serverEntry } from './index.js';

export default {
  fetch: (request, env, ctx) => INTERNAL_runFetch(env, request, env, ctx),
  scheduled: (controller, env, ctx) => unstable_serverEntry.scheduled(controller, env, ctx),
  queue: (batch, env, ctx) => unstable_serverEntry.queue(batch, env, ctx),
};
`;

export default async function buildEnhancer(build) {
  return async (emitFile, options) => {
    await build(emitFile, options);
    const distDir = options.distDir ?? 'dist';
    fs.writeFileSync(path.resolve(distDir, 'server', 'serve-cloudflare.js'), WORKER_ENTRY);
    fs.writeFileSync(path.resolve(distDir, 'public', '_headers'), headersFile());
  };
}
