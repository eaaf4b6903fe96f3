import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const migrations = path.join(root, 'src/server/db/migrations');

describe('D1 migrations', () => {
  it('cover the drizzle schema: drizzle-kit finds nothing left to generate', () => {
    // a copy under the project (drizzle-kit takes --out relative to it)
    mkdirSync(path.join(root, '.wrangler'), { recursive: true });
    const scratch = mkdtempSync(path.join(root, '.wrangler/mig-check-'));
    try {
      cpSync(migrations, scratch, { recursive: true });
      const run = spawnSync(
        path.join(root, 'node_modules/.bin/drizzle-kit'),
        ['generate', '--dialect', 'sqlite', '--schema', './src/server/db/schema.ts', '--out', `./${path.relative(root, scratch)}`, '--prefix', 'timestamp'],
        { cwd: root, encoding: 'utf8' },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('No schema changes');
      expect(readdirSync(scratch).sort()).toEqual(readdirSync(migrations).sort());
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }, 30_000);

  it('sort so wrangler applies them in order: the hand-written ones, then drizzle-kit timestamps', () => {
    const files = readdirSync(migrations).filter((f) => f.endsWith('.sql'));
    expect(files).toEqual([...files].sort());
    expect(files.filter((f) => /^\d{14}_/.test(f)).length).toBeGreaterThan(0);
  });
});
