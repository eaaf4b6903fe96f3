import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const src = path.resolve(import.meta.dirname, '../../src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

// issue 29 (Lighthouse): a time-zone Intl formatter made at module load was a long task of a page's
// hydration on a slow phone (the format helpers' chunk: 36 ms, 144 ms at 4× CPU throttling)
describe('no Intl object is made at module load in code the browser runs', () => {
  const real = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = real;
    vi.resetModules();
  });

  it('no module-level `const x = new Intl.…` outside the server', () => {
    const eager = files(src)
      .filter((f) => !f.startsWith(path.join(src, 'server')))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .filter((line) => /^(export )?(const|let|var) \w+ = new Intl\./.test(line))
          .map((line) => `${path.relative(src, f)}: ${line.trim()}`),
      );
    expect(eager).toEqual([]);
  });

  const modules = {
    format: () => import('../../src/lib/format'),
    calendar: () => import('../../src/lib/calendar'),
    'working-hours': () => import('../../src/lib/working-hours'),
    'configurator-form': () => import('../../src/lib/configurator-form'),
  };
  it.each(Object.keys(modules) as (keyof typeof modules)[])('src/lib/%s makes its formatters on first use', async (module) => {
    let made = 0;
    Intl.DateTimeFormat = new Proxy(real, {
      construct(target, args) {
        made++;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        made++;
        return Reflect.apply(target, self, args);
      },
    });
    vi.resetModules();
    await modules[module]();
    expect(made).toBe(0);
  });
});

describe('the route table does no per-route work at module load (every client island imports it)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('splits no route pattern until the first match, and matches literal segments before params', async () => {
    vi.resetModules();
    const split = vi.spyOn(String.prototype, 'split');
    const routes = await import('../../src/routes');
    // the matching order was sorted at load: thousands of pattern splits in the comparator
    expect(split.mock.calls.length).toBeLessThan(routes.routeEntries.length / 10);
    split.mockRestore();
    expect(routes.matchRoute('/kosik')).toMatchObject({ id: 'cart', locale: 'cs' });
    expect(routes.matchRoute('/klient/v2/zasilky')).toMatchObject({ id: 'klient-v2-zasilky', params: {} });
    expect(routes.matchRoute('/klient/v2/zasilky/42')).toMatchObject({ id: 'klient-v2-zasilka', params: { id: '42' } });
  });
});
