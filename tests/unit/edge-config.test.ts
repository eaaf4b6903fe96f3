import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without types
import { ASSET_CACHE_CONTROL, headersFile } from '../../scripts/build-enhancer.mjs';
import { securityHeaders } from '../../src/edge/headers';
import { RATE_LIMITS } from '../../src/edge/rate-limit';

const root = path.resolve(import.meta.dirname, '../..');
const wranglerToml = readFileSync(path.join(root, 'wrangler.toml'), 'utf8');

describe('edge configuration', () => {
  it('has a rate-limit binding in wrangler.toml for every class, with the period the 429 announces', () => {
    for (const { binding, periodS } of Object.values(RATE_LIMITS)) {
      const block = new RegExp(`name = "${binding}"\\s*\\nnamespace_id = "\\d+"\\s*\\nsimple = \\{ limit = \\d+, period = (\\d+) \\}`).exec(wranglerToml);
      expect(block, binding).not.toBeNull();
      expect(Number(block![1])).toBe(periodS);
    }
  });

  it("sets each binding's limit to the class's budget divided by its sampling: one call per `sample` requests, the budget unchanged", () => {
    for (const [kind, { binding, perPeriod, sample }] of Object.entries(RATE_LIMITS)) {
      const limit = Number(new RegExp(`name = "${binding}"\\s*\\nnamespace_id = "\\d+"\\s*\\nsimple = \\{ limit = (\\d+),`).exec(wranglerToml)![1]);
      expect(perPeriod % sample, kind).toBe(0);
      expect(limit * sample, kind).toBe(perPeriod);
    }
    // only the reads are sampled: writes and signed calls wait for an exact answer each
    expect(RATE_LIMITS.write.sample).toBe(1);
    expect(RATE_LIMITS.signed.sample).toBe(1);
    expect(RATE_LIMITS.expensive.sample).toBeGreaterThan(1);
  });

  it('gives the hashed assets the static security headers of the pages and an immutable cache', () => {
    const file: string = headersFile();
    const page = securityHeaders({ https: false, embeddable: false, mapsKey: false, nonce: 'n' });
    const rules = Object.fromEntries(file.split(/\n(?=\/)/).map((rule) => [rule.split('\n')[0], rule]));
    for (const name of ['x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'x-frame-options']) {
      expect(rules['/*']).toContain(`  ${name}: ${page[name]}`);
    }
    expect(rules['/assets/*']).toContain(`cache-control: ${ASSET_CACHE_CONTROL}`);
    expect(ASSET_CACHE_CONTROL).toMatch(/max-age=31536000.*immutable/);
  });
});
