#!/usr/bin/env node
// Ranks a worker's .cpuprofile (scripts/bench-checkout.mjs --profile) by self time: per source
// module (through the build's source maps when it has them: VITE_SOURCEMAP=1 npm run build) and
// per function; with --per N also the busy CPU ms per request (N requests in the profile).
//   node scripts/cpuprofile-summary.mjs FILE.cpuprofile [--per 400] [--top 40] [--dist dist]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SourceMapConsumer } from 'source-map-js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { per: { type: 'string' }, top: { type: 'string', default: '40' }, dist: { type: 'string', default: 'dist' } } });
const profile = JSON.parse(readFileSync(positionals[0], 'utf8'));
const serverDir = path.resolve(values.dist, 'server');

const selfMs = new Map();
profile.samples.forEach((node, i) => selfMs.set(node, (selfMs.get(node) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000));

const maps = new Map();
const mapOf = (url) => {
  if (!maps.has(url)) {
    const file = path.join(serverDir, url.replace(/^.*?\/server\//, '').replace(/^file:\/\//, ''));
    maps.set(url, existsSync(`${file}.map`) ? new SourceMapConsumer(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  }
  return maps.get(url);
};
const sourceOf = ({ url, lineNumber, columnNumber }) => {
  if (!url) return '(native)';
  const map = mapOf(url);
  const at = map?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  return at?.source ? at.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/') : url.replace(/^.*\//, '');
};

const byModule = new Map();
const byFunction = new Map();
let total = 0;
let busy = 0;
for (const node of profile.nodes) {
  const ms = selfMs.get(node.id) ?? 0;
  if (!ms) continue;
  total += ms;
  const name = node.callFrame.functionName || '(anonymous)';
  if (name === '(idle)') continue;
  busy += ms;
  const module = name.startsWith('(') ? name : sourceOf(node.callFrame);
  byModule.set(module, (byModule.get(module) ?? 0) + ms);
  const fn = `${name}  ${module}:${node.callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
}

const top = Number(values.top);
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${k}`);
};
console.log(`profile ${(total / 1000).toFixed(2)} s, busy (not idle) ${busy.toFixed(0)} ms${values.per ? `, ${(busy / Number(values.per)).toFixed(2)} ms per request (n=${values.per})` : ''}`);
print('self time by module', byModule);
print('self time by function', byFunction);
